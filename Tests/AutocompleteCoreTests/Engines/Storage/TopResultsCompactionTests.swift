import TestSupport
import Testing

@testable import AutocompleteCore

/// Bounded top results keep the best entry per item (owner), at most `capacity` of them, best
/// first — whether they compact by scanning the few kept (small capacities) or with a dictionary:
/// both against a brute force over the same entries, offered in random order with owners repeated
/// (an item's name and alternates).
@Suite("TopResults: one entry per item")
struct TopResultsCompactionTests {
  @Test(.offThePool, arguments: [1, 5, TopResults.smallCapacity, TopResults.smallCapacity + 1, 40])
  func bestEntryPerOwnerAsABruteForceKeepsIt(capacity: Int) {
    var rng = SplitMix64(seed: UInt64(capacity))
    for _ in 0..<30 {
      let count = Int.random(in: 0...400, using: &rng)
      let owners = UInt32.random(in: 1...60, using: &rng)
      let entries = (0..<UInt32(count)).shuffled(using: &rng).map { rank in
        TopResults.Entry(
          kind: MatchKind.allCases.randomElement(using: &rng)!, score: Int.random(in: -3...3, using: &rng),
          rank: rank, key: rank, owner: UInt32.random(in: 0..<owners, using: &rng), isAlternate: false,
          typos: UInt8.random(in: 0...2, using: &rng))
      }
      var top = TopResults(capacity: capacity, primaryCount: .max, ownersAreUnique: false)
      for entry in entries {
        top.add(
          kind: entry.kind, score: entry.score, rank: entry.rank, key: entry.key, owner: entry.owner,
          typos: entry.typos)
      }
      let best = Dictionary(grouping: entries, by: \.owner).values.map { group in
        group.min { $0.isBetter(than: $1) }!
      }
      let expected = best.sorted { $0.isBetter(than: $1) }.prefix(capacity).map(\.key)
      #expect(top.sorted().map(\.key) == Array(expected), "\(count) entries, \(owners) owners")
    }
  }
}
