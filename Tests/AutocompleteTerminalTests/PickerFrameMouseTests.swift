import AutocompleteCore
import AutocompleteTerminal
import TestSupport
import Testing

@Suite("Mouse: frame rows and the controller")
struct PickerFrameMouseTests {
  @Test("the frame maps each screen row of the list to its model row, below and above the input", .offThePool)
  func rowsByScreenRow() {
    let model = PickerViewModel(
      text: "par", caret: 3, rows: twentyCities, highlightedRow: 0, isOpen: true, status: .none)
    let below = renderPicker(model, columns: 40, rows: 8)
    // Input on row 0, the list from row 1, "↓ n more" on the last list row.
    #expect(below.frame.row(atScreenRow: 0) == nil)
    #expect(below.frame.row(atScreenRow: 1) == 0)
    #expect(below.frame.row(atScreenRow: 3) == 2)
    let lastRow = below.frame.visibleRows.upperBound - 1
    #expect(below.frame.rowsByScreenRow.values.max() == lastRow)
    let above = renderPicker(
      model, columns: 40, rows: 8, layout: PickerLayout(anchorRow: 7, placement: .above))
    let top = above.frame.rowsByScreenRow.keys.min()
    #expect(above.frame.row(atScreenRow: 7) == nil)
    #expect(top.flatMap { above.frame.row(atScreenRow: $0) } != nil)
  }

  @Test("a click on a row picks it; the wheel moves the highlight; other buttons do nothing", .offThePool)
  @MainActor
  func controller() {
    let items: [AutocompleteItem] = ["alpha", "beta", "gamma"]
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(items)], searchOptions: SearchOptions(maximumCount: -1), minimumQueryLength: 0,
        showsSuggestionsOnFocus: true))
    let controller = SessionPickerController(session: session)
    #expect(session.state.suggestions.count == 3)
    _ = controller.handleMouse(.wheelDown, row: nil)
    _ = controller.handleMouse(.wheelDown, row: nil)
    #expect(session.state.highlight == .suggestion(1))
    _ = controller.handleMouse(.wheelUp, row: nil)
    #expect(session.state.highlight == .suggestion(0))
    #expect(Self.proceeds(controller.handleMouse(.press(button: 2), row: 2)))
    #expect(Self.proceeds(controller.handleMouse(.press(button: 0), row: 7)))
    guard case .finish(.picked(let picked)) = controller.handleMouse(.press(button: 0), row: 2) else {
      Issue.record("a click should pick")
      return
    }
    #expect(picked.displayText == "gamma")
  }

  static func proceeds(_ step: SessionPickerController.Step) -> Bool {
    if case .proceed = step { return true }
    return false
  }
}
