import AutocompleteCore
import TestSupport
import Testing

/// Enter, Tab and clicks act on the answer to the text on screen, never on the stale rows of an
/// earlier query (issue 21 #2): a key that would pick waits for the answer.
@Suite("Keys while the answer is pending")
struct SessionDeferredKeyTests {
  static let configuration = SessionConfiguration(sources: [], highlightsFirstRow: true)

  static func rows(_ titles: String...) -> [SuggestionSection] {
    [SuggestionSection(suggestions: titles.map { Suggestion($0) })]
  }

  /// "s" answered, then "sap" typed and pending: the rows of "s" are shown, stale.
  static func staleState(_ configuration: SessionConfiguration = configuration) -> SessionState {
    let state = reduceEvents(
      configuration,
      [
        .textChanged(TextSnapshot("s")), .resultsArrived(requestID: 1, sections: rows("Santiago", "Sapporo")),
        .textChanged(TextSnapshot("sap")),
      ]
    ).state
    #expect(state.isStale && state.highlight == .suggestion(0))
    return state
  }

  static func picked(_ outputs: [SessionOutput]) -> [String] {
    outputs.compactMap { if case .picked(let row) = $0 { row.displayText } else { nil } }
  }

  @Test("Enter on stale rows waits, then picks the first row of the answer", .offThePool)
  func enterWaitsForTheAnswer() {
    let waiting = reduceEvents(Self.configuration, [.key(.enter)], from: Self.staleState())
    #expect(Self.picked(waiting.outputs).isEmpty)
    #expect(waiting.state.deferredKey == .enter && waiting.last.isHandled)
    let answered = reduceEvents(
      Self.configuration, [.resultsArrived(requestID: 2, sections: Self.rows("Sapporo"))], from: waiting.state
    )
    #expect(Self.picked(answered.outputs) == ["Sapporo"])
    #expect(answered.state.text == "Sapporo" && answered.state.deferredKey == nil)
  }

  @Test("Tab waits too; a failure runs the key on no rows (Enter returns the text)", .offThePool)
  func tabAndFailure() {
    let tab = reduceEvents(
      Self.configuration,
      [.key(.tab), .resultsArrived(requestID: 2, sections: Self.rows("Sapporo", "Saporta"))],
      from: Self.staleState())
    #expect(Self.picked(tab.outputs) == ["Sapporo"])
    let failed = reduceEvents(
      Self.configuration,
      [.key(.enter), .failed(requestID: 2, error: SessionError(SessionTestError(reason: "down")))],
      from: Self.staleState())
    #expect(Self.picked(failed.outputs).isEmpty)
    #expect(failed.outputs.contains(.returned(text: "sap")))
  }

  @Test("an edit or Escape drops the waiting key; the next answer picks nothing", .offThePool)
  func editAndEscapeDropIt() {
    for event in [SessionEvent.textChanged(TextSnapshot("sapp")), .key(.escape)] {
      let outcome = reduceEvents(
        Self.configuration,
        [.key(.enter), event, .resultsArrived(requestID: 3, sections: Self.rows("Sapporo"))],
        from: Self.staleState())
      #expect(Self.picked(outcome.outputs).isEmpty, "\(event)")
      #expect(outcome.state.deferredKey == nil)
    }
  }

  @Test("a click on a stale row picks nothing; on the answer it picks", .offThePool)
  func clickOnAStaleRow() {
    let stale = reduceEvents(Self.configuration, [.rowPicked(1)], from: Self.staleState())
    #expect(!stale.last.isHandled && Self.picked(stale.outputs).isEmpty)
    let answered = reduceEvents(
      Self.configuration,
      [.resultsArrived(requestID: 2, sections: Self.rows("Sapporo", "Saporta")), .rowPicked(1)],
      from: Self.staleState())
    #expect(Self.picked(answered.outputs) == ["Saporta"])
  }

  @Test("without a highlight Enter does not depend on the rows: it returns the text at once", .offThePool)
  func enterWithoutHighlightReturnsAtOnce() {
    let configuration = SessionConfiguration(sources: [])
    let state = reduceEvents(
      configuration,
      [
        .textChanged(TextSnapshot("s")), .resultsArrived(requestID: 1, sections: Self.rows("Santiago")),
        .textChanged(TextSnapshot("sa")), .key(.enter),
      ])
    #expect(state.outputs.contains(.returned(text: "sa")))
    #expect(state.state.deferredKey == nil)
  }

  @Test("the driver: Enter typed with the query picks from that query's answer")
  @MainActor
  func driver() async {
    let source = ControlledSource()
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [source], highlightsFirstRow: true))
    var outputs: [SessionOutput] = []
    session.onOutput = { outputs.append($0) }
    session.textChanged("s")
    #expect(await waitUntil { source.pendingIndices == [0] })
    source.release(0)
    #expect(await waitUntil { session.state.phase == .results })
    session.textChanged("sa")
    session.press(.enter)
    #expect(await waitUntil { source.pendingIndices == [1] })
    #expect(Self.picked(outputs).isEmpty)
    source.release(1)
    #expect(await waitUntil { !Self.picked(outputs).isEmpty })
    #expect(Self.picked(outputs) == ["sa|0"])
  }
}
