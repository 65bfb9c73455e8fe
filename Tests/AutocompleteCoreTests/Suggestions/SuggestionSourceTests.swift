import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Suggestion sources")
struct SuggestionSourceTests {
  /// An item with a custom predicate, like seed 000's `search(_:) -> Bool`.
  struct Country: AutocompleteSearchable {
    var searchText: String
    var code: String
    var displayText: String { searchText }
    var alternateSearchTexts: [String] { [] }
    var weight: Double { 0 }

    func match(_ query: SearchQuery) -> TextMatch? {
      code.caseInsensitiveCompare(query.text) == .orderedSame
        ? TextMatch(kind: .custom, matchedText: code) : nil
    }
  }

  @Test("a list source honours custom predicates and keeps the item as payload", .offThePool)
  func listCustomPredicate() throws {
    let source = ListSource([
      Country(searchText: "Vietnam", code: "VN"), Country(searchText: "Brazil", code: "BR"),
    ])
    let rows = try #require(source.immediateSuggestions(for: SuggestionQuery("vn")))
    #expect(rows.map(\.displayText) == ["Vietnam"])
    #expect(rows[0].payload(as: Country.self)?.code == "VN")
    #expect(rows[0].payload(as: String.self) == nil)
  }

  @Test(
    "rows from results: highlights on the display text, alternate keys as detail, completion text",
    .offThePool)
  func rowsFromResults() throws {
    let items = [
      AutocompleteItem("Saigon", displayText: "Ho Chi Minh City", alternateSearchTexts: ["Sài Gòn"]),
      AutocompleteItem("São Paulo", completionText: "Sao Paulo, BR"),
    ]
    let rows = try #require(ListSource(items).immediateSuggestions(for: SuggestionQuery("sa")))
    let paulo = try #require(rows.first { $0.displayText == "São Paulo" })
    #expect(paulo.completionText == "Sao Paulo, BR")
    #expect(paulo.highlights.map { String(paulo.displayText[$0]) } == ["Sã"])
    #expect(paulo.utf16Highlights == [NSRange(location: 0, length: 2)])
    let city = try #require(rows.first { $0.displayText == "Ho Chi Minh City" })
    #expect(city.highlights.isEmpty)
    let alternate = try #require(ListSource(items).immediateSuggestions(for: SuggestionQuery("sai g")))
    #expect(alternate.first?.detailText == "Sài Gòn")
  }

  @Test("an index source answers at once or in a task")
  func indexSource() async throws {
    let index = SearchIndex(sessionCities)
    let now = IndexSource(index)
    #expect(now.immediateSuggestions(for: SuggestionQuery("syd"))?.map(\.displayText) == ["Sydney"])
    let later = IndexSource(index, answersImmediately: false)
    #expect(later.immediateSuggestions(for: SuggestionQuery("syd")) == nil)
    #expect(try await later.suggestions(for: SuggestionQuery("syd")).map(\.displayText) == ["Sydney"])
  }

  @Test("maximum count: negative is unlimited for list sources", .offThePool)
  func unlimited() throws {
    let query = SuggestionQuery("s", options: SearchOptions(maximumCount: -1))
    #expect(
      try #require(ListSource(sessionCities).immediateSuggestions(for: query)).count == sessionCities.count)
    #expect(
      try #require(ListSource(sessionCities).immediateSuggestions(for: SuggestionQuery("s"))).count == 5)
  }

  @Test("callback source: the first call wins, later calls are ignored")
  func callbackTwice() async throws {
    let source = CallbackSource { _, callback in
      callback([Suggestion("one")])
      callback([Suggestion("two")])
      callback.fail(SessionTestError(reason: "late"))
    }
    #expect(try await source.suggestions(for: SuggestionQuery("x")).map(\.displayText) == ["one"])
  }

  @Test("callback source: a failure is thrown")
  func callbackFails() async {
    let source = CallbackSource { _, callback in callback.fail(SessionTestError(reason: "down")) }
    await #expect(throws: SessionTestError(reason: "down")) {
      try await source.suggestions(for: SuggestionQuery("x"))
    }
  }

  @Test("callback source: never called, cancellation ends the wait")
  @MainActor
  func callbackNeverCalled() async {
    let log = CallbackLog()
    let source = CallbackSource { query, callback in log.append(query.text, callback) }
    let task = Task { try await source.suggestions(for: SuggestionQuery("x")) }
    #expect(await waitUntil { log.count == 1 })
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(log.first?.isCancelled == true)
    log.first?([Suggestion("too late")])  // ignored, no crash
  }

  @Test("callback source: a task cancelled before the request never calls it")
  func callbackCancelledFirst() async {
    let log = CallbackLog()
    let source = CallbackSource { query, callback in log.append(query.text, callback) }
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await source.suggestions(for: SuggestionQuery("x"))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(log.count == 0)
  }

  @Test("fetched list: default beginswith[cd] filter, custom in-place filter, limit")
  func fetchedList() async throws {
    let fetched = FetchedListSource<AutocompleteItem> { _ in sessionCities }
    #expect(try await fetched.suggestions(for: SuggestionQuery("SAO")).map(\.displayText) == ["São Paulo"])
    #expect(try await fetched.suggestions(for: SuggestionQuery("s")).count == 5)
    let sensitive = SuggestionQuery("sao", options: SearchOptions(isCaseSensitive: true))
    #expect(try await fetched.suggestions(for: sensitive).isEmpty)
    let contains = FetchedListSource<AutocompleteItem>(sessionCities) { items, query in
      items.removeAll { !$0.searchText.lowercased().contains(query.text.lowercased()) }
    }
    #expect(try await contains.suggestions(for: SuggestionQuery("ney")).map(\.displayText) == ["Sydney"])
  }

  @Test("filter and async closure sources")
  func closures() async throws {
    let filter = FilterSource(title: "Echo") { [Suggestion("echo \($0.text)")] }
    #expect(filter.title == "Echo")
    #expect(filter.immediateSuggestions(for: SuggestionQuery("a"))?.map(\.displayText) == ["echo a"])
    let async = AsyncSource(isCacheable: false) { query in [Suggestion(query.text.uppercased())] }
    #expect(!async.isCacheable)
    #expect(async.immediateSuggestions(for: SuggestionQuery("a")) == nil)
    #expect(try await async.suggestions(for: SuggestionQuery("a")).map(\.displayText) == ["A"])
  }

  @Test(.offThePool) func highlightsSurviveADisplayTextThatStartsWithTheMatch() throws {
    let item = AutocompleteItem(
      "São Paulo", displayText: "São Paulo, Brazil", alternateSearchTexts: ["Sampa"])
    let byName = try #require(SearchIndex([item]).search("sao").first)
    let row = Suggestion(byName)
    #expect(row.highlights.map { String(row.displayText[$0]) } == ["São"])
    #expect(row.detailText == nil)
    let byAlternate = Suggestion(try #require(SearchIndex([item]).search("samp").first))
    #expect(byAlternate.highlights.isEmpty)
    #expect(byAlternate.detailText == "Sampa")
  }
}
