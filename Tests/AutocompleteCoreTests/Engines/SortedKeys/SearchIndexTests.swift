import TestSupport
import Testing

@testable import AutocompleteCore

/// A searchable type whose own predicate replaces the engine (seed 000's `search(_:) -> Bool`).
struct Tagged: AutocompleteSearchable {
  var searchText: String
  var tag: String
  var displayText: String { searchText }
  var alternateSearchTexts: [String] { [] }
  var weight: Double { 0 }
  func match(_ query: SearchQuery) -> TextMatch? {
    tag == query.text ? TextMatch(kind: .custom, matchedText: searchText) : nil
  }
}

@Suite("Search index")
struct SearchIndexTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("São Paulo", alternateSearchTexts: ["Sao Paulo", "SP"], weight: 12_000_000),
    AutocompleteItem("Santos", weight: 430_000),
    AutocompleteItem("Thủ Đức", weight: 1_000_000),
    AutocompleteItem("Stuttgart", weight: 630_000),
    AutocompleteItem("Sankt Pölten", weight: 55_000),
    AutocompleteItem("San", weight: 10),
    AutocompleteItem("Łódź", weight: 670_000),
    AutocompleteItem("Straße", weight: 1),
  ]

  @Test(.offThePool) func prefixRanksExactThenWeight() throws {
    let index = SearchIndex(Self.cities)
    let names = try index.search("san", options: SearchOptions(maximumCount: -1)).map(\.item.searchText)
    #expect(names == ["San", "Santos", "Sankt Pölten"])
    let s = try index.search("s").map(\.item.searchText)
    #expect(s == ["São Paulo", "Stuttgart", "Santos", "Sankt Pölten", "San"])
  }

  @Test(.offThePool) func foldsLettersFoundationLeavesAlone() throws {
    let index = SearchIndex(Self.cities)
    #expect(
      try index.search("duc", options: SearchOptions(mode: .words)).map(\.item.searchText) == ["Thủ Đức"])
    #expect(try index.search("lodz").map(\.item.searchText) == ["Łódź"])
    #expect(try index.search("strasse").map(\.item.searchText) == ["Straße"])
  }

  @Test(.offThePool) func alternateKeysFindTheItemOnce() throws {
    let index = SearchIndex(Self.cities)
    let results = try index.search("sp", options: SearchOptions(maximumCount: -1))
    #expect(results.map(\.item.searchText) == ["São Paulo"])
    #expect(results.first?.match.kind == .exact)
    #expect(results.first?.match.matchedText == "SP")
  }

  @Test(.offThePool) func highlightsPointIntoTheOriginalText() throws {
    let index = SearchIndex(Self.cities)
    let result = try #require(index.search("pau", options: SearchOptions(mode: .contains)).first)
    #expect(result.match.ranges.map { String(result.match.matchedText[$0]) } == ["Pau"])
  }

  @Test(.offThePool) func customRankingReplacesTheStandardOne() throws {
    let index = SearchIndex(Self.cities)
    let alphabetical = SearchRanking.custom {
      $0.length != $1.length ? $0.length > $1.length : $0.offset < $1.offset
    }
    let names = try index.search("s", options: SearchOptions(maximumCount: 2), ranking: alphabetical)
    #expect(names.map(\.item.searchText) == ["Sankt Pölten", "São Paulo"])
  }

  @Test(.offThePool) func caseSensitiveQueriesOnAFoldedIndex() throws {
    let index = SearchIndex(Self.cities)
    let sensitive = SearchOptions(mode: .prefix, isCaseSensitive: true, maximumCount: -1)
    #expect(try index.search("São", options: sensitive).map(\.item.searchText) == ["São Paulo"])
    #expect(try index.search("são", options: sensitive).isEmpty)
    let sensitiveIndex = SearchIndex(Self.cities, isCaseSensitive: true)
    #expect(try sensitiveIndex.search("Sao", options: sensitive).map(\.item.searchText) == ["São Paulo"])
    #expect(
      try sensitiveIndex.search("sao", options: SearchOptions()).map(\.item.searchText) == ["São Paulo"])
  }

  @Test(.offThePool) func storageByteCountCoversTheFoldedKeysAndShrinksWithoutSorting() throws {
    let items = (0..<1000).map { AutocompleteItem("item number \($0)") }
    let text = items.reduce(0) { $0 + $1.searchText.utf8.count }
    let index = SearchIndex(items)
    let sorted = index.storageByteCount
    let unsorted = SearchIndex(items, sortsKeys: false).storageByteCount
    #expect(sorted > text)
    #expect(unsorted > text && unsorted < sorted)
    // The keys' arrays as before; the word index (words mode) is counted too, with a bound of its
    // own. These keys are its worst case: as many distinct words as keys ("0"…"999"), so its
    // dictionary is an index of 1,002 keys whose trie (pair sets, look-ahead masks) weighs most.
    let words = try #require(index.storage.words).byteCount
    #expect(sorted - words < 4 * text)
    #expect(words < 12 * text)
  }

  @Test(.offThePool) func itemsWithTheirOwnPredicate() {
    let items = [Tagged(searchText: "one", tag: "x"), Tagged(searchText: "two", tag: "y")]
    let results = items.rankedMatches(for: SearchQuery("y"))
    #expect(results.map(\.item.searchText) == ["two"])
    #expect(results.first?.match.kind == .custom)
  }

  @Test(.offThePool) func emptyQueryListsTheBestItems() throws {
    let index = SearchIndex(Self.cities)
    #expect(
      try index.search("", options: SearchOptions(maximumCount: 2)).map(\.item.searchText) == [
        "São Paulo", "Thủ Đức",
      ])
    #expect(try SearchIndex([AutocompleteItem]()).search("a").isEmpty)
  }

  @Test func cancelledTaskStopsTheSearch() async throws {
    let items = (0..<200_000).map { AutocompleteItem("item \($0) standard") }
    let index = SearchIndex(items)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try index.search("std", options: SearchOptions(mode: .fuzzy))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  // MARK: Differential: the index agrees with a linear scan

  static func randomItems(seed: UInt64, count: Int, lowercase: Bool) -> [AutocompleteItem] {
    var rng = SplitMix64(seed: seed)
    let pieces =
      lowercase
      ? ["sa", "o", "pa", "u", "lo", "st", "and", "ar", "d", " ", "-", "é", "đ", "ß", "n", "ta"]
      : ["Sa", "o", "Pa", "u", "lo", "St", "and", "AR", "d", " ", "-", "É", "Đ", "ß", "n", "ta", "ñ", "Ø"]
    return (0..<count).map { _ in
      func word() -> String {
        (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      }
      let alternates = (0..<Int.random(in: 0...2, using: &rng)).map { _ in word() }
      return AutocompleteItem(
        word(), alternateSearchTexts: alternates, weight: Double(Int.random(in: 0...3, using: &rng)))
    }
  }

  @Test(
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: MatchMode.allCases)
  func indexAgreesWithLinearScan(mode: MatchMode) throws {
    for seed in UInt64(1)...UInt64(3) {
      let items = Self.randomItems(seed: seed, count: 300, lowercase: mode == .fuzzy)
      let index = SearchIndex(items)
      let unsorted = SearchIndex(items, sortsKeys: false)
      // One key per item takes the storage's no-deduplication path.
      let plain = items.map { AutocompleteItem($0.searchText, weight: $0.weight) }
      let plainIndex = SearchIndex(plain)
      let searcher = index.makeSearcher()
      var rng = SplitMix64(seed: seed &* 31)
      for _ in 0..<10 {
        let source = items.randomElement(using: &rng)!.searchText
        let start = Int.random(in: 0..<max(1, source.count), using: &rng)
        let word = String(source.dropFirst(start).prefix(4))
        for length in 0...word.count {
          let query = String(word.prefix(length))
          for limit in [5, 40, -1] {
            let options = SearchOptions(mode: mode, maximumCount: limit)
            let expected = items.rankedMatches(for: SearchQuery(query, options: options)).map(\.offset)
            #expect(
              try index.search(query, options: options).map(\.offset) == expected, "\(mode) \(query) \(limit)"
            )
            #expect(
              try unsorted.search(query, options: options).map(\.offset) == expected, "unsorted \(query)")
            let plainExpected = plain.rankedMatches(for: SearchQuery(query, options: options)).map(\.offset)
            #expect(
              try plainIndex.search(query, options: options).map(\.offset) == plainExpected, "plain \(query)")
            if limit == 40 {
              #expect(
                try searcher.search(query, options: options).map(\.offset) == expected, "incremental \(query)"
              )
            }
          }
        }
      }
    }
  }

  @Test(.offThePool) func keyCountCountsSearchTextsAndAlternates() {
    #expect(SearchIndex(Self.cities).keyCount == Self.cities.count + 2)
    #expect(SearchIndex([AutocompleteItem]()).keyCount == 0)
  }

  @Test(.offThePool) func resetForgetsThePreviousAnswer() throws {
    let index = SearchIndex(Self.cities)
    let searcher = index.makeSearcher()
    let contains = SearchOptions(mode: .contains, maximumCount: -1)
    _ = try searcher.search("st", options: contains)
    searcher.reset()
    for query in ["stu", "s", "t"] {
      #expect(
        try searcher.search(query, options: contains).map(\.offset)
          == index.search(query, options: contains).map(\.offset))
    }
  }

  @Test(.offThePool) func incrementalSearchRestartsWhenTheQueryShrinksOrModeChanges() throws {
    let index = SearchIndex(Self.cities)
    let searcher = index.makeSearcher()
    let contains = SearchOptions(mode: .contains, maximumCount: -1)
    #expect(try searcher.search("st", options: contains).map(\.item.searchText) == ["Stuttgart", "Straße"])
    #expect(try searcher.search("stu", options: contains).map(\.item.searchText) == ["Stuttgart"])
    #expect(try searcher.search("t", options: contains).count == 5)
    #expect(try searcher.search("t", options: SearchOptions(mode: .prefix, maximumCount: -1)).count == 1)
  }
}
