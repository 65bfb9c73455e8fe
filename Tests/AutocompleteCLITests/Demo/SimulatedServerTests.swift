import AutocompleteCore
import AutocompleteTerminal
import Testing

@testable import autocomplete

/// The async screen's simulated server decides each request on its own, so a retry can succeed.
@Suite("Simulated server")
struct SimulatedServerTests {
  @Test("a query whose first request failed is answered on a retry; a seed replays the same session")
  func retrySucceeds() async throws {
    let data = try PickerData.cities()
    let server = SimulatedServer(seed: 3, data: data, wake: WakeSignal())
    // A query whose first request fails and whose second does not (1 in 5 requests fails).
    let text = try #require(
      ["sa", "pa", "be", "lo", "to", "ma", "ca", "ne", "ba", "ch", "de", "li", "mo", "ro", "si", "ku"].first {
        text in
        server.plan(for: text, attempt: 0).fails && !server.plan(for: text, attempt: 1).fails
      })
    let query = SuggestionQuery(text, options: SearchOptions(maximumCount: 5))
    await #expect(throws: ServerError.self) { try await server.answer(query) }
    let rows = try await server.answer(query)
    #expect(!rows.isEmpty)
    // The plan is a function of seed, text and attempt.
    let again = SimulatedServer(seed: 3, data: data, wake: WakeSignal())
    #expect(again.plan(for: text, attempt: 1).fails == server.plan(for: text, attempt: 1).fails)
    // About one request in five fails, and no text fails on every attempt.
    let plans = (0..<200).map { server.plan(for: "q\($0)", attempt: 0).fails }
    #expect((20...60).contains(plans.filter { $0 }.count))
    for index in 0..<50 {
      #expect((0..<12).contains { !server.plan(for: "q\(index)", attempt: $0).fails })
    }
  }
}
