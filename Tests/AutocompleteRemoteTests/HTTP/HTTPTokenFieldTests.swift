import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing

/// A token field over `HTTPSource` and a loopback server: picked rows leave the server's answers,
/// and the request asks for as many more rows as there are tokens.
@Suite("Token field over HTTPSource")
@MainActor
struct HTTPTokenFieldTests {
  @Test("a picked row becomes a token, leaves the next answer, and the limit grows by one")
  func tokens() async throws {
    let server = try HTTPSourceTests.catalogueServer()
    defer { server.stop() }
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [HTTPSourceTests.source(server)], searchOptions: SearchOptions(maximumCount: 5),
        tokens: TokenFieldConfiguration()))
    session.send(.focusChanged(true))
    session.textChanged("san")
    #expect(
      await waitUntil(seconds: 60) { session.state.phase == .results },
      "results within 60 s: \(session.state.phase)")
    let first = try #require(session.state.suggestions.first)
    session.send(.rowPicked(0))
    #expect(session.state.tokens.map(\.displayText) == [first.displayText])
    #expect(session.state.text.isEmpty)
    session.textChanged("san")
    #expect(
      await waitUntil(seconds: 60) { session.state.phase == .results },
      "results within 60 s: \(session.state.phase)")
    #expect(!session.state.suggestions.contains { $0.displayText == first.displayText })
    #expect(server.requests.last?.queryItems["limit"] == "6")
  }
}
