import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Synchronization
import Testing

/// Characters typed ahead of the picker (waiting in the terminal's input while it answered an earlier
/// key) edit the text without searching; the session is told the text once, at the last of them or at
/// the first other key (not in a session with triggers or tokens, which reads every edit). Played on a pseudo-terminal, so the keys really wait in a
/// `TerminalInput`.
@Suite("SessionPickerController: keys typed ahead")
struct SessionPickerTypeAheadTests {
  /// The queries a source was asked, in order.
  final class QueryLog: Sendable {
    private let texts = Mutex<[String]>([])
    var all: [String] { texts.withLock { $0 } }
    func append(_ text: String) { texts.withLock { $0.append(text) } }
  }

  /// A controller whose source logs every query, its wake signal attached to `input`.
  @MainActor
  func makeLoggingController(
    logging log: QueryLog, input: TerminalInput, tokens: TokenFieldConfiguration? = nil
  ) -> SessionPickerController {
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

  /// Types `keys` on `pty` and takes the `count` events they make from the input, still counted as
  /// waiting: the state of a picker that was busy while they were typed.
  func typeAhead(
    _ keys: String, count: Int, on pty: PseudoTerminal, input: TerminalInput,
    iterator: inout AsyncStream<TerminalEvent>.Iterator
  ) async -> [TerminalEvent] {
    pty.type(keys)
    return await collect(count, from: &iterator, input: input)
  }

  @Test("a burst of letters is searched once, for the whole text; Enter then picks from that answer")
  func burstSearchesOnce() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let terminalGuard = try TerminalGuard(device: pty.device)  // raw mode: keys arrive as typed
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let log = QueryLog()
    let controller = await MainActor.run { makeLoggingController(logging: log, input: input) }
    let before = log.all.count
    let events = await typeAhead("pari\r", count: 5, on: pty, input: input, iterator: &iterator)
    #expect(events.count == 5)
    #expect(input.hasWaitingKeys)
    var steps: [SessionPickerController.Step] = []
    for event in events {
      input.received(event)
      steps.append(await MainActor.run { controller.handle(event) })
    }
    #expect(!input.hasWaitingKeys)
    #expect(Array(log.all.dropFirst(before)) == ["pari"])
    guard case .finish(.picked(let picked)) = steps.last else {
      Issue.record("Enter did not pick: \(String(describing: steps.last))")
      return
    }
    #expect(picked.completionText == "Paris")
  }

  @Test("a key that is not an edit (↓) first searches the text typed before it")
  func navigationKeyReportsFirst() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let log = QueryLog()
    let controller = await MainActor.run { makeLoggingController(logging: log, input: input) }
    let before = log.all.count
    let events = await typeAhead("pa\u{1B}[Br", count: 4, on: pty, input: input, iterator: &iterator)
    #expect(events.count == 4)
    for event in events {
      input.received(event)
      _ = await MainActor.run { controller.handle(event) }
    }
    #expect(Array(log.all.dropFirst(before)) == ["pa", "par"])
    let text = await MainActor.run { controller.editor.text }
    #expect(text == "par")
  }

  @Test("text typed ahead whose last key went elsewhere is searched when the frame is built")
  func viewModelReportsWhenNoKeysWait() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let log = QueryLog()
    let controller = await MainActor.run { makeLoggingController(logging: log, input: input) }
    let before = log.all.count
    let events = await typeAhead("po", count: 2, on: pty, input: input, iterator: &iterator)
    #expect(events.count == 2)
    input.received(events[0])
    let waitingModel = await MainActor.run {
      _ = controller.handle(events[0])
      return controller.viewModel()
    }
    #expect(waitingModel.text == "p")
    #expect(log.all.count == before)  // "o" still waits: no search yet
    input.received(events[1])  // taken by another part of the app, not this controller
    let model = await MainActor.run { controller.viewModel() }
    #expect(Array(log.all.dropFirst(before)) == ["p"])
    #expect(model.rows.map(\.title).contains("Porto"))
  }

  @Test("an app that reads the state for a key of its own sees the text typed ahead, searched")
  func stateReportsFirst() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let log = QueryLog()
    let controller = await MainActor.run { makeLoggingController(logging: log, input: input) }
    let before = log.all.count
    let events = await typeAhead("pa\r", count: 3, on: pty, input: input, iterator: &iterator)
    #expect(events.count == 3)
    for event in events.prefix(2) {
      input.received(event)
      _ = await MainActor.run { controller.handle(event) }
    }
    #expect(log.all.count == before)  // Enter still waits
    input.received(events[2])  // an app's own Enter: it looks at the rows first
    let text = await MainActor.run { controller.state.text }
    #expect(text == "pa")
    #expect(Array(log.all.dropFirst(before)) == ["pa"])
  }

  @Test(
    "in a token field every edit is reported as it is made: a separator makes a token of the text before it")
  func tokenFieldReportsEachEdit() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let log = QueryLog()
    let controller = await MainActor.run {
      makeLoggingController(logging: log, input: input, tokens: TokenFieldConfiguration())
    }
    let before = log.all.count
    let events = await typeAhead("po", count: 2, on: pty, input: input, iterator: &iterator)
    #expect(events.count == 2)
    for event in events {
      input.received(event)
      _ = await MainActor.run { controller.handle(event) }
    }
    #expect(Array(log.all.dropFirst(before)) == ["p", "po"])
  }
}
