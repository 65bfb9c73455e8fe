import AutocompleteCore
import TestSupport
import Testing

@Suite("Inline completion (seed 002)")
struct InlineCompletionTests {
  static let names: [AutocompleteItem] = [
    "Jon Snow", "Jon", "Daenerys Targaryen", "Sansa Stark", "Sandor Clegane", "São Paulo",
  ]
  static let configuration = SessionConfiguration(
    sources: [ListSource(names)], showsInlineCompletion: true)

  /// Types `input` and delivers the list source's answer.
  static func typed(_ input: TextSnapshot, configuration: SessionConfiguration = configuration)
    -> SessionState
  {
    let reducer = SessionReducer(configuration: configuration)
    var state = reducer.reduce(SessionState(), .textChanged(input)).state
    guard let id = state.pendingRequestID else { return state }
    let answer = matchingRows(names, matching: input.text)
    state =
      reducer.reduce(
        state, .resultsArrived(requestID: id, sections: [SuggestionSection(suggestions: answer)])
      )
      .state
    return state
  }

  @Test("the ghost is the rest of the best prefix match; the preview is the row's own spelling", .offThePool)
  func ghostSuffix() throws {
    let state = Self.typed(TextSnapshot("sao"))
    let inline = try #require(state.inlineCompletion)
    #expect(inline.typedText == "sao")
    #expect(inline.suffix == " Paulo")
    // What is previewed is what is accepted (issue 22): "São Paulo", not "sao Paulo".
    #expect(inline.matchedText == "São")
    #expect(inline.completedText == "São Paulo")
    let accepted = SessionReducer(configuration: Self.configuration).reduce(state, .key(.tab)).state
    #expect(accepted.text == inline.completedText)
    let lower = try #require(Self.typed(TextSnapshot("dAEN")).inlineCompletion)
    #expect(lower.completedText == "Daenerys Targaryen")
  }

  @Test(
    "ghost text, highlighted row and what Enter takes agree: the ghost follows the highlight", .offThePool)
  func ghostFollowsTheHighlight() throws {
    let reducer = SessionReducer(configuration: Self.configuration)
    // The first row is what Enter/Tab take with nothing highlighted; it is not a prefix match here.
    var state = reducer.reduce(SessionState(), .textChanged(TextSnapshot("sa"))).state
    let rows = [Suggestion("Shanghai"), Suggestion("São Paulo"), Suggestion("Sandor Clegane")]
    state =
      reducer.reduce(state, .resultsArrived(requestID: 1, sections: [SuggestionSection(suggestions: rows)]))
      .state
    #expect(state.inlineCompletion == nil)
    state = reducer.reduce(state, .key(.down)).state  // Shanghai highlighted: not a prefix of "sa"
    #expect(state.highlightedSuggestion?.displayText == "Shanghai")
    #expect(state.inlineCompletion == nil)
    state = reducer.reduce(state, .key(.down)).state
    #expect(state.inlineCompletion?.suffix == "o Paulo")
    state = reducer.reduce(state, .key(.down)).state
    #expect(state.inlineCompletion?.suffix == "ndor Clegane")
    let picked = reducer.reduce(state, .key(.enter))
    #expect(picked.state.text == "Sandor Clegane")
  }

  @Test("an exact match wins and shows no ghost", .offThePool)
  func exactWins() {
    #expect(Self.typed(TextSnapshot("jon")).inlineCompletion == nil)
    #expect(Self.typed(TextSnapshot("jo")).inlineCompletion?.suffix == "n")
  }

