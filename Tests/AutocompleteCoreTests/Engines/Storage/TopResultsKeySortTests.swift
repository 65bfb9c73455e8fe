import TestSupport
import Testing

@testable import AutocompleteCore

/// The unbounded top results sorted as 64-bit keys come out in ``TopResults/Entry/isBetter(than:)``'s
/// order, and entries that do not fit a key fall back to it.
@Suite("TopResults: sorting by keys")
struct TopResultsKeySortTests {
  static func randomEntries(_ rng: inout SplitMix64, count: Int, scores: ClosedRange<Int>) -> [TopResults
    .Entry]
  {
    let ranks = (0..<UInt32(count)).shuffled(using: &rng)
    return ranks.map { rank in
      TopResults.Entry(
        kind: MatchKind.allCases.randomElement(using: &rng)!, score: Int.random(in: scores, using: &rng),
        rank: rank, key: rank, owner: rank, isAlternate: Bool.random(using: &rng),
        typos: UInt8.random(in: 0...3, using: &rng))
    }
  }

  @Test(.offThePool, arguments: [1 as UInt64, 2, 3])
  func keysSortAsTheComparatorDoes(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let entries = Self.randomEntries(&rng, count: 3000, scores: -40...40)
    let expected = entries.sorted { $0.isBetter(than: $1) }.map(\.rank)
    let sorted = try #require(TopResults.sortedByKeys(entries))
    #expect(sorted.map(\.rank) == expected)
  }

  @Test(.offThePool) func entriesThatDoNotFitAKeyAreLeftToTheComparator() {
    var rng = SplitMix64(seed: 9)
    var entries = Self.randomEntries(&rng, count: 500, scores: 0...10)
    #expect(TopResults.sortedByKeys(entries) != nil)
    entries[7].score = 1 << 30
    #expect(TopResults.sortedByKeys(entries) == nil)
    entries[7].score = 0
    entries[9].typos = 9
    #expect(TopResults.sortedByKeys(entries) == nil)
    entries[9].typos = 0
    entries[11].rank = entries[12].rank  // a rank twice
    #expect(TopResults.sortedByKeys(entries) == nil)
    #expect(TopResults.sortedByKeys(Array(entries.prefix(10))) == nil)  // too few to bother
  }
}

extension TopResultsKeySortTests {
  @Test(.offThePool, arguments: [1 as UInt64, 2])
  func radixSortSortsAnyKeys(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for count in [0, 1, 2, 300, 5000] {
      // Keys that vary in some bytes only, and keys that vary everywhere.
      let shared = UInt64.random(in: 0...UInt64.max, using: &rng)
      var keys = (0..<count).map { _ in
        Bool.random(using: &rng)
          ? UInt64.random(in: 0...UInt64.max, using: &rng)
          : shared & ~0xFF_00FF | UInt64.random(in: 0...0xFF_00FF, using: &rng)
      }
      let expected = keys.sorted()
      TopResults.radixSort(&keys)
      #expect(keys == expected, "\(count)")
    }
  }
}
