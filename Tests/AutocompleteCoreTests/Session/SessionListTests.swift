import AutocompleteCore
import TestSupport
import Testing

@Suite("List behaviour: navigation, action row, accessibility, hook")
struct SessionListTests {
  static let answer = [
    SuggestionSection(
      suggestions: ["São Paulo", "Sapporo", "Santiago", "San Francisco", "Salvador"].map { Suggestion($0) })
  ]

  static func open(_ configuration: SessionConfiguration, sections: [SuggestionSection] = answer)
    -> SessionState
  {
    reduceEvents(
      configuration, [.textChanged(TextSnapshot("sa")), .resultsArrived(requestID: 1, sections: sections)]
    ).state
  }

  static func press(_ keys: [SessionKey], _ configuration: SessionConfiguration, from state: SessionState)
    -> SessionState
  {
    reduceEvents(configuration, keys.map { .key($0) }, from: state).state
  }

  @Test(
    "a new query keeps the previous rows, marked stale, until its answer; the answer replaces them",
    .offThePool)
  func staleRowsWhileLoading() {
    let configuration = SessionConfiguration(sources: [], highlightsFirstRow: true)
    let reducer = SessionReducer(configuration: configuration)
    var state = Self.open(configuration)
    #expect(!state.isStale)
    state = reducer.reduce(state, .key(.down)).state
    state = reducer.reduce(state, .textChanged(TextSnapshot("san"))).state
    #expect(state.phase == .loading)
    #expect(state.isStale && state.isOpen)
    #expect(state.suggestions.count == 5)
    #expect(state.highlight == .suggestion(0))  // a new query starts at the top
    #expect(state.answeredQuery == nil)
    let rows = [SuggestionSection(suggestions: [Suggestion("Santiago"), Suggestion("San Francisco")])]
    let answered = reducer.reduce(state, .resultsArrived(requestID: 2, sections: rows)).state
    #expect(!answered.isStale)
    #expect(answered.suggestions.map(\.displayText) == ["Santiago", "San Francisco"])
    #expect(answered.highlight == .suggestion(0))
    // A move among the stale rows is kept when the answer has that row.
    state = reducer.reduce(state, .key(.down)).state
    #expect(state.highlight == .suggestion(1))
    state = reducer.reduce(state, .resultsArrived(requestID: 2, sections: rows)).state
    #expect(state.highlight == .suggestion(1))
  }