  @Test("no ghost while composing or with the caret before the end", .offThePool)
  func markedTextAndCaret() {
    #expect(Self.typed(TextSnapshot("sao", caretOffset: 3, isComposing: true)).inlineCompletion == nil)
    #expect(Self.typed(TextSnapshot("sao", caretOffset: 2)).inlineCompletion == nil)
    // Composition ending (same text, no marked range) brings the ghost back.
    let reducer = SessionReducer(configuration: Self.configuration)
    let composing = Self.typed(TextSnapshot("sao", caretOffset: 3, isComposing: true))
    let committed = reducer.reduce(composing, .textChanged(TextSnapshot("sao"))).state
    #expect(committed.inlineCompletion?.suffix == " Paulo")
    // Keys belong to the input method while it composes.
    for key in SessionKey.allCases {
      let transition = reducer.reduce(composing, .key(key))
      #expect(!transition.isHandled)
      #expect(transition.state == composing)
    }
  }

  @Test("off by default", .offThePool)
  func offByDefault() {
    #expect(
      Self.typed(TextSnapshot("sao"), configuration: SessionConfiguration(sources: [])).inlineCompletion
        == nil)
  }

  @Test(
    "Tab, → at the end and Return accept the row's own text (its case and accents)",
    .offThePool, arguments: [SessionKey.tab, .right, .enter])
  func accept(_ key: SessionKey) throws {
    let state = Self.typed(TextSnapshot("sao"))
    let transition = SessionReducer(configuration: Self.configuration).reduce(state, .key(key))
    #expect(transition.state.text == "São Paulo")
    #expect(transition.state.inlineCompletion == nil)
    #expect(!transition.state.isOpen)
    let edit = try #require(
      transition.outputs.compactMap { if case .replaceText(let e) = $0 { e } else { nil } }.first)
    #expect(edit.replacement == "São Paulo")
    #expect(edit.caretCharacterOffset == 9)
    #expect(
      transition.outputs.contains {
        if case .picked(let s) = $0 { s.displayText == "São Paulo" } else { false }
      })
    if key == .enter { #expect(transition.outputs.last == .returned(text: "São Paulo")) }
  }

  @Test("→ with the caret before the end is the front end's", .offThePool)
  func rightNotAtEnd() {
    let state = Self.typed(TextSnapshot("sao", caretOffset: 1))
    #expect(!SessionReducer(configuration: Self.configuration).reduce(state, .key(.right)).isHandled)
  }

  @Test("Backspace deletes a typed character, not the suggestion, and recomputes", .offThePool)
  func backspace() {
    let reducer = SessionReducer(configuration: Self.configuration)
    let state = Self.typed(TextSnapshot("sand"))
    #expect(state.inlineCompletion?.suffix == "or Clegane")
    let transition = reducer.reduce(state, .key(.backspace))
    #expect(transition.state.text == "san")
    #expect(transition.state.phase == .loading)
    let answered = reducer.reduce(
      transition.state,
      .resultsArrived(
        requestID: transition.state.pendingRequestID!,
        sections: [SuggestionSection(suggestions: matchingRows(Self.names, matching: "san"))]))
    #expect(answered.state.inlineCompletion?.typedText == "san")
    #expect(answered.state.inlineCompletion?.suffix == "sa Stark")
  }

  @Test("Escape drops the ghost and keeps the text", .offThePool)
  func escape() {
    let reducer = SessionReducer(configuration: Self.configuration)
    var state = Self.typed(TextSnapshot("sao"))
    state = reducer.reduce(state, .key(.escape)).state
    #expect(state.inlineCompletion == nil)
    #expect(state.text == "sao")
  }

  @Test("editing that ends without Return clears the field, by option", .offThePool)
  func clearsOnEndEditing() {
    var configuration = Self.configuration
    configuration.clearsOnEndEditingWithoutReturn = true
    let reducer = SessionReducer(configuration: configuration)
    let typed = Self.typed(TextSnapshot("sao"), configuration: configuration)
    let lost = reducer.reduce(typed, .focusChanged(false))
    #expect(lost.state.text == "")
    #expect(lost.outputs.last == .cleared)

    let returned = reducer.reduce(reducer.reduce(typed, .key(.enter)).state, .focusChanged(false))
    #expect(returned.state.text == "São Paulo")
    #expect(returned.outputs.isEmpty)

    let kept = SessionReducer(configuration: Self.configuration).reduce(
      Self.typed(TextSnapshot("sao")), .focusChanged(false))
    #expect(kept.state.text == "sao")
  }
}

