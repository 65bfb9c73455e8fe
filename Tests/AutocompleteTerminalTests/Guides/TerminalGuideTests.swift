import AutocompleteCore
import AutocompleteTerminal
import Foundation
import Testing

/// The snippet of Guides/Terminal.md. As written it runs on the controlling terminal (`/dev/tty`) and
/// ends the process with `exit(1)`, so it is compiled here (`pickCity`) and not called; the test
/// runs the same session and controller the way ``SessionPickerApp/run(_:loop:layout:)`` does, on a
/// pseudo-terminal, and picks as a user would.
@Suite("Guides/Terminal.md snippet")
struct TerminalGuideTests {
  /// The snippet, as written.
  @MainActor
  static func pickCity(_ items: [AutocompleteItem]) async throws {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [IndexSource(SearchIndex(items))], highlightsFirstRow: true))
    let controller = SessionPickerController(session: session, style: SessionPickerStyle(prompt: "City: "))
    switch try await SessionPickerApp.run(controller) {
    case .picked(let row)?: print(row.completionText)
    case .returned, .actionRowPicked, .cancelled, nil: exit(1)
    }
  }

  @Test("the snippet's picker picks the highlighted first row on Enter")
  func picker() async throws {
    let pty = try #require(PseudoTerminal(columns: 40, rows: 8))
    let items: [AutocompleteItem] = ["Sydney", "Sion", "Zürich", "Zug"]
    let (controller, wake) = await MainActor.run {
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [IndexSource(SearchIndex(items))], highlightsFirstRow: true))
      let controller = SessionPickerController(session: session, style: SessionPickerStyle(prompt: "City: "))
      let wake = WakeSignal()
      controller.wakeSignal = wake
      return (controller, wake)
    }
    var app = await SessionPickerApp(controller: controller)
    let outcome = try await TerminalEventLoop(tickInterval: nil).run(&app, device: pty.device) { input in
      wake.attach(input)
      pty.type("zür\r")
    }
    guard case .picked(let row)? = outcome else {
      Issue.record("expected a pick, got \(String(describing: outcome))")
      return
    }
    #expect(row.completionText == "Zürich")
    #expect(pty.readOutput().contains("City: "))
  }
}
