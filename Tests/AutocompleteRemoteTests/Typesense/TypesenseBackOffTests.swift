import AutocompleteCore
import Foundation
import Testing

@testable import AutocompleteRemote

/// A node that asks for a pause (503 with `Retry-After`) is a failed node: the same keystroke is
/// answered by the next node, and the pause holds back that node only.
@Suite("Typesense: a node's Retry-After")
struct TypesenseBackOffTests {
  @Test("a 503 with Retry-After from one node: the next node answers, now and on later keystrokes")
  func retryAfterFailsOver() async throws {
    let busy = try LoopbackServer { _ in
      var response = LoopbackServer.Response.json(#"{"message": "Not Ready or Lagging"}"#, status: 503)
      response.headers["Retry-After"] = "120"
      return response
    }
    defer { busy.stop() }
    let healthy = try LoopbackServer { request in
      let text = request.queryItems["q"] ?? ""
      return .json(#"{"found": 1, "hits": [{"document": {"id": "1", "name": "Zürich \#(text)"}}]}"#)
    }
    defer { healthy.stop() }
    // The health-check interval is zero, so the busy node is tried again on every keystroke: only
    // its own back-off, not the whole source's, may keep it out.
    let source = try TypesenseSource(
      nodes: [busy.url, healthy.url], apiKey: "key", collection: "cities", queryBy: ["name"],
      session: ownSession(), healthcheckInterval: .zero)
    let options = SearchOptions(mode: .contains)
    for text in ["zu", "zur", "zuri"] {
      let rows = try await source.suggestions(for: SuggestionQuery(text, options: options))
      #expect(rows.map(\.displayText) == ["Zürich \(text)"])
    }
    // The busy node was asked once; afterwards its pause kept requests away from it, not from the
    // healthy node.
    #expect(busy.requests.count == 1)
    #expect(healthy.requests.count == 3)
  }
}
