import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny picker app: edits the line, shows matching cities, Enter returns the text, Esc cancels.
private struct CityApp: TerminalApp {
  var editor = LineEditor()
  var highlighted = 0
  let cities = ["Paris", "Parma", "Porto", "東京"]

  mutating func handle(_ event: TerminalEvent) async -> TerminalAppStep<String?> {
    guard case .key(let key) = event else { return .proceed }
    if editor.apply(key) { return .proceed }
    switch key {
    case .enter: return .finish(matches.isEmpty ? editor.text : matches[highlighted])
    case .escape, .control("c"): return .finish(nil)
    case .down: highlighted = min(highlighted + 1, max(0, matches.count - 1))
    case .up: highlighted = max(0, highlighted - 1)
    default: break
    }
    return .proceed
  }

  var matches: [String] { cities.filter { $0.lowercased().hasPrefix(editor.text.lowercased()) } }

  mutating func draw(into buffer: inout ScreenBuffer) {
    let model = PickerViewModel(
      prompt: "> ", text: editor.text, caret: editor.caret,
      rows: matches.map { PickerViewModel.Row(title: $0) }, highlightedRow: highlighted, isOpen: true,
      status: .count(shown: matches.count, total: cities.count))
    PickerView(model: model).render(into: &buffer)
  }
}

@Suite("Terminal device (pseudo-terminal)", .serialized)
struct TerminalDeviceTests {
  @Test("window size, raw mode, setup and restore", .offThePool)
  func guardRestores() throws {
    let pty = try #require(PseudoTerminal(columns: 33, rows: 7))
    #expect(pty.device.size() == TerminalSize(columns: 33, rows: 7))
    let before = try pty.device.attributes()
    #expect(before.c_lflag & tcflag_t(ICANON) != 0)
    let terminalGuard = try TerminalGuard(device: pty.device)
    let raw = try pty.device.attributes()
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(pty.readOutput().contains(TerminalGuard.setupSequence))
    terminalGuard.restore()
    terminalGuard.restore()
    let after = try pty.device.attributes()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    let output = pty.readOutput()
    #expect(output == TerminalGuard.resetSequence)
  }

  @Test("the guard restores on deinit, when its owner throws", .offThePool)
  func guardRestoresOnThrow() throws {
    struct Failure: Error {}
    let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
    let before = try pty.device.attributes()
    func work() throws {
      let terminalGuard = try TerminalGuard(device: pty.device)
      _ = terminalGuard
      throw Failure()
    }
    #expect(throws: Failure.self) { try work() }
    #expect(try pty.device.attributes().c_lflag == before.c_lflag)
    #expect(pty.readOutput().hasSuffix(TerminalGuard.resetSequence))
  }

  @Test("the signal-handler path restores the saved attributes and writes the reset sequence", .offThePool)
  func signalHandlerPath() throws {
    let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
    let before = try pty.device.attributes()
    let terminalGuard = try TerminalGuard(device: pty.device)
    _ = pty.readOutput()
    #expect(try pty.device.attributes().c_lflag != before.c_lflag)
    restoreTerminalFromSignalHandler()
    #expect(try pty.device.attributes().c_lflag == before.c_lflag)
    #expect(pty.readOutput() == TerminalGuard.resetSequence)
    // Only once: a second signal (or the guard's own restore) does not write the reset bytes again
    // from the handler path.
    restoreTerminalFromSignalHandler()
    #expect(pty.readOutput() == "")
    terminalGuard.restore()
  }

  @Test(
    "two guards at once (two pickers): the first one's end leaves the second's terminal and handlers",
    .offThePool)
  func twoGuardsAtOnce() throws {
    let first = try #require(PseudoTerminal(columns: 20, rows: 5))
    let second = try #require(PseudoTerminal(columns: 20, rows: 5))
    let guardA = try TerminalGuard(device: first.device)
    let guardB = try TerminalGuard(device: second.device)
    guardA.restore()
    #expect(SignalState.shared.pointee.isGuardActive == 1)
    var action = sigaction()
    sigaction(SIGTERM, nil, &action)
    #if canImport(Glibc)
      #expect(action.__sigaction_handler.sa_handler != nil, "the second guard's handler stays")
    #endif
    guardB.restore()
  }

