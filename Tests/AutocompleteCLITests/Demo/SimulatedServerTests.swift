import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Testing

@testable import autocomplete

/// The async demo's pretend server decides each request on its own (issue 22): a retry of a failed
/// query can succeed, as with a real flaky server, and a seed still replays the same session.
@Suite("the async demo's simulated server")
struct SimulatedServerTests {
  static func server(seed: UInt64 = 7) -> SimulatedServer {
    let data = PickerData.items(
      [AutocompleteItem("Paris"), AutocompleteItem("Parma")], name: "Test",
      detail: { _ in nil })
    return SimulatedServer(seed: seed, data: data, wake: WakeSignal())
  }

  @Test("every query that fails once succeeds on some retry; the plan replays for a seed")
  func retriesCanSucceed() {
    let server = Self.server()
    let replay = Self.server()
    var failedFirst = 0
    for number in 0..<500 {
      let text = "q\(number)"
      #expect(server.plan(for: text, attempt: 3) == replay.plan(for: text, attempt: 3))
      guard server.plan(for: text).fails else { continue }
      failedFirst += 1
      #expect((1..<30).contains { !server.plan(for: text, attempt: $0).fails }, "\(text) never succeeds")
    }
    // About one in five fails the first time.
    #expect((50...150).contains(failedFirst))
  }

  @Test("Ctrl-R's second request for a failed query gets the rows")
  func secondRequestAnswers() async throws {
    let server = Self.server()
    let text = try #require(
      (0..<2000).map { "pa\($0)" }.first { text in
        let first = server.plan(for: text), second = server.plan(for: text, attempt: 1)
        return first.fails && !second.fails && first.milliseconds + second.milliseconds < 800
      })
    await #expect(throws: ServerError.self) { try await server.answer(SuggestionQuery(text)) }
    _ = try await server.answer(SuggestionQuery(text))
    #expect(server.recentEvents(2).first?.hasSuffix("shown") == true)
  }

  @Test("a query with ! fails on every attempt")
  func bangAlwaysFails() {
    let server = Self.server()
    #expect((0..<20).allSatisfy { server.plan(for: "par!", attempt: $0).fails })
  }
}
