import TestSupport
import Testing

@testable import AutocompleteCore

/// The plan of a search (``SearchPlan``): which strategy answers each kind of query over sorted
/// storage with a word index (a `SearchIndex`) and over lines (unsorted, no word index).
@Suite("Search plan: one strategy per query")
struct SearchPlanTests {
  static let names = ["São Paulo", "Santos", "New York", "Newark", "York"]

  func strategy(
    _ query: String, _ mode: MatchMode, over storage: IndexStorage, typos: TypoTolerance = .off,
    extended: Bool = false, candidates: [UInt32]? = nil, capacity: Int? = 5
  ) -> String {
    let options = SearchOptions(mode: mode, typoTolerance: typos, usesExtendedSyntax: extended)
    let prepared = SearchQuery(query, options: options)
    let plan = SearchPlan(
      prepared.folded, mode: mode, over: storage, capacity: capacity, candidates: candidates,
      typos: prepared.typos, pattern: prepared.pattern)
    let name = "\(plan.strategy)"
    return String(name.prefix { $0 != "(" }) + (plan.takesPrefixRangeFirst ? "+prefix first" : "")
  }

  @Test(.offThePool) func sortedStorageWithAWordIndex() throws {
    let storage = SearchIndex(Self.names.map { AutocompleteItem($0) }).storage
    #expect(storage.isSorted && storage.words != nil)
    #expect(strategy("", .prefix, over: storage) == "everyKey")
    #expect(strategy("sa", .prefix, over: storage) == "sortedRange")
    #expect(strategy("york", .exact, over: storage) == "sortedRange")
    #expect(strategy("ork", .suffix, over: storage) == "backwardRange")
    #expect(strategy("sa", .prefix, over: storage, candidates: [0, 1]) == "keyEnds")
    #expect(strategy("new yo", .words, over: storage) == "wordIndex+prefix first")
    #expect(strategy("ork", .contains, over: storage) == "wordStarts+prefix first")
    #expect(strategy("w y", .contains, over: storage) == "substringScan+prefix first")
    #expect(strategy("ork", .contains, over: storage, candidates: [2]) == "substringScan+prefix first")
    #expect(strategy("ork", .contains, over: storage, capacity: nil) == "wordStarts")
    #expect(strategy("nwyk", .fuzzy, over: storage) == "subsequenceScan")
    #expect(strategy("sntos", .prefix, over: storage, typos: .automatic) == "typos")
    #expect(strategy("new !ark", .fuzzy, over: storage, extended: true) == "pattern")
  }

  @Test(.offThePool) func linesAreScanned() throws {
    let storage = try LineIndex(LineFilter(utf8: Array(Self.names.joined(separator: "\n").utf8))).storage
    #expect(!storage.isSorted && storage.words == nil)
    #expect(strategy("sa", .prefix, over: storage) == "keyEnds")
    #expect(strategy("ork", .suffix, over: storage) == "keyEnds")
    #expect(strategy("new yo", .words, over: storage) == "wordsScan")
    #expect(strategy("ork", .contains, over: storage) == "substringScan")
    #expect(strategy("nwyk", .fuzzy, over: storage) == "subsequenceScan")
  }

  /// A sorted storage makes (or reads) its word index on first use: planning a query must not make
  /// it (a prefix keystroke on a part not searched by words would pay for a whole build); the
  /// first words query's search does.
  @Test(.offThePool) func onlyAWordsOrContainsSearchMakesTheWordIndex() throws {
    let storage = IndexStorage(
      items: Self.names.map { AutocompleteItem($0) }, folder: TextFolder(isCaseSensitive: false),
      sortsKeys: true)
    for (query, mode) in [("sa", MatchMode.prefix), ("york", .exact), ("ork", .suffix), ("nwyk", .fuzzy)] {
      _ = strategy(query, mode, over: storage)
      let isMade = storage.wordIndex?.madeValue != nil
      #expect(!isMade, "\(mode)")
    }
    #expect(strategy("new", .words, over: storage) == "wordIndex+prefix first")
    #expect(strategy("new", .contains, over: storage) == "wordStarts+prefix first")
    #expect(storage.wordIndex?.madeValue == nil)
    #expect(try storage.checkedWords() != nil)
    #expect(storage.wordIndex?.madeValue != nil)
  }

  @Test(.offThePool) func aDeclinedWordIndexFallsBackToItsScan() {
    let storage = SearchIndex(Self.names.map { AutocompleteItem($0) }).storage
    let words = SearchPlan(
      Array("new".utf8), mode: .words, over: storage, capacity: 5, candidates: nil, typos: nil, pattern: nil)
    #expect("\(words.fallback.map { "\($0)" } ?? "none")" == "wordsScan")
    let contains = SearchPlan(
      Array("ork".utf8), mode: .contains, over: storage, capacity: 5, candidates: nil, typos: nil,
      pattern: nil)
    #expect("\(contains.fallback.map { "\($0)" } ?? "none")" == "substringScan")
    let prefix = SearchPlan(
      Array("sa".utf8), mode: .prefix, over: storage, capacity: 5, candidates: nil, typos: nil, pattern: nil)
    #expect(prefix.fallback == nil)
  }
}