  @Test("the reader decodes keys, flushes a lone ESC, and delivers posted events")
  func reader() async throws {
    let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    pty.type("aé\u{1B}[A\u{1B}[200~x\ny\u{1B}[201~")
    let keys = await collect(4, from: &iterator, input: input)
    #expect(keys == [.key(.character("a")), .key(.character("é")), .key(.up), .key(.paste("x y"))])
    pty.type("\u{1B}")
    #expect(await collect(1, from: &iterator, input: input) == [.key(.escape)])
    input.post(.wake)
    #expect(await collect(1, from: &iterator, input: input) == [.wake])
    // A resize: the window changes, SIGWINCH arrives (raised here, as the pty is not our controlling
    // terminal), and the reader reports the new size.
    var size = winsize(ws_row: 9, ws_col: 44, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(pty.terminal, UInt(TIOCSWINSZ), &size)
    kill(getpid(), SIGWINCH)
    #expect(await collect(1, from: &iterator, input: input) == [.resize(TerminalSize(columns: 44, rows: 9))])
    input.stop()
    #expect(await iterator.next() == nil)
  }

  @Test("a bracketed paste whose end marker never comes ends after the paste timeout; keys work again")
  func unterminatedPasteTimesOut() async throws {
    let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
    let terminalGuard = try TerminalGuard(device: pty.device)
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device, pasteTimeout: .milliseconds(200))
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    pty.type("\u{1B}[200~abc")
    #expect(await collect(1, from: &iterator, input: input) == [.key(.paste("abc"))])
    pty.type("\u{03}")
    #expect(await collect(1, from: &iterator, input: input) == [.key(.control("c"))])
  }

  @Test("a style change outside a key (a footer with reading progress) wakes the loop; an equal one does not")
  func styleChangeWakes() async throws {
    let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
    let terminalGuard = try TerminalGuard(device: pty.device)  // raw mode: keys arrive one by one
    defer { terminalGuard.restore() }
    let input = TerminalInput(device: pty.device)
    defer { input.stop() }
    var iterator = input.events.makeAsyncIterator()
    let wake = WakeSignal()
    wake.attach(input)
    let controller = await MainActor.run {
      let controller = SessionPickerController(
        session: AutocompleteSession(configuration: SessionConfiguration()))
      controller.wakeSignal = wake
      controller.style.footer = "loading… 5 lines"
      return controller
    }
    #expect(await collect(1, from: &iterator, input: input) == [.wake])
    await MainActor.run { controller.style.footer = "loading… 5 lines" }  // unchanged: no wake
    pty.type("x")
    #expect(await collect(1, from: &iterator, input: input) == [.key(.character("x"))])
  }

  @Test("the event loop runs an app end to end and restores the terminal")
  func eventLoop() async throws {
    let pty = try #require(PseudoTerminal(columns: 30, rows: 6))
    let before = try pty.device.attributes()
    var app = CityApp()
    let loop = TerminalEventLoop(tickInterval: nil)
    let outcome = try await loop.run(&app, device: pty.device) { _ in
      pty.type("pa\u{1B}[B\r")
    }
    #expect(outcome == "Parma")
    #expect(try pty.device.attributes().c_lflag == before.c_lflag)
    var output = pty.readOutput()
    #expect(output.hasPrefix(TerminalGuard.setupSequence))
    #expect(output.hasSuffix(TerminalGuard.resetSequence))
    output = String(
      output.dropFirst(TerminalGuard.setupSequence.count).dropLast(TerminalGuard.resetSequence.count))
    var emulator = TestTerminalEmulator(columns: 30, rows: 6)
    emulator.apply(output)
    #expect(emulator.unknownSequences.isEmpty)
    #expect(emulator.screen.plainText == "> pa\n  Paris\n› Parma\n  2/4\n\n")
    #expect(emulator.screen.cursor == CursorPosition(row: 0, column: 4))
  }

  @Test("inline mode draws below the cursor without the alternate screen and erases itself")
  func inlineEventLoop() async throws {
    let pty = try #require(PseudoTerminal(columns: 30, rows: 10))
    var app = CityApp()
    let loop = TerminalEventLoop(tickInterval: nil, mode: .inline(maximumHeight: 5))
    let outcome = try await loop.run(&app, device: pty.device) { _ in pty.type("po\r") }
    #expect(outcome == "Porto")
    var output = pty.readOutput()
    #expect(output.hasPrefix(TerminalGuard.inlineSetupSequence))
    #expect(output.hasSuffix(TerminalGuard.inlineResetSequence))
    #expect(!output.contains("\u{1B}[?1049"))
    #expect(!output.contains("\u{1B}[2J"))
    output = String(
      output.dropFirst(TerminalGuard.inlineSetupSequence.count).dropLast(
        TerminalGuard.inlineResetSequence.count))
    var emulator = TestTerminalEmulator(columns: 30, rows: 10)
    emulator.apply("$ city=$(autocomplete)\r\n")
    // Before the final erase, the picker is on the lines under the command.
    let erase = try #require(output.range(of: "\u{1B}[J", options: .backwards))
    var before = emulator
    before.apply(String(output[..<erase.lowerBound]))
    #expect(before.screen.plainLine(1) == "> po")
    #expect(before.screen.plainLine(2) == "› Porto")
    #expect(before.screen.plainLine(3) == "  1/4")
    #expect(before.screen.plainLine(6) == "")
    emulator.apply(output)
    #expect(emulator.unknownSequences.isEmpty)
    #expect(emulator.screen.plainText == "$ city=$(autocomplete)" + String(repeating: "\n", count: 9))
    #expect(emulator.row == 1 && emulator.column == 0)
  }
}
