import AutocompleteCore
import Foundation
import Testing

@testable import AutocompleteRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Requests cancelled as they start, as fast typing does, never trap: swift-corelibs-foundation
/// crashed ("Trying to access a behaviour for a task that in not in the registry") when a cancel met
/// a session's URL-cache lookup, so the fetcher drops the cache of the session it is given.
@Suite("HTTPSource: cancelled as it starts")
struct CancellationRaceTests {
  @Test("2,000 requests cancelled at once or a moment later, on a session with a URL cache: no trap")
  func cancelledAsTheyStart() async throws {
    let server = try LoopbackServer { request in
      .json(#"{"results": [{"name": "Zürich \#(request.queryItems["q"] ?? "")"}]}"#)
    }
    defer { server.stop() }
    // The configuration a user would most likely inject: the default one, with its URL cache.
    let session = URLSession(configuration: .default)
    let source = HTTPSource(
      url: server.url, answer: JSONAnswer(items: "results", text: "name"), session: session,
      narrowsLocally: false)
    #if canImport(FoundationNetworking)
      #expect(source.fetcher.session.configuration.urlCache == nil)
    #endif
    var answered = 0
    for round in 0..<2_000 {
      let task = Task { try await source.suggestions(for: SuggestionQuery("z\(round)")) }
      if round % 3 == 1 { await Task.yield() }
      if round % 3 == 2 { try? await Task.sleep(for: .microseconds(200)) }
      task.cancel()
      if (try? await task.value) != nil { answered += 1 }
    }
    // Some finished before their cancel, most did not; every one ended.
    #expect(answered < 2_000)
  }
}