/// Issue 22: one Backspace after accepting edits the text and keeps the list, also when the
/// accepted completion text is not what the source finds ("Zürich" completes to "Zürich,
/// Switzerland").
@Suite("Inline completion: editing what was accepted")
struct AcceptedCompletionEditTests {
  /// Cities found by their name, completing to "Name, Country" (as the demo's are).
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("Zürich", completionText: "Zürich, Switzerland"),
    AutocompleteItem("Zurbarán", completionText: "Zurbarán, Spain"),
    AutocompleteItem("Zug", completionText: "Zug, Switzerland"),
  ]
  static let configuration = SessionConfiguration(
    sources: [ListSource(cities)], highlightsFirstRow: true, showsInlineCompletion: true)

  /// Sends `event`, then answers a pending search as the list source would (prefix matches).
  static func send(_ event: SessionEvent, to state: SessionState) -> SessionState {
    let reducer = SessionReducer(configuration: configuration)
    var state = reducer.reduce(state, event).state
    if let id = state.pendingRequestID, let query = state.query {
      let answer = matchingRows(cities, matching: query.text)
      state =
        reducer.reduce(
          state, .resultsArrived(requestID: id, sections: [SuggestionSection(suggestions: answer)])
        ).state
    }
    return state
  }

  @Test("zur, Tab, Backspace: the text loses one character, the row and the ghost stay", .offThePool)
  func backspaceAfterAccepting() throws {
    var state = Self.send(.textChanged(TextSnapshot("zur")), to: SessionState())
    #expect(state.inlineCompletion?.completedText == "Zürich, Switzerland")
    state = Self.send(.key(.tab), to: state)
    #expect(state.text == "Zürich, Switzerland")
    state = Self.send(.key(.backspace), to: state)
    #expect(state.text == "Zürich, Switzerlan")
    #expect(state.phase == .results)
    #expect(state.isOpen)
    #expect(state.suggestions.map(\.completionText) == ["Zürich, Switzerland"])
    #expect(state.inlineCompletion?.suffix == "d")
    // Tab accepts it again; more Backspaces keep it while the text leads there.
    state = Self.send(.key(.backspace), to: state)
    state = Self.send(.key(.backspace), to: state)
    #expect(state.text == "Zürich, Switzerl")
    #expect(state.suggestions.first?.completionText == "Zürich, Switzerland")
    state = Self.send(.key(.tab), to: state)
    #expect(state.text == "Zürich, Switzerland")
  }

  @Test("an edit that leaves the accepted text forgets the row", .offThePool)
  func leavingTheAcceptedText() throws {
    var state = Self.send(.textChanged(TextSnapshot("zur")), to: SessionState())
    state = Self.send(.key(.tab), to: state)
    state = Self.send(.textChanged(TextSnapshot("Zürich, Sweden")), to: state)
    #expect(state.phase == .empty)
    #expect(state.acceptedCompletion == nil)
    // Back on the path, the source's own answer shows (it is not brought back).
    state = Self.send(.textChanged(TextSnapshot("Zürich, Sw")), to: state)
    #expect(state.suggestions.isEmpty)
  }

  @Test("a picked row is kept the same way; the source's rows stay when they have it", .offThePool)
  func pickedRow() throws {
    var state = Self.send(.textChanged(TextSnapshot("zu")), to: SessionState())
    let row = try #require(state.suggestions.firstIndex { $0.displayText == "Zurbarán" })
    state = Self.send(.rowPicked(row), to: state)
    #expect(state.text == "Zurbarán, Spain")
    state = Self.send(.key(.backspace), to: state)
    #expect(state.suggestions.map(\.completionText) == ["Zurbarán, Spain"])
    state = Self.send(.textChanged(TextSnapshot("Zur")), to: state)
    #expect(state.suggestions.map(\.completionText) == ["Zürich, Switzerland", "Zurbarán, Spain"])
  }
}
