import AutocompleteCore
import TestSupport
import Testing

/// Matches start and end on grapheme-cluster boundaries in every mode, and an item's leading and
/// trailing whitespace does not block prefix, suffix or exact matches — through `SearchQuery`,
/// `SearchIndex` (sorted and unsorted) and `LineFilter`.
@Suite("Matching: grapheme boundaries and surrounding whitespace")
struct BoundaryAndWhitespaceTests {
  /// The texts that match `query` in `mode`, by every entry point; they must agree.
  func matches(_ query: String, _ mode: MatchMode, in texts: [String]) throws -> [String] {
    let options = SearchOptions(mode: mode, maximumCount: nil)
    let prepared = SearchQuery(query, options: options)
    let direct = texts.filter { prepared.match($0) != nil }
    let items = texts.map { AutocompleteItem($0) }
    let sorted = try SearchIndex(items).search(query, options: options).map(\.item.searchText)
    let unsorted = try SearchIndex(items, sortsKeys: false).search(query, options: options).map(
      \.item.searchText)
    let lines = try LineFilter(utf8: Array(texts.joined(separator: "\n").utf8))
      .matches(for: query, options: options).map(\.text)
    #expect(Set(sorted) == Set(direct), "index vs SearchQuery, \(mode) \(query)")
    #expect(Set(unsorted) == Set(direct), "unsorted index vs SearchQuery, \(mode) \(query)")
    #expect(Set(lines) == Set(direct), "LineFilter vs SearchQuery, \(mode) \(query)")
    return direct
  }

  let texts = ["🇺🇸🇫🇷", "🇸🇫", "👍🏽 ok", "👍 ok", "が", "か", "किताब", "क", "e\u{301}", "x 🇫🇷"]

  @Test(.offThePool, arguments: MatchMode.allCases)
  func noMatchSplitsACluster(mode: MatchMode) throws {
    let flag = try matches("🇸🇫", mode, in: texts)
    #expect(!flag.contains("🇺🇸🇫🇷"))
    #expect(mode == .suffix || mode == .exact || mode == .prefix ? flag == ["🇸🇫"] : flag.contains("🇸🇫"))
    #expect(try !matches("👍", mode, in: texts).contains("👍🏽 ok"))
    #expect(try !matches("か", mode, in: texts).contains("が"))
    #expect(try !matches("क", mode, in: texts).contains("किताब"))
    #expect(try matches("e", mode, in: texts).contains("e\u{301}"))  // the accent is folded away
  }

  @Test(.offThePool) func aOneClusterQueryIsFuzzyOnlyWhereItOccursWhole() throws {
    // क inside कि (a vowel sign follows) or the conjunct क्ष is no match; a क of its own is.
    let lines = ["कि कि", "कि कि क", "ककि", "क्ष", "कि 👍🏽"]
    #expect(try matches("क", .fuzzy, in: lines) == ["कि कि क", "ककि"])
    #expect(try matches("👍", .fuzzy, in: lines) == [])
    #expect(try matches("कक", .fuzzy, in: ["क कि क", "कि कि क"]) == ["क कि क"])
  }

  @Test(.offThePool) func aFlagAfterAFlagStillMatchesOnItsBoundary() throws {
    #expect(try matches("🇫🇷", .contains, in: texts).sorted() == ["x 🇫🇷", "🇺🇸🇫🇷"])
    #expect(try matches("🇫🇷", .suffix, in: texts).sorted() == ["x 🇫🇷", "🇺🇸🇫🇷"])
    #expect(try matches("🇺🇸", .prefix, in: texts) == ["🇺🇸🇫🇷"])
  }

  @Test(.offThePool) func surroundingWhitespaceIsIgnoredInItems() throws {
    let items = ["  Lille  ", "\tNice\t", "\u{A0}Metz\u{3000}", "Lyon"]
    #expect(try matches("lil", .prefix, in: items) == ["  Lille  "])
    #expect(try matches("ille", .suffix, in: items) == ["  Lille  "])
    #expect(try matches("lille", .exact, in: items) == ["  Lille  "])
    #expect(try matches("nice", .exact, in: items) == ["\tNice\t"])
    #expect(try matches("metz", .exact, in: items) == ["\u{A0}Metz\u{3000}"])
    let match = SearchQuery("lil").match("  Lille  ")
    #expect(match?.kind == .prefix)
    #expect(match.map { $0.ranges.map { String("  Lille  "[$0]) } } == ["Lil"])
  }

  @Test(.offThePool) func queriesAreNotTrimmed() throws {
    #expect(try matches("san ", .prefix, in: ["San Jose", "Santos", "San"]) == ["San Jose"])
  }

  /// Issue 21 #5 and issue 22: whitespace at a query's end makes the item's whitespace there count,
  /// so the query as the line has it finds the line (and only lines with that whitespace).
  @Test(.offThePool) func aQueryWithTheLinesOwnWhitespaceFindsIt() throws {
    let items = ["  lille ", "lilles", "x lille", "lille"]
    #expect(try matches("  lille ", .exact, in: items) == ["  lille "])
    #expect(try matches("lille ", .exact, in: items) == ["  lille "])  // the leading whitespace is ignored
    #expect(try matches("lille", .exact, in: items) == ["  lille ", "lille"])
    #expect(try matches("  lil", .prefix, in: items) == ["  lille "])
    #expect(try matches("lil", .prefix, in: items) == ["  lille ", "lilles", "lille"])
    #expect(try matches("ille ", .suffix, in: items) == ["  lille "])
    #expect(try matches(" lille", .suffix, in: items) == ["  lille ", "x lille"])
    let match = try #require(SearchQuery("  lille ", options: SearchOptions(mode: .exact)).match("  lille "))
    #expect(match.kind == .exact && match.ranges.map { String("  lille "[$0]) } == ["  lille "])
    let inner = try #require(SearchQuery("lil", options: SearchOptions(mode: .contains)).match("  lille "))
    #expect(inner.kind == .prefix)  // right after the leading whitespace the query ignores
  }

