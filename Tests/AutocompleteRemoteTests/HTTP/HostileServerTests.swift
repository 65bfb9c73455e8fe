import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPSource` and `TypesenseSource` against a hostile server on 127.0.0.1 (issue 41): redirects
/// to another server (which must never see the credentials), terminal escapes and an echoed key in
/// error messages, answers too large (plainly or once decompressed), malformed answers.
@Suite("remote sources against a hostile server")
struct HostileServerTests {
  static let key = "SECRET-KEY-41"

  /// A Typesense source on `server` with ``key``.
  static func typesense(_ server: LoopbackServer) throws -> TypesenseSource {
    try TypesenseSource(
      nodes: [server.url], apiKey: key, collection: "c", queryBy: ["name"], session: ownSession(),
      connectionTimeout: .seconds(20))
  }

  /// An HTTP source on `server` sending an `Authorization` header.
  static func http(_ server: LoopbackServer) -> HTTPSource {
    HTTPSource(
      url: server.url.appendingPathComponent("search"), headers: ["Authorization": "Bearer \(key)"],
      answer: JSONAnswer(items: "results", text: "name"), session: ownSession(), timeout: .seconds(20))
  }

  /// The error `body` throws.
  static func failure(_ body: () async throws -> Void) async -> RemoteError? {
    do {
      try await body()
      return nil
    } catch {
      return error as? RemoteError
    }
  }

  @Test(
    "a redirect to another server is refused: the key never reaches it", arguments: [301, 302, 303, 307, 308])
  func crossOriginRedirect(status: Int) async throws {
    let other = try LoopbackServer { _ in .json(#"{"hits": [], "results": []}"#) }
    defer { other.stop() }
    let target = "http://localhost:\(other.port)/elsewhere"
    let node = try LoopbackServer { _ in
      LoopbackServer.Response(status: status, headers: ["Location": target], body: Data())
    }
    defer { node.stop() }
    let typesense = try Self.typesense(node)
    let typesenseError = await Self.failure {
      _ = try await typesense.suggestions(for: SuggestionQuery("zu"))
    }
    let http = Self.http(node)
    let httpError = await Self.failure { _ = try await http.suggestions(for: SuggestionQuery("zu")) }
    #expect(other.requests.isEmpty, "the other server saw \(other.requests.map(\.headers))")
    for error in [typesenseError, httpError] {
      let text = try #require(error).description
      #expect(
        text.contains("redirected the request to another server, http://localhost:\(other.port)"), "\(text)")
      #expect(!text.contains(Self.key))
    }
  }

  @Test("a redirect within the same server is followed, with the key")
  func sameOriginRedirect() async throws {
    let server = try LoopbackServer { request in
      request.path.hasPrefix("/moved")
        ? .json(#"{"results": [{"name": "Zurich"}]}"#)
        : LoopbackServer.Response(status: 307, headers: ["Location": "/moved"], body: Data())
    }
    defer { server.stop() }
    let rows = try await Self.http(server).suggestions(for: SuggestionQuery("zu"))
    #expect(rows.map(\.displayText) == ["Zurich"])
    #expect(server.requests.last?.headers["authorization"] == "Bearer \(Self.key)")
  }

  @Test("escapes and C1 controls in a server's message are escaped; an echoed key is masked")
  func hostileMessage() async throws {
    let hostile =
      "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}\u{9B}31m\u{202E}key \(Self.key) is not valid"
    let body = try JSONSerialization.data(withJSONObject: ["message": hostile])
    let server = try LoopbackServer { _ in LoopbackServer.Response(status: 400, body: body) }
    defer { server.stop() }
    let typesense = try Self.typesense(server)
    let http = Self.http(server)
    for error in [
      await Self.failure { _ = try await typesense.suggestions(for: SuggestionQuery("zu")) },
      await Self.failure { _ = try await http.suggestions(for: SuggestionQuery("zu")) },
    ] {
      let text = try #require(error).description
      #expect(
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text)")
      #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
      #expect(text.contains("\\u{1B}]0;pwned\\u{7}"), "\(text)")
      #expect(!text.contains(Self.key) && text.contains("key •••• is not valid"), "\(text)")
    }
  }

  @Test("an answer past maximumAnswerSize is refused naming the limit: announced, or once decompressed")
  func answerTooLarge() async throws {
    let big =
      Data(#"{"results": [{"name": ""#.utf8) + Data(repeating: 0x61, count: 5 << 20) + Data(#""}]}"#.utf8)
    let bomb = try await Self.gzip(Data(repeating: 0x20, count: 64 << 20))
    #expect(bomb.count < 1 << 20)
    let server = try LoopbackServer { request in
      request.path.contains("bomb")
        ? LoopbackServer.Response(
          headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        : LoopbackServer.Response(body: big)
    }
    defer { server.stop() }
    var source = Self.http(server)
    let plain = await Self.failure { _ = try await source.suggestions(for: SuggestionQuery("zu")) }
    #expect(plain == .answerTooLarge(limit: 4 << 20))
    #expect(plain?.description.contains("larger than the limit of 4 MiB") == true)
    var bombSource = HTTPSource(
      url: server.url.appendingPathComponent("bomb"), answer: JSONAnswer(items: "results", text: "name"),
      session: ownSession(), timeout: .seconds(20))
    bombSource.maximumAnswerSize = 1 << 20
    let decompressed = await Self.failure { _ = try await bombSource.suggestions(for: SuggestionQuery("zu")) }
    #expect(decompressed == .answerTooLarge(limit: 1 << 20), "\(String(describing: decompressed))")
    // A larger limit reads the plain answer.
    source.maximumAnswerSize = 8 << 20
    let rows = try await source.suggestions(for: SuggestionQuery("a"))
    #expect(rows.count == 1)
  }

  @Test(
    "an API key ending in CR LF (a key file) is trimmed and sent; one with a line break inside is refused")
  func keyWithLineEnd() async throws {
    let server = try LoopbackServer { _ in .json(#"{"hits": [], "found": 0}"#) }
    defer { server.stop() }
    let source = try TypesenseSource(
      nodes: [server.url], apiKey: Self.key + "\r\n", collection: "c", queryBy: ["name"],
      session: ownSession())
    _ = try await source.suggestions(for: SuggestionQuery("zu"))
    #expect(server.requests.first?.headers["x-typesense-api-key"] == Self.key)
    #expect(throws: RemoteError.self) {
      _ = try TypesenseSource(nodes: [server.url], apiKey: "a\r\nb", collection: "c", queryBy: ["name"])
    }
  }

  @Test("failures of the exchange are said in words, never \"network error -1\"")
  func failuresInWords() async throws {
    let server = try LoopbackServer { request in
      LoopbackServer.Response(status: 302, headers: ["Location": request.path + "x"], body: Data())
    }
    defer { server.stop() }
    let truncated = try Self.rawServer("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"results\": [")
    for (url, words) in [
      (server.url.appendingPathComponent("loop"), "too many redirects"),
      (URL(string: "http://127.0.0.1:\(truncated)/cut")!, "cut short"),
      (URL(string: "http://127.0.0.1:99999/x")!, "the URL is not valid"),
    ] {
      let source = HTTPSource(
        url: url, answer: JSONAnswer(items: "results", text: "name"), session: ownSession(),
        timeout: .seconds(20))
      let error = await Self.failure { _ = try await source.suggestions(for: SuggestionQuery("zu")) }
      let text = try #require(error).description
      #expect(!text.contains("network error"), "\(url): \(text)")
      #expect(text.contains(words) || text.contains("cut short"), "\(url): \(text)")
    }
  }

  @Test("a Typesense answer that is not UTF-8, or holds a null hit, is named for what it is")
  func undecodableAnswers() async throws {
    let server = try LoopbackServer { request in
      request.queryItems["q"] == "utf"
        ? LoopbackServer.Response(body: Data([0x7B, 0xFF, 0xFE, 0x7D]))
        : .json(#"{"hits": [null], "found": 1}"#)
    }
    defer { server.stop() }
    let source = try Self.typesense(server)
    let bytes = await Self.failure { _ = try await source.suggestions(for: SuggestionQuery("utf")) }
    #expect(bytes?.description.contains("not UTF-8 text") == true, "\(String(describing: bytes))")
    let null = await Self.failure { _ = try await source.suggestions(for: SuggestionQuery("nul")) }
    #expect(
      null?.description.contains("hit 0 in Typesense's answer is null") == true, "\(String(describing: null))"
    )
  }

  /// A server on 127.0.0.1 that answers its first connection with `raw`, then hangs up; its port.
  static func rawServer(_ raw: String) throws -> UInt16 {
    let (listener, port) = try ReservedPort.boundLoopbackSocket(reusingAddress: true)
    guard listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    Thread {
      defer { close(listener) }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 4096)
      _ = recv(client, &buffer, buffer.count, 0)
      _ = Array(raw.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      close(client)
    }.start()
    return port
  }

  /// `data` compressed by `gzip -c`, awaited (its end reported by `terminationHandler`) rather than
  /// waited for with `waitUntilExit()`, which would hold a cooperative-pool thread while gzip runs.
  static func gzip(_ data: Data) async throws -> Data {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
    try data.write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -c '\(input.path)' > '\(input.path).gz'"]
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    #expect(process.terminationStatus == 0, "gzip failed")
    defer { try? FileManager.default.removeItem(atPath: input.path + ".gz") }
    return try Data(contentsOf: URL(fileURLWithPath: input.path + ".gz"))
  }
}
