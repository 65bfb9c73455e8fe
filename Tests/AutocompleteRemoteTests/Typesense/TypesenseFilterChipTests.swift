import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A token field's filter chips reach a Typesense server as `filter_by`, with the source's own
/// filter and the app's: the request the session asks is the one `TypesenseSource` sends.
@Suite struct TypesenseFilterChipTests {
  /// The `filter_by` the source sends for the last search `transition` asked.
  static func filterBy(_ transition: SessionTransition, _ source: TypesenseSource, node: URL) throws
    -> String?
  {
    let request = try #require(
      transition.effects.compactMap { effect -> SearchRequest? in
        if case .search(let request) = effect { return request }
        return nil
      }.last)
    return TypesenseFilterRequestTests.values(try source.searchRequest(for: request.query, node: node))[
      "filter_by"]
  }

  @Test(.offThePool) func chipsNarrowTheAppAndSourceFiltersAndLeaveWithTheirChip() throws {
    let node = URL(string: "http://127.0.0.1:8108")!
    let source = try TypesenseSource(
      nodes: [node], apiKey: "k", collection: "cities", queryBy: ["name"], filterBy: "population:>1000")
    var options = SearchOptions()
    options.filter = Attribute("population") < 5_000_000
    let reducer = SessionReducer(
      configuration: SessionConfiguration(
        sources: [source], searchOptions: options, tokens: TokenFieldConfiguration()))
    var state = reducer.reduce(SessionState(), .textChanged(TextSnapshot("s"))).state
    let chip = try #require(Token(filter: Attribute("country_code") == "BR", displayText: "in Brazil"))
    let added = reducer.reduce(state, .tokens(.add(chip)))
    #expect(
      try Self.filterBy(added, source, node: node)
        == "(population:>1000) && ((population:<5000000) && (country_code:=BR))")
    state = added.state
    let removed = reducer.reduce(state, .tokens(.remove(id: chip.id)))
    #expect(try Self.filterBy(removed, source, node: node) == "(population:>1000) && (population:<5000000)")
  }
}
