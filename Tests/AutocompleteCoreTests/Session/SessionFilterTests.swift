import AutocompleteCore
import TestSupport
import Testing

/// A city field that follows a country field: the session's filter changes while the user types,
/// and the list follows at once.
@MainActor @Suite struct SessionFilterTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("São Paulo", attributes: ["country": "BR"]),
    AutocompleteItem("Santos", attributes: ["country": "BR"]),
    AutocompleteItem("Santiago", attributes: ["country": "CL"]),
    AutocompleteItem("San Francisco", attributes: ["country": "US"]),
  ]

  @Test(.offThePool) func changingTheFilterWhileTypingAsksAgain() {
    var configuration = SessionConfiguration(source: IndexSource(SearchIndex(Self.cities)))
    configuration.searchOptions.filter = Attribute("country") == "BR"
    let session = AutocompleteSession(configuration: configuration)
    session.textChanged("san")
    #expect(session.state.suggestions.map(\.displayText) == ["Santos"])
    session.searchFilter = Attribute("country") == "US"
    #expect(session.state.text == "san")
    #expect(session.state.suggestions.map(\.displayText) == ["San Francisco"])
    session.searchFilter = nil
    #expect(session.state.suggestions.map(\.displayText) == ["Santos", "Santiago", "San Francisco"])
    session.searchFilter = Attribute("country") == "BR"  // answered from the cache, still right
    #expect(session.state.suggestions.map(\.displayText) == ["Santos"])
  }
}
