import AutocompleteCore
import AutocompleteTerminal
import TestSupport
import Testing

@Suite("Session state → picker view model")
struct SessionViewModelTests {
  /// A state with three rows, the second highlighted.
  func resultsState() -> SessionState {
    var state = SessionState(input: TextSnapshot("pa"))
    state.phase = .results
    state.isOpen = true
    state.isFocused = true
    state.query = SessionQuery(
      text: "pa", target: .field, replacementRange: state.text.startIndex..<state.text.endIndex,
      queryStart: state.text.startIndex)
    let paris = "Paris"
    state.sections = [
      SuggestionSection(suggestions: [
        Suggestion(
          paris, detailText: "France",
          highlights: [paris.startIndex..<paris.index(paris.startIndex, offsetBy: 2)]),
        Suggestion("Parma", detailText: "Italy"),
      ]),
      SuggestionSection(title: "More", suggestions: [Suggestion("Pau")]),
    ]
    state.highlight = .suggestion(1)
    return state
  }

  @Test("rows of every section in order, with highlights, details and the highlighted row", .offThePool)
  func rows() {
    let model = PickerViewModel(state: resultsState(), text: "pa", caret: 2)
    #expect(model.rows.map(\.title) == ["Paris", "Parma", "Pau"])
    #expect(model.rows[0].detail == "France")
    #expect(model.rows[0].highlights.count == 1)
    #expect(model.highlightedRow == 1)
    #expect(model.isOpen)
    #expect(model.status == .count(shown: 3, total: nil))
  }

  @Test("the action row goes where the session puts it, and its highlight follows", .offThePool)
  func actionRow() {
    var state = resultsState()
    state.actionRowTitle = "Add “pa”…"
    state.actionRowPosition = .top
    var model = PickerViewModel(state: state, text: "pa", caret: 2)
    #expect(model.rows.first?.isAction == true)
    #expect(model.highlightedRow == 2)
    state.highlight = .actionRow
    model = PickerViewModel(state: state, text: "pa", caret: 2)
    #expect(model.highlightedRow == 0)
    state.actionRowPosition = .bottom
    model = PickerViewModel(state: state, text: "pa", caret: 2)
    #expect(model.rows.last?.isAction == true)
    #expect(model.highlightedRow == 3)
  }

  @Test("status from the phase: nothing before the stall threshold, then a spinner", .offThePool)
  func status() {
    var state = resultsState()
    state.sections = []
    state.highlight = nil
    let status = { PickerViewModel.status(state: state, spinnerFrame: 4, showsMatchCount: true) }
    state.phase = .idle
    #expect(status() == .none)
    state.phase = .loading
    #expect(status() == .none)
    state.phase = .stalled
    #expect(status() == .loading(frame: 4))
    state.phase = .empty
    state.isOpen = false
    #expect(status() == .noResults)
    state.isDismissed = true
    #expect(status() == .none)
    state.isDismissed = false
    struct Failure: Error, CustomStringConvertible { var description: String { "offline" } }
    state.phase = .failed(SessionError(Failure()))
    #expect(status() == .failed("offline"))
    state = resultsState()
    state.phase = .stalled
    #expect(PickerViewModel.status(state: state, spinnerFrame: 0, showsMatchCount: true) == .stalled)
    state.phase = .results
    #expect(PickerViewModel.status(state: state, spinnerFrame: 0, showsMatchCount: false) == .none)
  }

  @Test("a closed list shows no rows and no highlight", .offThePool)
  func closed() {
    var state = resultsState()
    state.isOpen = false
    state.isDismissed = true
    let model = PickerViewModel(state: state, text: "pa", caret: 2)
    #expect(model.rows.isEmpty && !model.isOpen && model.highlightedRow == nil && model.status == .none)
  }

  @Test("the ghost text shows only for the session's text with the caret at the end", .offThePool)
  func ghost() {
    var state = resultsState()
    state.inlineCompletion = InlineCompletion(typedText: "pa", suffix: "ris", suggestionID: "Paris")
    #expect(PickerViewModel(state: state, text: "pa", caret: 2).ghostSuffix == "ris")
    #expect(PickerViewModel(state: state, text: "pa", caret: 1).ghostSuffix == "")
    #expect(PickerViewModel(state: state, text: "pax", caret: 3).ghostSuffix == "")
  }

  @Test("style fields reach the model", .offThePool)
  func style() {
    let style = SessionPickerStyle(
      title: "T", header: "H", prompt: "City: ", footer: "F", inputStyle: .multiLine(maximumLines: 3))
    let model = PickerViewModel(state: SessionState(), text: "", caret: 0, style: style, firstVisibleRow: 7)
    #expect(model.title == "T" && model.header == "H" && model.prompt == "City: " && model.footer == "F")
    #expect(model.inputStyle == .multiLine(maximumLines: 3))
    #expect(model.firstVisibleRow == 7)
  }

  @Test("key routes: edits to the editor, navigation to the session, → to both", .offThePool)
  func routes() {
    #expect(SessionKeyRoute(.character("é")) == .edit)
    #expect(SessionKeyRoute(.paste("x y")) == .edit)
    #expect(SessionKeyRoute(.backspace) == .edit)
    #expect(SessionKeyRoute(.control("w")) == .edit)
    #expect(SessionKeyRoute(.home) == .edit)
    #expect(SessionKeyRoute(.up) == .session(.up))
    #expect(SessionKeyRoute(.control("n")) == .session(.down))
    #expect(SessionKeyRoute(.pageDown) == .session(.pageDown))
    #expect(SessionKeyRoute(.enter) == .session(.enter))
    #expect(SessionKeyRoute(.tab) == .session(.tab))
    #expect(SessionKeyRoute(.right) == .sessionThenEdit(.right))
    #expect(SessionKeyRoute(.escape) == .escape)
    #expect(SessionKeyRoute(.control("c")) == .cancel)
    #expect(SessionKeyRoute(.function(3)) == .ignored)
  }
}
