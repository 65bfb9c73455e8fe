import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// The app's switch: `.suggestionsEnabled(false)` suspends suggestions, `true` resumes them.
@MainActor
@Suite("Session: suspending and resuming suggestions")
struct SuggestionSwitchTests {
  static func session() -> AutocompleteSession {
    AutocompleteSession(configuration: SessionConfiguration(source: ListSource(sessionCities)))
  }

  @Test(
    "off: the list closes, edits search nothing, keys are left to the field; on: the text is searched again",
    .offThePool)
  func suspendAndResume() {
    let session = Self.session()
    let recorder = OutputRecorder(session)
    session.textChanged("sa")
    #expect(session.state.isOpen)
    #expect(session.areSuggestionsEnabled)
    session.areSuggestionsEnabled = false
    #expect(session.state.areSuggestionsEnabled == false)
    #expect(session.state.isOpen == false)
    #expect(session.state.phase == .idle)
    #expect(session.state.suggestions.isEmpty)
    session.textChanged("syd")
    #expect(session.state.text == "syd")  // the text is still followed
    #expect(session.state.query == nil)
    #expect(session.state.isOpen == false)
    #expect(session.press(.down) == false)  // the front end may use it
    #expect(session.send(.listOpened) == false)
    #expect(session.send(.suggestionsEnabled(false)) == false)  // already off
    session.press(.enter)
    #expect(recorder.outputs.contains(.returned(text: "syd")))
    session.areSuggestionsEnabled = true
    #expect(session.state.isOpen)
    #expect(session.state.phase == .results)
    #expect(session.state.suggestions.map(\.displayText) == ["Sydney"])
    #expect(session.send(.suggestionsEnabled(true)) == false)  // already on
  }

  @Test("off cancels the pending search: its late answer is dropped")
  func suspendCancelsPending() async {
    let source = ControlledSource(ignoresCancellation: true)
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("sa")
    #expect(await waitUntil { source.pendingIndices == [0] })
    #expect(session.state.phase.isPending)
    session.send(.suggestionsEnabled(false))
    #expect(await waitUntil { source.snapshot.first?.sawCancellation == true })
    source.release(0)
    await letTasksRun()
    #expect(session.state.phase == .idle)
    #expect(session.state.suggestions.isEmpty)
    #expect(session.state.isOpen == false)
  }

  @Test("the reducer: off cancels the request; on without the focus searches nothing", .offThePool)
  func reducer() {
    let configuration = SessionConfiguration(source: ListSource(sessionCities))
    let typed = reduceEvents(configuration, [.textChanged(TextSnapshot("sa"))])
    let pending = typed.state.pendingRequestID
    #expect(pending != nil)
    let off = SessionReducer(configuration: configuration).reduce(typed.state, .suggestionsEnabled(false))
    #expect(off.effects.contains(.cancel(requestID: pending ?? -1)))
    #expect(off.state.query == nil && off.state.pendingRequestID == nil)
    var blurred = off.state
    blurred.isFocused = false
    let on = SessionReducer(configuration: configuration).reduce(blurred, .suggestionsEnabled(true))
    #expect(on.state.areSuggestionsEnabled)
    #expect(on.effects.isEmpty)
    #expect(on.state.query == nil)
    // The focus then searches the text as usual.
    let focused = SessionReducer(configuration: configuration).reduce(
      on.state, .textChanged(TextSnapshot("sap")))
    #expect(focused.effects.contains { if case .search = $0 { true } else { false } })
  }

  @Test(
    "resuming keeps the answer cache, where switching isAutoFillOn rebuilds the configuration", .offThePool)
  func resumeKeepsCache() {
    let source = CountingSource(sessionCities)
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("sa")
    #expect(source.calls == 1)
    session.areSuggestionsEnabled = false
    session.areSuggestionsEnabled = true
    #expect(session.state.phase == .results)
    #expect(source.calls == 1)  // answered from the cache
    session.configuration.isAutoFillOn = false
    session.configuration.isAutoFillOn = true
    #expect(source.calls == 2)
  }

  @Test("the state-reducer hook sees the named event and can refuse it", .offThePool)
  func hookSeesEvent() {
    var configuration = SessionConfiguration(source: ListSource(sessionCities))
    configuration.stateReducer = { before, event, proposed in
      if case .suggestionsEnabled(false) = event { return SessionTransition(state: before, isHandled: false) }
      return proposed
    }
    let session = AutocompleteSession(configuration: configuration)
    session.textChanged("sa")
    session.areSuggestionsEnabled = false
    #expect(session.areSuggestionsEnabled)
    #expect(session.state.isOpen)
  }
}
