import AutocompleteCore
import Foundation
import Testing

/// Async code that returns items rather than rows: the core ranks them and highlights them.
@Suite("Item sources")
struct ItemSourceTests {
  /// What an app's own API might look like.
  struct TagAPI: Sendable {
    let all: [AutocompleteItem] = ["swift", "swiftui", "rust", "Swiss cheese", "Stockholm"]
    func tags(_ text: String) async throws -> [AutocompleteItem] {
      // A server's own order, and a result the engine would not match (a synonym).
      all.filter { $0.searchText.lowercased().hasPrefix(text.lowercased()) }.reversed() + ["taylor swift"]
    }
  }

  struct Product: AutocompleteSearchable, Identifiable {
    var id: Int
    var searchText: String
    var displayText: String { searchText }
    var alternateSearchTexts: [String] { [] }
    var weight: Double { 0 }
    func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }
  }

  @Test @MainActor func anAsyncClosureReturningItemsIsASource() async throws {
    let api = TagAPI()
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [AsyncSource { query in try await api.tags(query.text) }],
        searchOptions: SearchOptions(maximumCount: 10)))
    session.textChanged("sw")
    #expect(await waitUntil { session.state.phase == .results })
    let rows = session.state.suggestions
    // Ranked by the core: exact/prefix matches by the standard ranking, the synonym last.
    #expect(rows.map(\.displayText) == ["swift", "swiftui", "Swiss cheese", "taylor swift"])
    #expect(rows[0].highlights.map { String(rows[0].displayText[$0]) } == ["sw"])
    #expect(rows[3].highlights.isEmpty)
  }

  @Test func serverOrderKeepsTheOrderAndStillHighlights() async throws {
    let api = TagAPI()
    let source = AsyncSource(ranking: .serverOrder) { query in try await api.tags(query.text) }
    let rows = try await source.suggestions(
      for: SuggestionQuery("sw", options: SearchOptions(maximumCount: 3)))
    #expect(rows.map(\.displayText) == ["Swiss cheese", "swiftui", "swift"])
    #expect(rows[0].highlights.map { String(rows[0].displayText[$0]) } == ["Sw"])
  }

  @Test func identifiableItemsKeepTheirIDsAndTyposApply() async throws {
    let source = AsyncSource { _ in
      [Product(id: 7, searchText: "Keyboard"), Product(id: 9, searchText: "Mouse")]
    }
    let rows = try await source.suggestions(
      for: SuggestionQuery("kyeboard", options: SearchOptions(typoTolerance: .automatic)))
    #expect(rows.map(\.id) == ["7", "9"])
    #expect(rows.first?.typos == 1)
    #expect(rows.first?.payload(as: Product.self)?.id == 7)
  }

  @Test func callbackCodeDeliversItems() async throws {
    let source = CallbackSource { (query: SuggestionQuery, callback: ItemCallback<AutocompleteItem>) in
      DispatchQueue.global().async { callback(["Paris", "Parma", "Perth"].map { AutocompleteItem($0) }) }
    }
    let rows = try await source.suggestions(for: SuggestionQuery("par"))
    #expect(rows.map(\.displayText) == ["Paris", "Parma", "Perth"])
    let failing = CallbackSource { (_: SuggestionQuery, callback: ItemCallback<AutocompleteItem>) in
      callback.fail(URLError(.timedOut))
    }
    await #expect(throws: URLError.self) { try await failing.suggestions(for: SuggestionQuery("x")) }
  }
}
