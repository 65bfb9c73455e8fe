import AutocompleteCore
import TestSupport
import Testing

/// Every typo-tolerant search path gives what the linear scan gives (whose matching is checked
/// against the brute-force oracle in ``TypoDifferentialTests``): the index's trie walk and scans,
/// its incremental searcher, an unsorted index, the line filter, the streaming filter and the line
/// index with narrowing.
@Suite("Typo tolerance: index and filters")
struct TypoIndexTests {
  static let pieces = [
    "sa", "o", "pa", "u", "lo", "st", "and", "ar", "d", " ", "-", "é", "đ", "ß", "n", "ta", "Sa", "Pa", "中",
    "文",
    "👍🏽", "🇺🇸", "कि", "क", "x", "z",
  ]

  static func randomItems(seed: UInt64, count: Int) -> [AutocompleteItem] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      func word() -> String {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      }
      let alternates = (0..<Int.random(in: 0...2, using: &rng)).map { _ in word() }
      return AutocompleteItem(
        word(), alternateSearchTexts: alternates, weight: Double(Int.random(in: 0...3, using: &rng)))
    }
  }

  /// Queries typed from the items' texts with typos: every prefix of a few edited texts.
  static func typedQueries(_ items: [AutocompleteItem], seed: UInt64) -> [[String]] {
    var rng = SplitMix64(seed: seed)
    return (0..<8).map { _ in
      let source = items.randomElement(using: &rng)!.searchText
      let typed = TypoDifferentialTests.typed(from: source + "sta", &rng)
      let characters = Array(typed)
      return (1...max(1, characters.count)).map { String(characters.prefix($0)) }
    }
  }

  static let tolerances: [TypoTolerance] = [.fixed(1), .fixed(2), .automatic]

  static func describe<Item>(_ results: [SearchResult<Item>]) -> [String] {
    results.map { "\($0.offset) \($0.match.kind) \($0.typos) k\($0.match.keyIndex)" }
  }

  @Test(
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: [MatchMode.prefix, .exact, .words, .contains])
  func indexAgreesWithLinearScan(mode: MatchMode) throws {
    for seed in UInt64(1)...UInt64(2) {
      let items = Self.randomItems(seed: seed, count: 250)
      let index = SearchIndex(items)
      let unsorted = SearchIndex(items, sortsKeys: false)
      let plain = items.map { AutocompleteItem($0.searchText, weight: $0.weight) }
      let plainIndex = SearchIndex(plain)
      for tolerance in Self.tolerances {
        for typing in Self.typedQueries(items, seed: seed &* 7) {
          let searcher = index.makeSearcher()
          for query in typing {
            for limit in [3, 40, -1] {
              let options = SearchOptions(mode: mode, maximumCount: limit, typoTolerance: tolerance)
              let expected = Self.describe(items.rankedMatches(for: SearchQuery(query, options: options)))
              let label = "\(mode) \(tolerance) \(query.debugDescription) \(limit)"
              #expect(Self.describe(try index.search(query, options: options)) == expected, "\(label)")
              #expect(
                Self.describe(try unsorted.search(query, options: options)) == expected, "unsorted \(label)")
              let plainExpected = Self.describe(
                plain.rankedMatches(for: SearchQuery(query, options: options)))
              #expect(
                Self.describe(try plainIndex.search(query, options: options)) == plainExpected,
                "plain \(label)")
              if limit == 40 {
                #expect(
                  Self.describe(try searcher.search(query, options: options)) == expected,
                  "incremental \(label)")
              }
            }
          }
        }
      }
    }
  }

  @Test(.offThePool, arguments: [MatchMode.prefix, .exact, .words, .contains])
  func filtersAgreeWithLinearScan(mode: MatchMode) throws {
    let items = Self.randomItems(seed: 9, count: 300)
    let text = Array(items.map(\.searchText).joined(separator: "\n").utf8)
    let filter = try LineFilter(utf8: text)
    let lineIndex = try LineIndex(filter)
    let lines = (0..<filter.count).map { AutocompleteItem(filter[$0]) }
    for tolerance in Self.tolerances + [.fixed(0)] {
      for typing in Self.typedQueries(items, seed: 11) {
        var previous: LineIndex.NarrowingSearch?
        for query in typing {
          for limit in [3, -1] {
            let options = SearchOptions(mode: mode, maximumCount: limit, typoTolerance: tolerance)
            let expected = lines.rankedMatches(for: SearchQuery(query, options: options))
            let label = "\(mode) \(tolerance) \(query.debugDescription) \(limit)"
            let matches = try filter.matches(for: query, options: options)
            #expect(matches.map(\.line) == expected.map(\.offset), "filter \(label)")
            #expect(matches.map(\.match.typos) == expected.map(\.typos), "filter typos \(label)")
            var streaming = StreamingLineFilter(query, options: options)
            streaming.blockSize = 97
            let ranges = try text.withUnsafeBufferPointer { try streaming.matches(in: $0) }
            #expect(
              ranges.map { String(decoding: text[$0], as: UTF8.self) } == expected.map(\.item.searchText),
              "streaming \(label)")
            if limit == -1 {
              let ranked = try lineIndex.rankedLines(for: query, options: options, after: previous)
              previous = ranked.search
              #expect(ranked.lines.map(\.line) == expected.map(\.offset), "line index \(label)")
              #expect(ranked.lines.map(\.typos) == expected.map(\.typos), "line index typos \(label)")
              #expect(ranked.total == expected.count, "line index total \(label)")
            }
          }
        }
      }
    }
  }

  /// Typos at the start of long queries, where the walk's fan-out is widest, on keys of wide
  /// characters (four-byte scalars, which the walk steps over one scalar of several bytes at a time):
  /// the index finds what a linear scan finds.
  @Test(.offThePool, arguments: [TypoTolerance.fixed(1), .fixed(2)])
  func typosAtTheStartOfLongQueriesAreFound(tolerance: TypoTolerance) throws {
    var rng = SplitMix64(seed: 23)
    let alphabet = ["a", "b", "c", "𠀀", "𠀁", "中", "d"]
    let items = (0..<400).map { _ in
      AutocompleteItem(
        (0..<Int.random(in: 6...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined())
    }
    let index = SearchIndex(items)
    // The furthest the tail can start: two extra wide characters, then four more before it.
    let furthest = SearchIndex(items + ["𠀁𠀁𠀀𠀀𠀀𠀀abcd"])
    let options = SearchOptions(maximumCount: -1, typoTolerance: .fixed(2))
    #expect(try furthest.search("𠀀𠀀𠀀𠀀abcd", options: options).map(\.offset).contains(items.count))
    for _ in 0..<150 {
      var clusters = Array(items.randomElement(using: &rng)!.searchText).map(String.init)
      for _ in 0..<Int.random(in: 1...2, using: &rng) {
        let position = Int.random(in: 0..<3, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: clusters.insert(alphabet.randomElement(using: &rng)!, at: position)
        case 1: clusters.remove(at: position)
        case 2: clusters[position] = alphabet.randomElement(using: &rng)!
        default: clusters.swapAt(position, position + 1)
        }
      }
      let query = clusters.joined()
      for mode in [MatchMode.prefix, .exact] {
        let options = SearchOptions(mode: mode, maximumCount: -1, typoTolerance: tolerance)
        let expected = Self.describe(items.rankedMatches(for: SearchQuery(query, options: options)))
        #expect(Self.describe(try index.search(query, options: options)) == expected, "\(mode) \(query)")
      }
    }
  }

  /// Near the root, the walk finds only the children that can lead somewhere, by their first byte
  /// (the node's child label bits), once a child of a character absent from the query cannot: the
  /// index still finds what a linear scan finds, for every kind of edit anywhere in the query — a
  /// swap too, which leads on through the pair's second character. ASCII keys over a small
  /// alphabet, so that the nodes of the first bytes hold many keys.
  @Test(.offThePool, arguments: [TypoTolerance.fixed(1), .fixed(2)])
  func childrenFoundByTheirFirstByteAgreeWithALinearScan(tolerance: TypoTolerance) throws {
    // Letters and bytes below 64, which the label bits keep in two words.
    try Self.checkEditedQueries(
      alphabet: ["a", "b", "c", "d", "1", "-"], lengths: 3...9, items: 1_500, queries: 120, seed: 31,
      tolerance: tolerance)
  }

  /// Checks prefix and exact searches of `queries` texts of random items over `alphabet` (of
  /// `lengths` characters), each with one or two edits anywhere, against the linear scan.
  static func checkEditedQueries(
    alphabet: [String], lengths: ClosedRange<Int>, items count: Int, queries: Int, seed: UInt64,
    tolerance: TypoTolerance
  ) throws {
    var rng = SplitMix64(seed: seed)
    let items = (0..<count).map { _ in
      AutocompleteItem(
        (0..<Int.random(in: lengths, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined())
    }
    let index = SearchIndex(items)
    for _ in 0..<queries {
      var clusters = Array(items.randomElement(using: &rng)!.searchText).map(String.init)
      for _ in 0..<Int.random(in: 1...2, using: &rng) where clusters.count > 2 {
        let position = Int.random(in: 0..<(clusters.count - 1), using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: clusters.insert((alphabet + ["x"]).randomElement(using: &rng)!, at: position)
        case 1: clusters.remove(at: position)
        case 2: clusters[position] = (alphabet + ["x"]).randomElement(using: &rng)!
        default: clusters.swapAt(position, position + 1)
        }
      }
      let query = clusters.joined()
      for mode in [MatchMode.prefix, .exact] {
        let options = SearchOptions(mode: mode, maximumCount: -1, typoTolerance: tolerance)
        let expected = describe(items.rankedMatches(for: SearchQuery(query, options: options)))
        #expect(describe(try index.search(query, options: options)) == expected, "\(mode) \(query)")
      }
    }
  }

  /// Near the root, the walk leaves a node whose keys lack too many of the query's next characters
  /// (its lookahead mask): the index still finds what a linear scan finds. Keys over an alphabet
  /// large enough for the nodes' masks to differ, with letters of two and three bytes among the
  /// first (a window counts scalars, not bytes); queries with every kind of edit anywhere — a swap
  /// across a node's last character too, whose other half is before the window.
  @Test(.offThePool, arguments: [TypoTolerance.fixed(1), .fixed(2)])
  func nodesLeftByTheirLookaheadAgreeWithALinearScan(tolerance: TypoTolerance) throws {
    try Self.checkEditedQueries(
      alphabet: ["a", "e", "l", "n", "o", "r", "s", "t", "k", "m", " ", "λ", "ж", "中"], lengths: 2...14,
      items: 2_000, queries: 150, seed: 37, tolerance: tolerance)
  }

  /// A query of ASCII characters skips the keys led by other scripts in its walk and matches those
  /// holding ASCII one by one: a key led by a CJK character is still found with that character as
  /// its typo, fresh and while typing.
  @Test(.offThePool) func keysOfOtherScriptsWithASCIIAreFound() throws {
    let items: [AutocompleteItem] = ["中zurich", "東京", "Zürich", "中文", "ζurich", "👍🏽zurich"]
    let index = SearchIndex(items)
    let options = SearchOptions(maximumCount: -1, typoTolerance: .fixed(1))
    let expected = Self.describe(items.rankedMatches(for: SearchQuery("zurich", options: options)))
    #expect(expected.count == 4)
    #expect(Self.describe(try index.search("zurich", options: options)) == expected)
    let searcher = index.makeSearcher()
    for typed in ["zuri", "zuric", "zurich"] {
      let linear = Self.describe(items.rankedMatches(for: SearchQuery(typed, options: options)))
      #expect(Self.describe(try searcher.search(typed, options: options)) == linear, "\(typed)")
    }
  }

  /// Keys listed apart from the walk (other scripts, complex clusters) are read only when their
  /// clusters that are not ASCII leave room for the query (``SortedKeyTrie/ReachList``): each costs a
  /// typo, so those with too many of them early are skipped, and the others still found.
  @Test(.offThePool, arguments: [TypoTolerance.fixed(0), .fixed(1), .fixed(2), .automatic])
  func listedKeysAreReadByReach(tolerance: TypoTolerance) throws {
    let items: [AutocompleteItem] = [
      "中z中urich", "中zu中rich", "中zurich", "ζζurich", "zuकिrich", "zurichकि", "कि", "कzurich", "中中中", "ζurich",
      "zurich", "ʻzurich", "zuriकि", "zuriकिकि", "zu中中",
    ]
    let index = SearchIndex(items)
    for query in ["zur", "zuri", "zuric", "zurich", "zurichs", "uric", "中zurich", "zurichकि"] {
      let options = SearchOptions(mode: .prefix, maximumCount: -1, typoTolerance: tolerance)
      let linear = Self.describe(items.rankedMatches(for: SearchQuery(query, options: options)))
      #expect(Self.describe(try index.search(query, options: options)) == linear, "\(query) \(tolerance)")
      let exact = SearchOptions(mode: .exact, maximumCount: -1, typoTolerance: tolerance)
      #expect(
        Self.describe(try index.search(query, options: exact))
          == Self.describe(items.rankedMatches(for: SearchQuery(query, options: exact))),
        "\(query) \(tolerance)")
    }
    let found = try index.search("zurich", options: SearchOptions(maximumCount: -1, typoTolerance: .fixed(2)))
    #expect(found.contains { $0.item.searchText == "中z中urich" })
    #expect(found.contains { $0.item.searchText == "zuकिrich" })
  }
}
