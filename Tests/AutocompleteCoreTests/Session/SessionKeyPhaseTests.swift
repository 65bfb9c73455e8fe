import AutocompleteCore
import TestSupport
import Testing

/// The phases a key can meet, built through the reducer's public events.
enum PhaseFixture: String, CaseIterable, Sendable {
  case idle, loading, stalled, results, empty, failed

  static let configuration = SessionConfiguration(sources: [ControlledSource()])

  var state: SessionState {
    var events: [SessionEvent] = [.focusChanged(true), .textChanged(TextSnapshot(self == .idle ? "" : "sa"))]
    switch self {
    case .idle, .loading: break
    case .stalled: events.append(.stallTimerFired(requestID: 1))
    case .results:
      events.append(.resultsArrived(requestID: 1, sections: [SuggestionSection(suggestions: Self.rows)]))
    case .empty: events.append(.resultsArrived(requestID: 1, sections: []))
    case .failed:
      events.append(.failed(requestID: 1, error: SessionError(SessionTestError(reason: "offline"))))
    }
    return reduceEvents(Self.configuration, events).state
  }

  static let rows = [Suggestion("Salvador"), Suggestion("Santiago"), Suggestion("Sapporo")]
}

@Suite("Every key in every phase")
struct SessionKeyPhaseTests {
  @Test("fixtures reach their phase", .offThePool)
  func fixtures() {
    #expect(PhaseFixture.idle.state.phase == .idle)
    #expect(PhaseFixture.loading.state.phase == .loading)
    #expect(PhaseFixture.stalled.state.phase == .stalled)
    #expect(PhaseFixture.results.state.phase == .results)
    #expect(PhaseFixture.empty.state.phase == .empty)
    #expect(PhaseFixture.failed.state.phase == .failed(SessionError(SessionTestError(reason: "offline"))))
  }

  @Test(.offThePool, arguments: PhaseFixture.allCases, SessionKey.allCases)
  func key(_ phase: PhaseFixture, _ key: SessionKey) {
    let before = phase.state
    let transition = SessionReducer(configuration: PhaseFixture.configuration).reduce(before, .key(key))
    let after = transition.state
    let edits = transition.outputs.compactMap { if case .replaceText(let edit) = $0 { edit } else { nil } }

    // No typed character is lost: the text changes only through an emitted edit.
    if let edit = edits.last {
      #expect(after.text == edit.resultingText)
    } else {
      #expect(after.text == before.text)
    }
    // Shown rows always answer the current query.
    if after.phase == .results { #expect(after.answeredQuery?.text == after.query?.text) }

    switch key {
    case .down, .up:
      if phase == .results {
        #expect(after.isOpen)
        #expect(after.highlight == .suggestion(key == .down ? 0 : 2))
      } else {
        #expect(after.highlight == nil)
      }
      #expect(transition.isHandled == (phase != .idle))
    case .home, .end, .pageUp, .pageDown:
      if phase == .results {
        let expected = [SessionKey.home: 0, .end: 2, .pageUp: 0, .pageDown: 2][key]!
        #expect(after.highlight == .suggestion(expected))
        #expect(transition.isHandled)
      } else {
        #expect(!transition.isHandled)
        #expect(after == before)
      }
    case .enter:
      #expect(transition.outputs == [.returned(text: before.text)])
      #expect(!after.isOpen)
      #expect(after.hasReturned)
    case .tab, .right:
      #expect(!transition.isHandled)
      #expect(after == before)
    case .escape:
      #expect(!after.isOpen)
      #expect(transition.isHandled == before.isOpen)
      #expect(after.text == before.text)
      if before.phase.isPending { #expect(transition.effects.contains(.cancel(requestID: 1))) }
    case .backspace:
      if phase == .idle {
        #expect(!transition.isHandled)
      } else {
        #expect(edits.count == 1)
        #expect(after.text == "s")
        #expect(after.phase == .loading)
        #expect(after.query?.text == "s")
      }
    }
  }

  @Test("keys with a highlighted row in results", .offThePool, arguments: SessionKey.allCases)
  func keyWithHighlight(_ key: SessionKey) {
    let reducer = SessionReducer(configuration: PhaseFixture.configuration)
    let before = reducer.reduce(PhaseFixture.results.state, .key(.down)).state
    #expect(before.highlight == .suggestion(0))
    let transition = reducer.reduce(before, .key(key))
    switch key {
    case .enter, .tab:
      #expect(transition.outputs.contains(.picked(PhaseFixture.rows[0])))
      #expect(transition.state.text == "Salvador")
      #expect(!transition.state.isOpen)
    case .down: #expect(transition.state.highlight == .suggestion(1))
    case .up: #expect(transition.state.highlight == .suggestion(2))
    case .escape:
      #expect(!transition.state.isOpen)
      #expect(transition.state.text == "sa")
    default:
      #expect(transition.state.text == (key == .backspace ? "s" : "sa"))
    }
  }
}
