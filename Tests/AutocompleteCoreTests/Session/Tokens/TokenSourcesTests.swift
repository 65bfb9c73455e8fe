import AutocompleteCore
import Testing

/// The token field over the session's real driver and its sources: the index and an async source.
@Suite("Token field over the index and an async source")
@MainActor
struct TokenSourcesTests {
  static let cities: [AutocompleteItem] = ["Madrid", "Malaga", "Manchester", "Marseille", "Milan", "Munich"]

  /// Picks the first row for "ma" twice; the second answer leaves out the first pick.
  func pickTwice(_ source: any SuggestionSource) async -> AutocompleteSession {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [source], searchOptions: SearchOptions(mode: .prefix), tokens: TokenFieldConfiguration()))
    session.send(.focusChanged(true))
    for _ in 0..<2 {
      session.textChanged("ma")
      _ = await waitUntil { session.state.phase == .results }
      session.send(.rowPicked(0))
    }
    return session
  }

  @Test("the index: picked rows leave its answers; ids are the rows' values")
  func index() async {
    let session = await pickTwice(IndexSource(SearchIndex(Self.cities)))
    #expect(session.state.tokenState.storedForm == ["Madrid", "Malaga"])
    session.textChanged("ma")
    _ = await waitUntil { session.state.phase == .results }
    #expect(Set(session.state.suggestions.map(\.displayText)) == ["Manchester", "Marseille"])
  }

  @Test("an async source (a server's stand-in): the same")
  func async() async {
    let items = Self.cities
    let source = AsyncSource { query in items.filter { $0.searchText.lowercased().hasPrefix(query.text) } }
    let session = await pickTwice(source)
    #expect(session.state.tokenState.storedForm == ["Madrid", "Malaga"])
  }
}