  @Test(
    "a refresh keeps the highlighted row: while it loads, and on the answer when it has the row", .offThePool)
  func refreshKeepsTheHighlight() {
    let configuration = SessionConfiguration(sources: [], highlightsFirstRow: true)
    let reducer = SessionReducer(configuration: configuration)
    var state = Self.press([.down, .down, .down], configuration, from: Self.open(configuration))
    #expect(state.highlight == .suggestion(3))
    state = reducer.reduce(state, .refresh).state
    #expect(state.isStale && state.highlight == .suggestion(3))
    // New data arrived (streamed input): still the fourth row.
    let more = [
      SuggestionSection(suggestions: (Self.answer[0].suggestions.dropLast() + [Suggestion("Sandakan")]))
    ]
    let answered = reducer.reduce(state, .resultsArrived(requestID: 2, sections: more)).state
    #expect(answered.highlight == .suggestion(3))
    #expect(answered.suggestions.last?.displayText == "Sandakan")
    // An answer without that row: the first row.
    let fewer = [SuggestionSection(suggestions: [Suggestion("São Paulo"), Suggestion("Sapporo")])]
    #expect(
      reducer.reduce(state, .resultsArrived(requestID: 2, sections: fewer)).state.highlight == .suggestion(0))
    // A new query still starts at the top.
    let typed = reducer.reduce(answered, .textChanged(TextSnapshot("san"))).state
    #expect(typed.highlight == .suggestion(0))
  }

  @Test("arrow keys wrap by default and clamp by option", .offThePool)
  func wrapVersusClamp() {
    let wrapping = SessionConfiguration(sources: [])
    let count = Self.open(wrapping).suggestions.count
    #expect(count == 5)
    #expect(
      Self.press([.down, .up], wrapping, from: Self.open(wrapping)).highlight == .suggestion(count - 1))
    #expect(
      Self.press(Array(repeating: .down, count: count + 1), wrapping, from: Self.open(wrapping)).highlight
        == .suggestion(0))

    let clamping = SessionConfiguration(sources: [], wrapsNavigation: false)
    #expect(Self.press([.down, .up], clamping, from: Self.open(clamping)).highlight == .suggestion(0))
    #expect(
      Self.press(Array(repeating: .down, count: count + 3), clamping, from: Self.open(clamping)).highlight
        == .suggestion(count - 1))
  }

  @Test("maximum count: 5 by default, negative is unlimited", .offThePool)
  func maximumCount() {
    let many = [SuggestionSection(suggestions: (0..<12).map { Suggestion("sa\($0)") })]
    #expect(Self.open(SessionConfiguration(), sections: many).suggestions.count == 5)
    let unlimited = SessionConfiguration(searchOptions: SearchOptions(maximumCount: -1))
    #expect(Self.open(unlimited, sections: many).suggestions.count == 12)
  }

  @Test(
    "the action row is reachable by keyboard, before or after the results",
    .offThePool, arguments: [ActionRow.Position.top, .bottom])
  func actionRowWithResults(_ position: ActionRow.Position) {
    let configuration = SessionConfiguration(actionRow: ActionRow(position: position))
    let state = Self.open(configuration)
    #expect(state.actionRowTitle == "Add \u{201C}sa\u{201D}\u{2026}")
    let stops = state.navigationStops
    #expect(stops.count == 6)
    #expect((position == .top ? stops.first : stops.last) == .actionRow)
    let keys: [SessionKey] = position == .top ? [.down] : [.up]
    let highlighted = Self.press(keys, configuration, from: state)
    #expect(highlighted.highlight == .actionRow)
    #expect(highlighted.accessibilityStatus == "5 suggestions. Add \u{201C}sa\u{201D}\u{2026}, action.")
    let picked = reduceEvents(configuration, [.key(.enter)], from: highlighted)
    #expect(picked.outputs == [.actionRowPicked(query: "sa")])
    #expect(picked.state.text == "sa")
    #expect(!picked.state.isOpen)
  }

  @Test("the action row shows with no results only by option", .offThePool)
  func actionRowWithoutResults() {
    let shown = Self.open(SessionConfiguration(actionRow: ActionRow(showsWhenEmpty: true)), sections: [])
    #expect(shown.phase == .empty)
    #expect(shown.isOpen)
    #expect(shown.navigationStops == [.actionRow])
    #expect(shown.accessibilityStatus == "No suggestions.")
    let tapped = reduceEvents(SessionConfiguration(actionRow: ActionRow()), [.actionRowPicked], from: shown)
    #expect(tapped.outputs == [.actionRowPicked(query: "sa")])

    let hidden = Self.open(SessionConfiguration(actionRow: ActionRow(showsWhenEmpty: false)), sections: [])
    #expect(hidden.actionRowTitle == nil)
    #expect(!hidden.isOpen)
    #expect(reduceEvents(SessionConfiguration(), [.actionRowPicked], from: hidden).last.isHandled == false)
  }

  @Test("accessibility status text", .offThePool)
  func accessibility() {
    let configuration = SessionConfiguration()
    let state = Self.open(configuration)
    #expect(state.accessibilityStatus == "5 suggestions.")
    #expect(
      Self.press([.down], configuration, from: state).accessibilityStatus
        == "5 suggestions. São Paulo, 1 of 5.")
    #expect(Self.press([.up], configuration, from: state).accessibilityStatus.hasSuffix(", 5 of 5."))
    let one = Self.open(configuration, sections: [SuggestionSection(suggestions: [Suggestion("Sapporo")])])
    #expect(one.accessibilityStatus == "1 suggestion.")
    let stalled = reduceEvents(
      configuration, [.textChanged(TextSnapshot("sa")), .stallTimerFired(requestID: 1)]
    ).state
    #expect(stalled.accessibilityStatus == "Loading suggestions\u{2026}")
    #expect(Self.press([.escape], configuration, from: state).accessibilityStatus == "")
  }

  @Test("rows can be picked and highlighted by pointer", .offThePool)
  func pointer() {
    let configuration = SessionConfiguration()
    let state = Self.open(configuration)
    let hovered = reduceEvents(configuration, [.rowHighlighted(.suggestion(2))], from: state)
    #expect(hovered.state.highlight == .suggestion(2))
    #expect(!reduceEvents(configuration, [.rowHighlighted(.suggestion(99))], from: state).last.isHandled)
    let picked = reduceEvents(configuration, [.rowPicked(1)], from: state)
    #expect(picked.state.text == state.suggestions[1].completionText)
    #expect(!reduceEvents(configuration, [.rowPicked(42)], from: state).last.isHandled)
  }

  @Test("Escape closes and keeps the text; Down reopens the same rows", .offThePool)
  func escapeAndReopen() {
    let configuration = SessionConfiguration()
    let closed = Self.press([.down, .escape], configuration, from: Self.open(configuration))
    #expect(!closed.isOpen)
    #expect(closed.text == "sa")
    let reopened = Self.press([.down], configuration, from: closed)
    #expect(reopened.isOpen)
    #expect(reopened.highlight == .suggestion(0))
  }

  @Test("clear empties the field and reports it", .offThePool)
  func clear() {
    let result = reduceEvents(SessionConfiguration(), [.cleared], from: Self.open(SessionConfiguration()))
    #expect(result.state.text == "")
    #expect(result.outputs.last == .cleared)
    #expect(result.state.phase == .idle)
  }

  @Test("auto-fill off: a plain text field", .offThePool)
  func autoFillOff() {
    let configuration = SessionConfiguration(isAutoFillOn: false)
    let result = reduceEvents(configuration, [.textChanged(TextSnapshot("sa")), .key(.down)])
    #expect(result.state.phase == .idle)
    #expect(!result.state.isOpen)
    #expect(!result.last.isHandled)
    #expect(!result.last.effects.contains { if case .search = $0 { true } else { false } })
    #expect(
      reduceEvents(configuration, [.key(.enter)], from: result.state).outputs == [.returned(text: "sa")])
  }

  @Test("minimum query length", .offThePool)
  func minimumLength() {
    let configuration = SessionConfiguration(minimumQueryLength: 3)
    #expect(reduceEvents(configuration, [.textChanged(TextSnapshot("sa"))]).state.phase == .idle)
    #expect(reduceEvents(configuration, [.textChanged(TextSnapshot("sao"))]).state.phase == .loading)
  }

  @Test("the state-reducer hook can change any transition", .offThePool)
  func stateReducerHook() {
    // Keep the list open on Escape, and highlight the first row whenever results arrive.
    let configuration = SessionConfiguration(stateReducer: { before, event, proposed in
      var transition = proposed
      switch event {
      case .key(.escape): transition.state = before
      case .resultsArrived: transition.state.highlight = .suggestion(0)
      default: break
      }
      return transition
    })
    let state = Self.open(configuration)
    #expect(state.highlight == .suggestion(0))
    #expect(Self.press([.escape], configuration, from: state).isOpen)
  }

  @Test("stale answers and timers are ignored", .offThePool)
  func staleEvents() {
    let configuration = SessionConfiguration()
    let state = reduceEvents(
      configuration, [.textChanged(TextSnapshot("s")), .textChanged(TextSnapshot("sa"))]
    ).state
    #expect(state.pendingRequestID == 2)
    let stale = reduceEvents(
      configuration,
      [
        .resultsArrived(requestID: 1, sections: [SuggestionSection(suggestions: [Suggestion("s|0")])]),
        .failed(requestID: 1, error: SessionError(SessionTestError(reason: "x"))),
        .stallTimerFired(requestID: 1),
        .debounceFired(requestID: 1),
      ], from: state)
    #expect(stale.state == state)
  }
}
