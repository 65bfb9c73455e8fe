// The session's state machine on random event sequences — text and caret changes, keys, focus,
// clicks, answers and failures for current and stale requests, timers — under a few configurations.
// After every event: the highlight is a row that exists, rows shown as current answer the current
// query (an old answer is never applied), a key waits only while an answer is pending, and every
// text edit the session puts out applies cleanly to the text it was made for.
import AutocompleteCore
import FuzzSupport

/// A source that is never asked: the fuzzer delivers the answers itself.
struct SilentSource: SuggestionSource {
  let title: String? = nil
  let isCacheable = true
  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }
  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] { [] }
}

struct FuzzError: Error {}

let words = ["a", "b", "sa", "São", "@", "#", " ", "é", "e\u{301}", "👍🏽", "🇺🇸", "क्ष", "\n", ",", "x"]

/// libFuzzer's entry: one test case from `count` bytes at `data`; 0 when it holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  var input = FuzzInput(UnsafeBufferPointer(start: data, count: count))
  let triggers =
    input.flag()
    ? [
      SessionTrigger("@", source: SilentSource()),
      SessionTrigger("#", source: SilentSource(), replacesDelimiter: true),
    ]
    : []
  let configuration = SessionConfiguration(
    sources: [SilentSource()], triggers: triggers,
    searchOptions: SearchOptions(maximumCount: input.pick([nil, 1, 3, 5])),
    minimumQueryLength: input.number(below: 3), debounce: input.flag() ? .milliseconds(50) : nil,
    showsSuggestionsOnFocus: input.flag(), wrapsNavigation: input.flag(),
    pageSize: input.number(below: 4) + 1,
    highlightsFirstRow: input.flag(), showsInlineCompletion: input.flag(),
    actionRow: input.flag()
      ? ActionRow(position: input.flag() ? .top : .bottom, showsWhenEmpty: input.flag()) : nil)
  let reducer = SessionReducer(configuration: configuration)
  var state = SessionState()

  while !input.isAtEnd {
    let event = nextEvent(&input, state: state)
    let before = state
    let transition = reducer.reduce(state, event)
    state = transition.state
    check(state, after: event)
    var text = before.text
    for case .replaceText(let edit) in transition.outputs {
      let range = edit.range
      expect(
        range.lowerBound >= text.startIndex && range.upperBound <= text.endIndex, "an edit out of the text")
      let applied = String(text[..<range.lowerBound]) + edit.replacement + String(text[range.upperBound...])
      expect(
        applied == edit.resultingText, "an edit that does not apply: \(edit) to \(text.debugDescription)")
      text = edit.resultingText
    }
    if transition.outputs.contains(where: { if case .replaceText = $0 { true } else { false } }) {
      expect(
        state.text == text,
        "the session's text \(state.text.debugDescription) is not its edits' \(text.debugDescription)")
    }
  }
  return 0
}

/// The next event, from the input and the state (answers go to the pending request most of the time).
func nextEvent(_ input: inout FuzzInput, state: SessionState) -> SessionEvent {
  let pending = state.pendingRequestID ?? state.lastRequestID
  let id = input.flag() ? pending : input.number(below: state.lastRequestID + 2)
  switch input.number(below: 14) {
  case 0, 1, 2:
    let text = input.text(from: words, count: input.number(below: 5))
    return .textChanged(
      TextSnapshot(
        text, caretOffset: input.number(below: text.count + 2), isComposing: input.number(below: 8) == 0))
  case 3, 4, 5:
    return .key(
      input.pick([.up, .down, .pageUp, .pageDown, .home, .end, .enter, .tab, .escape, .right, .backspace]))
  case 6: return .focusChanged(input.flag())
  case 7: return .rowPicked(input.number(below: 8) - 1)
  case 8:
    return .rowHighlighted(
      input.pick([nil, .actionRow, .suggestion(0), .suggestion(2), .suggestion(7), .suggestion(-1)]))
  case 9: return input.pick([.actionRowPicked, .cleared, .refresh])
  case 10, 11:
    let rows = (0..<input.number(below: 5)).map { row in
      Suggestion(input.text(from: words, count: input.number(below: 3) + 1), id: "\(id)-\(row)")
    }
    return .resultsArrived(
      requestID: id,
      sections: input.flag()
        ? [SuggestionSection(suggestions: rows)]
        : [
          SuggestionSection(suggestions: Array(rows.prefix(2))),
          SuggestionSection(suggestions: Array(rows.dropFirst(2))),
        ])
  case 12: return .failed(requestID: id, error: SessionError(FuzzError()))
  default: return input.flag() ? .stallTimerFired(requestID: id) : .debounceFired(requestID: id)
  }
}

/// The invariants of a state.
func check(_ state: SessionState, after event: SessionEvent) {
  switch state.highlight {
  case .suggestion(let index)?:
    expect(
      state.suggestions.indices.contains(index),
      "highlight \(index) of \(state.suggestions.count) rows after \(event)")
  case .actionRow?:
    expect(state.actionRowTitle != nil, "the action row highlighted without the row, after \(event)")
  case nil: break
  }
  if state.phase == .results || state.phase == .empty {
    expect(state.pendingRequestID == nil, "answered and pending at once, after \(event)")
    expect(
      state.answeredQuery?.text == state.query?.text && state.answeredQuery?.target == state.query?.target,
      "rows answer \(String(describing: state.answeredQuery?.text)), the query is \(String(describing: state.query?.text))"
    )
  }
  if !state.sections.isEmpty && !state.phase.isPending {
    expect(state.answeredQuery != nil, "rows that answer no query, after \(event)")
  }
  if state.deferredKey != nil {
    expect(state.phase.isPending, "a key waits with nothing pending, after \(event)")
  }
  expect(state.input.selection.upperBound <= state.text.endIndex, "the caret past the text")
}

runFuzzer(fuzzSession)
