import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing
import TypesenseTestSupport

/// A token field over `TypesenseSource` and a real Typesense 0.24.1 on 127.0.0.1 (the embedded
/// cities): picked cities become tokens and leave the server's next answers, which ask for one
/// more row per token so the list stays full. Skipped, saying why, when the server binary is not
/// installed (`scripts/install-typesense.sh`); the server is stopped on every path.
@Suite(
  "Token field over TypesenseSource",
  .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
  .timeLimit(.minutes(10)))
@MainActor struct TypesenseTokenFieldTests {
  @Test(
    "picked cities become tokens, leave the next answers (still 5 rows), and Tab picks from the current answer"
  )
  func tokens() async throws {
    let server = try await TypesenseServer()
    defer { server.stop() }
    try await server.createCities("cities", documents: TypesenseServer.cityDocuments())
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [try TypesenseIntegrationTests.source(server)],
        searchOptions: SearchOptions(maximumCount: 5),
        highlightsFirstRow: true, tokens: TokenFieldConfiguration()))
    session.send(.focusChanged(true))

    session.textChanged("san")
    #expect(await waitUntil(seconds: 30) { session.state.phase == .results })
    let san = session.state.suggestions
    try #require(san.count == 5)
    session.send(.rowPicked(0))
    #expect(session.state.tokens.map(\.displayText) == [san[0].displayText])
    #expect(session.state.tokens.first?.item?.detailText == san[0].detailText)
    #expect(session.state.text.isEmpty)

    // The same query again: the picked city is left out and the sixth city fills its place.
    session.textChanged("san")
    #expect(await waitUntil(seconds: 30) { session.state.phase == .results })
    let again = session.state.suggestions
    #expect(again.count == 5)
    #expect(!again.contains { $0.completionText == san[0].completionText })
    #expect(Array(again.prefix(4).map(\.id)) == san[1...4].map(\.id))

    // Tab pressed while the answer to "zür" is pending (the rows of "san" still shown) takes the
    // first row of that answer when it arrives.
    session.textChanged("zür")
    #expect(session.state.isStale)
    session.press(.tab)
    #expect(await waitUntil(seconds: 30) { session.state.tokens.count == 2 })
    #expect(session.state.tokens.map(\.displayText) == [san[0].displayText, "Zürich"])
    #expect(session.state.tokenState.storedForm == [san[0].completionText, "Zürich"])

    // Backspace twice at the start of the empty text removes Zürich; the next answer has it again.
    session.press(.backspace)
    session.press(.backspace)
    #expect(session.state.tokens.map(\.displayText) == [san[0].displayText])
    session.textChanged("zür")
    #expect(await waitUntil(seconds: 30) { session.state.phase == .results })
    #expect(session.state.suggestions.first?.displayText == "Zürich")
  }
}