  /// Issue 22: contains finds what `grep -F` finds, whitespace included, through every engine.
  @Test(.offThePool) func containsAgreesWithASubstringSearch() throws {
    let items = ["xa ", "a", " a", "a b", "ba\t", "  ", "xa  y", "\ta "]
    for query in ["a ", " a", "a", " ", "  ", "a\t", " a "] {
      let expected = items.filter { $0.contains(query) }
      #expect(try matches(query, .contains, in: items) == expected, "\(query.debugDescription)")
    }
  }

  /// Issue 21 #5: a typed query that folds to nothing (invisible characters, a lone combining
  /// mark, a soft hyphen; whitespace a mode ignores) matches nothing, in every mode and engine —
  /// only the empty query lists everything.
  @Test(.offThePool, arguments: MatchMode.allCases)
  func aQueryThatFoldsToNothingMatchesNothing(mode: MatchMode) throws {
    let items = ["abc", "\u{200B}x", "e\u{301}", "soft\u{AD}hyphen", " "]
    for query in ["\u{200B}", "\u{301}", "\u{AD}", "\u{200B}\u{301}\u{AD}"] {
      #expect(SearchQuery(query, options: SearchOptions(mode: mode)).matchesNothing)
      #expect(try matches(query, mode, in: items).isEmpty, "\(mode) \(query.unicodeScalars.map(\.value))")
      let text = Array(items.joined(separator: "\n").utf8)
      let streamed = try text.withUnsafeBufferPointer {
        try StreamingLineFilter(query, options: SearchOptions(mode: mode, maximumCount: nil)).matches(in: $0)
      }
      #expect(streamed.isEmpty)
      let lines = try LineIndex(LineFilter(utf8: text)).rankedLines(
        for: query, options: SearchOptions(mode: mode))
      #expect(lines.lines.isEmpty && lines.total == 0)
    }
    if mode == .exact || mode == .prefix {
      #expect(try matches("  ", mode, in: items).isEmpty)
    }
    #expect(try matches("", mode, in: items).count == items.count)
  }

  /// A void query leaves nothing for the next keystroke to narrow: typing on finds every match.
  @Test(.offThePool, arguments: [MatchMode.contains, .fuzzy])
  func typingAfterAVoidQueryFindsEverything(mode: MatchMode) throws {
    let searcher = SearchIndex(["abc", "xbz"].map { AutocompleteItem($0) }).makeSearcher()
    let options = SearchOptions(mode: mode)
    #expect(try searcher.search("\u{200B}", options: options).isEmpty)
    #expect(try searcher.search("\u{200B}b", options: options).count == 2)
  }
}

/// Issue 22: the whitespace rule is the same through every engine — sorted index (which stores keys
/// trimmed and answers whitespace-edged queries from the keys as they are), unsorted index,
/// incremental search typed key by key, line filter and `SearchQuery` — in results, order and kind.
@Suite("Matching: the whitespace rule in every engine")
struct WhitespaceRuleDifferentialTests {
  static let pieces = ["a", "b", "ab", " ", "  ", "\t", "é", "x"]

  @Test(
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: MatchMode.allCases)
  func enginesAgree(mode: MatchMode) throws {
    var rng = SplitMix64(seed: 2022)
    let texts = (0..<200).map { _ in
      (0..<Int.random(in: 1...5, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
    }
    let items = texts.map { AutocompleteItem($0) }
    let sorted = SearchIndex(items)
    let unsorted = SearchIndex(items, sortsKeys: false)
    let lines = try LineFilter(utf8: Array(texts.joined(separator: "\n").utf8))
    let index = try LineIndex(lines)
    for typos in [TypoTolerance.off, .fixed(1)] {
      let searcher = sorted.makeSearcher()
      for _ in 0..<25 {
        let query = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
          Self.pieces.randomElement(using: &rng)!
        }
        .joined()
        let options = SearchOptions(mode: mode, maximumCount: nil, typoTolerance: typos)
        let prepared = SearchQuery(query, options: options)
        let direct = Set(texts.indices.filter { prepared.match(texts[$0]) != nil })
        func described(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
          results.map { "\($0.offset) \($0.match.kind) \($0.match.typos)" }
        }
        let fromSorted = try sorted.search(query, options: options)
        let context = "\(mode) \(typos) \(query.debugDescription)"
        #expect(Set(fromSorted.map(\.offset)) == direct, "\(context)")
        #expect(
          described(fromSorted) == described(try unsorted.search(query, options: options)), "\(context)")
        #expect(Set(try lines.matches(for: query, options: options).map(\.line)) == direct, "\(context)")
        // Typed one character at a time: every step answered as a fresh search would, by the index
        // and by the lines a picker searches.
        var typed = ""
        var narrowing: LineIndex.NarrowingSearch?
        for character in query {
          typed.append(character)
          let step = try searcher.search(typed, options: options)
          #expect(
            described(step) == described(try sorted.search(typed, options: options)), "\(mode) \(typed)")
          let lineStep = try index.rankedLines(for: typed, options: options, after: narrowing)
          narrowing = lineStep.search
          let fresh = try index.rankedLines(for: typed, options: options)
          #expect(
            lineStep.lines.map(\.line) == fresh.lines.map(\.line), "lines \(mode) \(typed.debugDescription)")
          #expect(lineStep.total == fresh.total)
        }
      }
    }
  }
}
