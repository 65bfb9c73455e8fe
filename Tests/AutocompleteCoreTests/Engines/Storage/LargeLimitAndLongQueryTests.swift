import AutocompleteCore
import TestSupport
import Testing

/// A large top k gives exactly the first k of the full ranking, and long or repetitive queries find
/// what a naive search finds (the engine switches to a one-pass search for long needles).
@Suite("Large limits and long queries")
struct LargeLimitAndLongQueryTests {
  /// 4,000 pseudo-random lines over a small alphabet, so that many lines tie and many match.
  static let lines: [String] = {
    var random = SplitMix64(seed: 10)
    return (0..<4_000).map { _ in
      let length = Int(random.next() % 12) + 1
      return String((0..<length).map { _ in Character(["a", "b", "A", " ", "c"][Int(random.next() % 5)]) })
    }
  }()

  @Test(.offThePool, arguments: MatchMode.allCases)
  func aLimitIsAPrefixOfTheFullRanking(mode: MatchMode) throws {
    let filter = try LineFilter(utf8: Array(Self.lines.joined(separator: "\n").utf8))
    let index = SearchIndex(Self.lines.map { AutocompleteItem($0) })
    for query in ["a", "b a"] {
      let all = try filter.matches(for: query, options: SearchOptions(mode: mode, maximumCount: -1))
      let allIndexed = try index.search(query, options: SearchOptions(mode: mode, maximumCount: -1))
      for limit in [0, 1, 7, 100, 1_500] {
        let options = SearchOptions(mode: mode, maximumCount: limit)
        let top = try filter.matches(for: query, options: options).map(\.line)
        #expect(top == Array(all.prefix(limit).map(\.line)), "\(mode) \(query) \(limit)")
        let topIndexed = try index.search(query, options: options).map(\.offset)
        #expect(topIndexed == Array(allIndexed.prefix(limit).map(\.offset)), "\(mode) \(query) \(limit)")
      }
    }
  }

  @Test(.offThePool) func aLimitKeepsOneRowPerItemWithAlternates() throws {
    let items = (0..<3_000).map {
      AutocompleteItem("item \($0)", alternateSearchTexts: ["alt \($0)", "item alt \($0)"])
    }
    let index = SearchIndex(items)
    let all = try index.search("alt", options: SearchOptions(mode: .contains, maximumCount: -1))
    let top = try index.search("alt", options: SearchOptions(mode: .contains, maximumCount: 1_000))
    #expect(Set(top.map(\.offset)).count == 1_000)
    #expect(top.map(\.offset) == Array(all.prefix(1_000).map(\.offset)))
  }

  @Test(.offThePool, arguments: MatchMode.allCases)
  func longRepetitiveQueriesAgreeWithANaiveSearch(mode: MatchMode) throws {
    let line = String(repeating: "a", count: 1_500) + " " + String(repeating: "a", count: 200) + "b"
    let text = Array((line + "\n" + String(repeating: "ab", count: 700) + "\nshort\n").utf8)
    let filter = try LineFilter(utf8: text)
    let queries = [
      String(repeating: "a", count: 200) + "b", String(repeating: "a", count: 400),
      String(repeating: "a", count: 1_501), String(repeating: "ab", count: 100),
      "a" + String(repeating: "ba", count: 40),
    ]
    for query in queries {
      let found = try filter.matches(for: query, options: SearchOptions(mode: mode, maximumCount: -1))
      let expected = (0..<filter.count).filter { Self.naiveMatch(query, filter[$0], mode: mode) }
      #expect(Set(found.map(\.line)) == Set(expected), "\(mode) \(query.count)")
    }
  }

  /// Whether `query` matches `line` (lower-case ASCII), by definition rather than by the engine.
  static func naiveMatch(_ query: String, _ line: String, mode: MatchMode) -> Bool {
    let (q, text) = (Array(query.utf8), Array(line.utf8))
    func occurs(at start: Int) -> Bool {
      start + q.count <= text.count && text[start..<(start + q.count)].elementsEqual(q)
    }
    switch mode {
    case .exact: return text == q
    case .prefix: return occurs(at: 0)
    case .suffix: return text.count >= q.count && occurs(at: text.count - q.count)
    case .contains: return text.indices.contains { occurs(at: $0) }
    case .words: return text.indices.contains { occurs(at: $0) && ($0 == 0 || text[$0 - 1] == 0x20) }
    case .fuzzy:
      var remaining = q[...]
      for byte in text where byte == remaining.first { remaining = remaining.dropFirst() }
      return remaining.isEmpty
    }
  }

  @Test(.offThePool) func aLongQueryAtAWordStartIsAWordPrefixMatch() throws {
    let word = String(repeating: "ab", count: 40)
    let text = "x" + word + " " + word
    let match = try #require(SearchQuery(word, options: SearchOptions(mode: .contains)).match(text))
    #expect(match.kind == .wordPrefix)
    #expect(text.distance(from: text.startIndex, to: match.ranges[0].lowerBound) == word.count + 2)
  }

  /// Issue 21 #1: a limit past any count ("all", said with a huge number) neither traps (the top k
  /// once doubled it) nor drops matches, through every engine.
  @Test(.offThePool, arguments: [Int.max, Int.max / 2 + 1, 1 << 62, Int(UInt32.max) + 1])
  func aHugeLimitMeansAll(limit: Int) throws {
    let text = Array(Self.lines.joined(separator: "\n").utf8)
    let filter = try LineFilter(utf8: text)
    let index = SearchIndex(Self.lines.map { AutocompleteItem($0) })
    for mode in MatchMode.allCases {
      let options = SearchOptions(mode: mode, maximumCount: limit)
      let all = try filter.matches(for: "a", options: SearchOptions(mode: mode, maximumCount: -1)).map(\.line)
      #expect(try filter.matches(for: "a", options: options).map(\.line) == all, "\(mode)")
      let streamed = try text.withUnsafeBufferPointer { buffer in
        try StreamingLineFilter("a", options: options).matches(in: buffer).count
      }
      #expect(streamed == all.count, "\(mode)")
      let indexed = try index.search("a", options: options).count
      #expect(indexed == all.count, "\(mode)")
    }
  }
}
