import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Synchronization
import Testing

/// Characters typed ahead of the picker (waiting in the terminal's input while it answered an earlier
/// key) edit the text without searching; the session is told the text once, at the last of them or at
/// the first other key (not in a session with triggers or tokens, which reads every edit). Played on a
/// pseudo-terminal, so the keys really wait in a `TerminalInput`.
@Suite("SessionPickerController: keys typed ahead")
struct SessionPickerTypeAheadTests {
  /// The queries a source was asked, in order.
  final class QueryLog: Sendable {
    private let texts = Mutex<[String]>([])
    var all: [String] { texts.withLock { $0 } }
    func append(_ text: String) { texts.withLock { $0.append(text) } }
  }

  /// A picker on a pseudo-terminal in raw mode (keys arrive as typed): its input, a controller whose
  /// source logs every query, and the queries asked since it was made.
  final class Harness {
    let pty: PseudoTerminal
    let input: TerminalInput
    let controller: SessionPickerController
    private let terminalGuard: TerminalGuard
    private let log = QueryLog()
    private let initialQueries: Int
    private var iterator: AsyncStream<TerminalEvent>.Iterator

    init(tokens: TokenFieldConfiguration? = nil) async throws {
      pty = try #require(PseudoTerminal(columns: 40, rows: 8))
      terminalGuard = try TerminalGuard(device: pty.device)
      input = TerminalInput(device: pty.device)
      iterator = input.events.makeAsyncIterator()
      let (log, input) = (log, input)
      controller = await MainActor.run {
        let cities = citySource()
        let source = FilterSource { query in
          log.append(query.text)
          return cities.immediateSuggestions(for: query) ?? []
        }
        var configuration = SessionConfiguration(source: source)
        configuration.highlightsFirstRow = true
        configuration.tokens = tokens
        let controller = SessionPickerController(session: AutocompleteSession(configuration: configuration))
        let wake = WakeSignal()
        wake.attach(input)
        controller.wakeSignal = wake
        return controller
      }
      initialQueries = log.all.count
    }

    deinit {
      input.stop()
      terminalGuard.restore()
    }

    /// The queries asked since the harness was made.
    var queries: [String] { Array(log.all.dropFirst(initialQueries)) }

    /// Types `keys` and takes the `count` events they make from the input, still counted as
    /// waiting: the state of a picker that was busy while they were typed.
    func typeAhead(_ keys: String, count: Int) async -> [TerminalEvent] {
      pty.type(keys)
      return await collect(count, from: &iterator, input: input, skippingResizes: true)
    }

    /// Takes `event` from the input (no longer waiting) and lets the controller handle it.
    @discardableResult
    func handle(_ event: TerminalEvent) async -> SessionPickerController.Step {
      input.received(event)
      let controller = controller
      return await MainActor.run { controller.handle(event) }
    }
  }

  @Test("a burst of letters is searched once, for the whole text; Enter then picks from that answer")
  func burstSearchesOnce() async throws {
    let picker = try await Harness()
    let events = await picker.typeAhead("pari\r", count: 5)
    #expect(events.count == 5)
    #expect(picker.input.hasWaitingKeys)
    var steps: [SessionPickerController.Step] = []
    for event in events { steps.append(await picker.handle(event)) }
    #expect(!picker.input.hasWaitingKeys)
    #expect(picker.queries == ["pari"])
    guard case .finish(.picked(let picked)) = steps.last else {
      Issue.record("Enter did not pick: \(String(describing: steps.last))")
      return
    }
    #expect(picked.completionText == "Paris")
  }

  @Test("a key that is not an edit (↓) first searches the text typed before it")
  func navigationKeyReportsFirst() async throws {
    let picker = try await Harness()
    let events = await picker.typeAhead("pa\u{1B}[Br", count: 4)
    #expect(events.count == 4)
    for event in events { await picker.handle(event) }
    #expect(picker.queries == ["pa", "par"])
    let controller = picker.controller
    #expect(await MainActor.run { controller.editor.text } == "par")
  }

  @Test("text typed ahead whose last key went elsewhere is searched when the frame is built")
  func viewModelReportsWhenNoKeysWait() async throws {
    let picker = try await Harness()
    let controller = picker.controller
    let events = await picker.typeAhead("po", count: 2)
    #expect(events.count == 2)
    await picker.handle(events[0])
    #expect(await MainActor.run { controller.viewModel() }.text == "p")
    #expect(picker.queries.isEmpty)  // "o" still waits: no search yet
    picker.input.received(events[1])  // taken by another part of the app, not this controller
    let model = await MainActor.run { controller.viewModel() }
    #expect(picker.queries == ["p"])
    #expect(model.rows.map(\.title).contains("Porto"))
  }

  @Test("an app that reads the state for a key of its own sees the text typed ahead, searched")
  func stateReportsFirst() async throws {
    let picker = try await Harness()
    let controller = picker.controller
    let events = await picker.typeAhead("pa\r", count: 3)
    #expect(events.count == 3)
    for event in events.prefix(2) { await picker.handle(event) }
    #expect(picker.queries.isEmpty)  // Enter still waits
    picker.input.received(events[2])  // an app's own Enter: it looks at the rows first
    #expect(await MainActor.run { controller.state.text } == "pa")
    #expect(picker.queries == ["pa"])
  }

  @Test(
    "in a token field every edit is reported as it is made: a separator makes a token of the text before it")
  func tokenFieldReportsEachEdit() async throws {
    let picker = try await Harness(tokens: TokenFieldConfiguration())
    let events = await picker.typeAhead("po", count: 2)
    #expect(events.count == 2)
    for event in events { await picker.handle(event) }
    #expect(picker.queries == ["p", "po"])
  }
}
