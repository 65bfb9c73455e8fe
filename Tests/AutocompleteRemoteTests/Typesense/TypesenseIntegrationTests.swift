import AutocompleteCities
import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing
import TypesenseTestSupport

/// `TypesenseSource` against a real Typesense 0.24.1 on 127.0.0.1, indexing the embedded cities.
/// Skipped, saying why, when the server binary is not installed (`scripts/install-typesense.sh`).
@Suite(
  "Typesense, one node",
  .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
  .timeLimit(.minutes(3)))
@MainActor struct TypesenseIntegrationTests {
  static func source(
    _ server: TypesenseServer, nodes: [URL]? = nil, key: String? = nil, collection: String = "cities",
    healthcheckInterval: Duration = .seconds(60), narrowsLocally: Bool = false
  ) throws -> TypesenseSource {
    try TypesenseSource(
      nodes: nodes ?? server.nodes.map(\.url), apiKey: key ?? server.apiKey, collection: collection,
      queryBy: [
        TypesenseSource.Field("name", weight: 3), TypesenseSource.Field("asciiname", weight: 2), "alternates",
      ],
      detailField: "country", weightField: "population", sortBy: "_text_match:desc,population:desc",
      session: ownSession(),
      connectionTimeout: .seconds(2), healthcheckInterval: healthcheckInterval, narrowsLocally: narrowsLocally
    )
  }

  @Test("suggestions, highlights (UTF-16 safe), typos, narrowing and errors from a real server")
  func oneNode() async throws {
    let server = try await TypesenseServer()
    defer { server.stop() }
    try await server.createCities("cities", documents: TypesenseServer.cityDocuments())
    let source = try Self.source(server)

    // Prefix suggestions with Typesense's order and highlights mapped onto the row's text.
    let zur = try await source.suggestions(
      for: SuggestionQuery("zür", options: SearchOptions(maximumCount: 5)))
    let zurich = try #require(zur.first)
    #expect(zurich.displayText == "Zürich")
    #expect(zurich.detailText == "Switzerland")
    #expect(zurich.highlights.map { String(zurich.displayText[$0]) } == ["Zür"])
    #expect(
      zurich.highlights.map { NSRange($0, in: zurich.displayText) } == [NSRange(location: 0, length: 3)])

    // "sao" finds São Paulo through asciiname; the highlight covers the whole "São".
    let sao = try await source.suggestions(
      for: SuggestionQuery("sao p", options: SearchOptions(maximumCount: 5)))
    #expect(sao.first?.displayText == "São Paulo")

    // Typos follow the session's tolerance.
    let typed = SuggestionQuery("zurcih", options: SearchOptions(maximumCount: 5, typoTolerance: .automatic))
    #expect(try await source.suggestions(for: typed).map(\.displayText).contains("Zürich"))
    let strict = SuggestionQuery("zurcih", options: SearchOptions(maximumCount: 5, typoTolerance: .off))
    #expect(try await source.suggestions(for: strict).map(\.displayText).contains("Zürich") == false)

    // Typing a word a key at a time: "reyk" is complete (2 cities of at most 10), so "reykj" …
    // "reykjavik" are filtered locally: 4 requests for 9 keys. "re" is not trusted as complete,
    // though Typesense says it found 7: its prefix expansion stops at 4 words.
    let counting = try Self.source(server, narrowsLocally: true)
    var rows: [Suggestion] = []
    for length in 1...9 {
      let query = SuggestionQuery(
        String("reykjavik".prefix(length)), options: SearchOptions(maximumCount: 10))
      rows = try await counting.suggestions(for: query)
    }
    #expect(rows.map(\.displayText) == ["Reykjavík"])
    #expect(counting.requestCount == 4)
    let regina = try await counting.suggestions(
      for: SuggestionQuery("regi", options: SearchOptions(maximumCount: 10)))
    #expect(regina.map(\.displayText).contains("Regina"))
    #expect(counting.requestCount == 5)

    // A bad key: the server's reason, never the key.
    let badKey = try Self.source(server, key: "wrong-key-123")
    let forbidden = await #expect(throws: RemoteError.self) {
      try await badKey.suggestions(for: SuggestionQuery("par"))
    }
    let forbiddenMessage = forbidden.map { SessionError($0).message } ?? ""
    #expect(forbiddenMessage.hasPrefix("the server answered 401 unauthorized: Forbidden"))
    #expect(!forbiddenMessage.contains("wrong-key-123"))
    #expect(!String(describing: badKey).contains("wrong-key-123"))
    #expect(!String(reflecting: badKey).contains("wrong-key-123"))

    // An unknown collection says so.
    let unknown = try Self.source(server, collection: "nope")
    let missing = await #expect(throws: RemoteError.self) {
      try await unknown.suggestions(for: SuggestionQuery("par"))
    }
    #expect(missing?.description == "the server answered 404 not found: no collection “nope” (Not found.)")

    // The server stops mid-session: the failed state says which node, and Ctrl-R (.refresh) retries.
    let session = AutocompleteSession(configuration: SessionConfiguration(source: try Self.source(server)))
    session.textChanged("ber")
    #expect(await waitUntil(seconds: 60) { session.state.phase == .results })
    #expect(session.state.suggestions.first?.displayText == "Berlin")
    let port = server.nodes[0].apiPort
    server.stop()
    session.textChanged("bern")
    #expect(await waitUntil(seconds: 60) { if case .failed = session.state.phase { true } else { false } })
    if case .failed(let error) = session.state.phase {
      // A new connection is refused; a kept-alive one the stopping server had accepted is dropped
      // (which one the request gets depends on timing).
      let reasons = ["connection refused", "the connection was lost"]
      #expect(
        reasons.map { "no node answered: 127.0.0.1:\(port): cannot reach 127.0.0.1 (\($0))" }.contains(
          error.message), "\(error.message)")
    }
  }
}
