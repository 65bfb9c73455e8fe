import TestSupport
import Testing

@testable import AutocompleteCore

/// Equal keys share one run of the trie at every depth (format 2): many equal short keys cost the
/// trie their `lcp` and `tail` bytes, not run entries and pair sets each (issue 47, F10). A trie of
/// the first format, as older segments hold it, walks to the same answers.
@Suite("Sorted key trie: equal keys")
struct SortedKeyTrieEqualKeysTests {
  @Test("equal short keys share their runs: the run tables grow with distinct keys, not items", .offThePool)
  func equalShortKeysShareRuns() throws {
    let distinct = ["a", "b", "c", "ab", "é"]
    let count = 20_000
    let index = SearchIndex((0..<count).map { AutocompleteItem(distinct[$0 % distinct.count]) })
    let trie = try #require(index.storage.trie)
    #expect(trie.mergesEqualKeys)
    #expect(trie.hasConsistentTables(keyCount: count))
    // Per depth, a run per distinct prefix and the end entry.
    #expect(trie.runStarts.count <= SortedKeyTrie.shallowDepth * (distinct.count + 1))
    // One word per pair bit at each depth of pair sets (fewer than 64 entries each): 13.6 KB,
    // where a run per key took 3.6 MB.
    let words = SortedKeyTrie.pairSetDepths.reduce(0) { $0 + SortedKeyTrie.pairSetBits(depth: $1) }
    #expect(trie.pairSets.count == words)
    #expect(trie.byteCount < 6 * count + 20_000)
    // The first format (what a build made before) took a run per key and depth past its end.
    let storage = index.storage
    let first = SortedKeyTrie(
      bytes: storage.bytes.array, starts: storage.starts.array, forward: storage.forward.array,
      mergesEqualKeys: false)
    #expect(first.runStarts.count > 2 * count)
    #expect(first.pairSets.count > 100 * words)
  }

  @Test(
    "a trie of the first format (a run per key ending before a depth) walks to the same answers", .offThePool)
  func firstFormatWalksToTheSameAnswers() throws {
    // Short keys, many repeated, some empty, over letters, space and a letter of two bytes.
    let alphabet = ["a", "b", "n", "s", " ", "é"]
    var random = SplitMix64(seed: 47)
    let keys = (0..<4_000).map { _ in
      (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        .joined()
    }
    let storage = SearchIndex(keys.map { AutocompleteItem($0) }).storage
    let current = try #require(storage.trie)
    let first = SortedKeyTrie(
      bytes: storage.bytes.array, starts: storage.starts.array, forward: storage.forward.array,
      mergesEqualKeys: false)
    #expect(first.hasConsistentTables(keyCount: storage.keyCount))
    #expect(current.runStarts.count < first.runStarts.count)
    var compared = 0
    for _ in 0..<120 {
      let query = (0..<Int.random(in: 2...6, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      .joined()
      for mode in [MatchMode.prefix, .exact] {
        for budget in 1...SortedKeyTrie.largestBudget {
          let matcher = try #require(
            TypoMatcher(query: Array(query.utf8), mode: mode, tolerance: .fixed(budget)))
          let classes = PatternClasses(matcher.pattern)
          let answers = try [current, first].map { trie in
            try TypoTrieWalk.segments(
              trie: trie, forward: storage.forward, starts: storage.starts, bytes: storage.bytes,
              pattern: matcher.pattern, classes: classes, isPrefix: mode == .prefix
            ).map { "\($0.range) \($0.typos) \($0.kind)" }
          }
          #expect(answers[0] == answers[1], "\(query) \(mode) \(budget)")
          compared += answers[0].isEmpty ? 0 : 1
        }
      }
    }
    #expect(compared > 120)
  }
}
