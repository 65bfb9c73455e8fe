import AutocompleteCore
import AutocompleteRemote
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPSource` against a loopback server in the test process.
@Suite("HTTPSource")
struct HTTPSourceTests {
  static let catalogue = [
    "San Francisco", "San Diego", "San Jose", "Santiago", "Santa Cruz", "Santander", "Sandnes",
    "São Paulo", "Salvador", "Sapporo", "Sacramento", "Seattle", "Zürich",
  ]

  /// A server that answers `GET /search?q=…&limit=…` with the catalogue's prefix matches as
  /// `{"results": [{"id": …, "name": …, "country": {"name": …}}]}`.
  static func catalogueServer(delay: Duration = .zero) throws -> LoopbackServer {
    try LoopbackServer { request in
      let query = SearchQuery(request.queryItems["q"] ?? "", options: SearchOptions(maximumCount: nil))
      let limit = Int(request.queryItems["limit"] ?? "") ?? 100
      let hits = catalogue.enumerated().filter { query.match($0.element) != nil }.prefix(limit)
      let objects = hits.map { #"{"id": \#($0.offset), "name": "\#($0.element)", "country": {"name": "X"}}"# }
      return .json(#"{"results": [\#(objects.joined(separator: ","))]}"#, delay: delay)
    }
  }

  static func source(_ server: LoopbackServer, timeout: Duration = .seconds(5)) -> HTTPSource {
    HTTPSource(
      url: server.url.appendingPathComponent("search"),
      answer: JSONAnswer(items: "results", text: "name", id: "id", detail: "country.name"),
      session: ownSession(),
      timeout: timeout)
  }

  @Test("the JSON form: query and limit in the URL, items ranked and highlighted by the core")
  func jsonForm() async throws {
    let server = try Self.catalogueServer()
    defer { server.stop() }
    let rows = try await Self.source(server).suggestions(
      for: SuggestionQuery("san", options: SearchOptions(maximumCount: 3)))
    // The server chose the first three; the core ranks them (shorter first among prefixes).
    #expect(rows.map(\.displayText) == ["San Jose", "San Diego", "San Francisco"])
    #expect(rows.map(\.id) == ["2", "1", "0"])
    #expect(rows.map(\.detailText) == ["X", "X", "X"])
    #expect(rows[0].highlights.map { String(rows[0].displayText[$0]) } == ["San"])
    let request = try #require(server.requests.first)
    #expect(request.path == "/search")
    #expect(request.queryItems == ["q": "san", "limit": "3"])
  }

  @Test("typing 'san francisco' a key at a time: 'san' is complete, so at most 3 requests")
  func narrowing() async throws {
    let server = try Self.catalogueServer()
    defer { server.stop() }
    let source = Self.source(server)
    let options = SearchOptions(maximumCount: 10)
    var last: [Suggestion] = []
    for length in 1...13 {
      let text = String("san francisco".prefix(length))
      last = try await source.suggestions(for: SuggestionQuery(text, options: options))
    }
    #expect(last.map(\.displayText) == ["San Francisco"])
    #expect(server.requests.count <= 3)
    #expect(source.requestCount == server.requests.count)
    // Back to "san": answered from what is kept, synchronously, with no request.
    let before = server.requests.count
    let back = source.immediateSuggestions(for: SuggestionQuery("san", options: options))
    #expect(back?.count == 7)
    #expect(server.requests.count == before)
  }

  @Test("a newer query cancels the request in flight: the server sees the connection closed")
  @MainActor func cancellation() async throws {
    // The source's and the URL session's timeouts (30 and 60 min) are far beyond the longest wait
    // below (300 s), so only the cancellation can close the first connection early.
    let server = try Self.catalogueServer(delay: .seconds(3_600))
    defer { server.stop() }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 3_600
    let source = HTTPSource(
      url: server.url.appendingPathComponent("search"), answer: JSONAnswer(items: "results", text: "name"),
      session: URLSession(configuration: configuration), timeout: .seconds(1_800))
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("s")
    #expect(
      await waitUntil(seconds: 60) { server.requests.count == 1 },
      "the first request, within 60 s: \(server.requests.count) requests")
    session.textChanged("sa")
    #expect(
      await waitUntil(seconds: 60) { server.connectionsClosedEarly == 1 && server.requests.count == 2 },
      "1 closed early, 2 requests within 60 s: \(server.connectionsClosedEarly), \(server.requests.count)")
    #expect(server.requests.map { $0.queryItems["q"] } == ["s", "sa"])
    session.cancelAll()
  }

  @Test("a request that takes too long fails with a readable message, and .refresh asks again")
  @MainActor func timeoutAndRefresh() async throws {
    let slow = Mutex(true)
    let server = try LoopbackServer { _ in
      .json(#"{"results": [{"name": "Zürich"}]}"#, delay: slow.withLock { $0 } ? .seconds(240) : .zero)
    }
    defer { server.stop() }
    let source = HTTPSource(
      url: server.url, answer: JSONAnswer(items: "results", text: "name"), session: ownSession(),
      timeout: .seconds(3))
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("zu")
    #expect(
      await waitUntil(seconds: 60) { if case .failed = session.state.phase { true } else { false } },
      "the 3 s timeout's failure, within 60 s: \(session.state.phase)")
    guard case .failed(let error) = session.state.phase else { return }
    #expect(error.message == "no answer from 127.0.0.1 within 3 s")
    slow.withLock { $0 = false }
    session.send(.refresh)
    #expect(
      await waitUntil(seconds: 60) { session.state.phase == .results },
      "results after .refresh, within 60 s: \(session.state.phase), \(server.requests.count) requests")
    #expect(session.state.suggestions.map(\.displayText) == ["Zürich"])
  }

  @Test(
    "HTTP errors and bad bodies read as one line: status, the server's message, never the body",
    arguments: [
      (
        401, #"{"message": "Forbidden - a valid key must be sent."}"#,
        "the server answered 401 unauthorized: Forbidden - a valid key must be sent."
      ),
      (
        500, "<html><body>" + String(repeating: "x", count: 5000) + "</body></html>",
        "the server answered 500 internal server error"
      ),
      (200, "not json", "the server's answer could not be read: not JSON (8 bytes)"),
      (200, #"{"items": []}"#, "the server's answer could not be read: no array of items at “results”"),
    ])
  func errors(status: Int, body: String, message: String) async throws {
    let server = try LoopbackServer { _ in .json(body, status: status) }
    defer { server.stop() }
    let source = HTTPSource(
      url: server.url, answer: JSONAnswer(items: "results", text: "name"), session: ownSession())
    let error = await #expect(throws: RemoteError.self) {
      try await source.suggestions(for: SuggestionQuery("zu"))
    }
    #expect(error.map { SessionError($0).message } == message)
  }

  @Test("429 with Retry-After: the source waits that long before asking again")
  func retryAfter() async throws {
    let server = try LoopbackServer { _ in
      LoopbackServer.Response(status: 429, headers: ["Retry-After": "120"], body: Data())
    }
    defer { server.stop() }
    let source = HTTPSource(
      url: server.url, answer: JSONAnswer(items: "results", text: "name"), session: ownSession())
    await #expect(throws: RemoteError.http(status: 429, message: nil, retryAfter: .seconds(120))) {
      try await source.suggestions(for: SuggestionQuery("a"))
    }
    let error = await #expect(throws: RemoteError.self) {
      try await source.suggestions(for: SuggestionQuery("ab"))
    }
    guard case .backingOff = error else {
      Issue.record("expected backingOff, got \(String(describing: error))")
      return
    }
    #expect(server.requests.count == 1)

    // Once the wait is over, the source asks again.
    let brief = try LoopbackServer { _ in
      LoopbackServer.Response(status: 503, headers: ["Retry-After": "1"], body: Data())
    }
    defer { brief.stop() }
    let patient = HTTPSource(
      url: brief.url, answer: JSONAnswer(items: "results", text: "name"), session: ownSession())
    _ = try? await patient.suggestions(for: SuggestionQuery("a"))
    try await Task.sleep(for: .milliseconds(1100))
    _ = try? await patient.suggestions(for: SuggestionQuery("ab"))
    #expect(brief.requests.count == 2)
  }

  @Test("a server that is not there: 'cannot reach', and the session shows it as failed")
  @MainActor func unreachable() async throws {
    // A port no parallel test's server can be given meanwhile (a stopped server's could be).
    let reserved = try ReservedPort()
    let url = reserved.url
    defer { withExtendedLifetime(reserved) {} }
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        source: HTTPSource(url: url, answer: JSONAnswer(text: "name"), session: ownSession())))
    session.textChanged("zu")
    #expect(
      await waitUntil(seconds: 60) { if case .failed = session.state.phase { true } else { false } },
      "'cannot reach', within 60 s: \(session.state.phase)")
    guard case .failed(let error) = session.state.phase else { return }
    #expect(error.message == "cannot reach 127.0.0.1 (connection refused)")
  }

  @Test("a custom request and decoder; the server's order kept with .serverOrder")
  func custom() async throws {
    let server = try LoopbackServer { _ in
      .json(#"[["Zürich", 9], ["Zug", 3], ["Zermatt", 5]]"#)
    }
    defer { server.stop() }
    struct Row: Decodable { let name: String }
    let source = HTTPSource(
      session: ownSession(),
      ranking: .serverOrder,
      request: { query in
        var request = URLRequest(url: server.url.appendingPathComponent("suggest"))
        request.httpMethod = "POST"
        request.setValue("k", forHTTPHeaderField: "X-API-Key")
        request.httpBody = Data(query.text.utf8)
        return request
      },
      decode: { data, _ in
        let rows = try JSONDecoder().decode([[AnyScalar]].self, from: data)
        return RemoteAnswer(items: rows.map { RemoteItem($0[0].text) }, isComplete: true)
      })
    let rows = try await source.suggestions(for: SuggestionQuery("z"))
    #expect(rows.map(\.displayText) == ["Zürich", "Zug", "Zermatt"])
    #expect(server.requests.first?.method == "POST")
    #expect(server.requests.first?.headers["x-api-key"] == "k")
    // An undecodable answer names where it broke.
    let broken = HTTPSource(
      session: ownSession(),
      request: { _ in URLRequest(url: server.url) },
      decode: { data, _ in
        _ = try JSONDecoder().decode([Row].self, from: data)
        return RemoteAnswer(items: [])
      })
    let error = await #expect(throws: RemoteError.self) {
      try await broken.suggestions(for: SuggestionQuery("z"))
    }
    #expect(error?.description.hasPrefix("the server's answer could not be read: “0”") == true)
  }
}

/// A JSON string or number, as text.
struct AnyScalar: Decodable {
  var text: String
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      text = string
    } else {
      text = String(try container.decode(Double.self))
    }
  }
}
