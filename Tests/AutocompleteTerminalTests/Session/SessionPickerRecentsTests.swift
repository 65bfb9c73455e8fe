import AutocompleteCore
import AutocompleteTerminal
import Foundation
import TestSupport
import Testing

/// The terminal's keys for recents and the app-in-control events: Ctrl-T fills (tap-ahead),
/// Shift-Delete forgets a recent row, Ctrl-P/Ctrl-N walk a query history; recent rows drawn with a
/// clock.
@MainActor
@Suite("Session picker: fill, recents and history keys")
struct SessionPickerRecentsTests {
  static func recentsController(_ store: InMemoryRecentsStore) -> SessionPickerController {
    makeController(
      SessionConfiguration(
        sources: [citySource()], searchOptions: SearchOptions(maximumCount: -1), highlightsFirstRow: true,
        recents: SessionRecents(store: store, field: "city", entryID: { $0.completionText })))
  }

  @Test(
    "the routes: Ctrl-T fills, Shift-Delete forgets a recent, Ctrl-P/N walk a history when there is one",
    .offThePool)
  func routes() {
    #expect(SessionKeyRoute(.control("t")) == .fill)
    #expect(SessionKeyRoute(.shiftDelete) == .removeRecent)
    #expect(SessionKeyRoute(.control("p")) == .session(.up))
    #expect(SessionKeyRoute(.control("n")) == .session(.down))
    #expect(SessionKeyRoute(.control("p"), walksHistory: true) == .previousQuery)
    #expect(SessionKeyRoute(.control("n"), walksHistory: true) == .nextQuery)
    #expect(SessionKeyRoute(.up, walksHistory: true) == .session(.up))
  }

  @Test("Ctrl-T puts the highlighted row's text in the field and searches it; nothing is picked", .offThePool)
  func fill() {
    let controller = makeController(
      SessionConfiguration(
        sources: [citySource()], searchOptions: SearchOptions(maximumCount: -1), highlightsFirstRow: true))
    controller.type("p")
    controller.press(.down)
    let second = controller.state.suggestions[1]
    let step = controller.press(.control("t"))
    #expect(step.outcome == nil)
    #expect(controller.editor.text == second.completionText)
    #expect(controller.state.answeredQuery?.text == second.completionText)
    #expect(controller.state.isOpen)
    #expect(controller.viewModel().rows.first?.title == second.displayText)
    let closed = makeController(SessionConfiguration(source: citySource()))
    closed.type("zz")
    closed.press(.control("t"))  // no row: nothing happens
    #expect(closed.editor.text == "zz")
  }

  @Test(
    "the empty field lists its recents with a clock; Shift-Delete forgets the highlighted one", .offThePool)
  func recents() throws {
    let store = InMemoryRecentsStore()
    let controller = Self.recentsController(store)
    #expect(controller.viewModel().status == .none)  // no recents yet: no "No results" either
    controller.type("san")
    controller.press(.enter)
    #expect(store.entries(for: "city").map(\.id) == ["Santos"])
    controller.press(.control("u"))
    let model = controller.viewModel()
    #expect(model.rows.map(\.title) == ["Santos"])
    #expect(model.rows.map(\.isRecent) == [true])
    var buffer = ScreenBuffer(columns: 30, rows: 5)
    PickerView(model: model).render(into: &buffer)
    #expect(buffer.plainText.split(separator: "\n")[1].hasPrefix("› ◷ Santos"))
    controller.press(.shiftDelete)
    #expect(store.entries(for: "city").isEmpty)
    #expect(controller.viewModel().rows.isEmpty)
    #expect(controller.viewModel().status == .none)
  }

  @Test("Shift-Delete on a row that is not a recent deletes like Delete", .offThePool)
  func shiftDeleteEdits() {
    let controller = Self.recentsController(InMemoryRecentsStore())
    controller.type("pari")
    controller.press(.left, .shiftDelete)
    #expect(controller.editor.text == "par")
  }

  @Test(
    "with a history, Ctrl-P recalls earlier queries (searched), Ctrl-N comes back to the typed text",
    .offThePool)
  func history() {
    let controller = makeController(
      SessionConfiguration(sources: [citySource()], searchOptions: SearchOptions(maximumCount: -1)))
    controller.history = QueryHistory(queries: ["san", "par"])
    controller.type("po")
    controller.press(.control("p"))
    #expect(controller.editor.text == "par")
    #expect(controller.state.query?.text == "par")
    controller.press(.control("p"))
    #expect(controller.editor.text == "san")
    controller.press(.control("p"))  // the oldest: stays
    #expect(controller.editor.text == "san")
    controller.press(.control("n"), .control("n"))
    #expect(controller.editor.text == "po")
    controller.press(.down)  // ↓ still moves
    #expect(controller.state.highlight == .suggestion(0))
  }
}
