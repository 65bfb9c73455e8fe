import AutocompleteCore
import Clocks
import Foundation
import TestSupport
import Testing

@MainActor
@Suite("Driver: async pipeline")
struct SessionDriverTests {
  /// Waits for `condition` (for at most 60 s, as ``waitUntil(seconds:_:)``), nudging the clock
  /// (without moving it) in case a timer task registered its sleep only after the last advance.
  static func advanceUntil(_ clock: TestClock<Duration>, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      if await waitUntil(seconds: 0.05, condition) { return true }
      await clock.advance(by: .zero)
    }
    return condition()
  }

  @Test("a local list answers in the same keystroke; picking applies an edit", .offThePool)
  func localList() throws {
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(sessionCities)))
    let recorder = OutputRecorder(session)
    session.textChanged("sao")
    #expect(session.state.phase == .results)
    #expect(session.state.suggestions.map(\.displayText) == ["São Paulo"])
    #expect(session.state.suggestions[0].highlights.map { String("São Paulo"[$0]) } == ["São"])
    #expect(session.state.suggestions[0].payload(as: AutocompleteItem.self)?.searchText == "São Paulo")
    session.press(.down)
    session.press(.enter)
    #expect(recorder.edits.map(\.resultingText) == ["São Paulo"])
    #expect(session.state.text == "São Paulo")
    #expect(recorder.outputs.contains { if case .picked = $0 { true } else { false } })
    // The front end echoing the edit back does not reopen the list.
    session.send(.textChanged(try #require(recorder.edits.last).resultingSnapshot))
    #expect(!session.state.isOpen)
  }

  @Test("several sources become sections")
  func sections() async {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [
        ListSource(sessionCities, title: "Cities"),
        AsyncSource(title: "Remote") { query in [Suggestion("\(query.text) (remote)")] },
      ]))
    session.textChanged("sy")
    #expect(
      await waitUntil { session.state.phase == .results }, "results within 60 s: \(session.state.phase)")
    #expect(session.state.sections.map(\.title) == ["Cities", "Remote"])
    #expect(session.state.suggestions.map(\.displayText) == ["Sydney", "sy (remote)"])
  }

  @Test("a source that never answers: stalled, then cancelled by the next keystroke")
  func stallThenCancel() async {
    let clock = TestClock()
    let source = ControlledSource()
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source), clock: clock)
    session.textChanged("s")
    #expect(await waitUntil { source.callCount == 1 })
    #expect(session.state.phase == .loading)
    await clock.advance(by: .milliseconds(299))
    await letTasksRun()
    #expect(session.state.phase == .loading)
    await clock.advance(by: .milliseconds(1))
    #expect(await Self.advanceUntil(clock) { session.state.phase == .stalled })
    #expect(session.state.text == "s")
    session.textChanged("sa")
    #expect(session.state.phase == .loading)
    #expect(await waitUntil { source.snapshot.first?.sawCancellation == true })
    #expect(await waitUntil { source.callCount == 2 })
    source.release(1)
    #expect(await waitUntil { session.state.phase == .results })
    #expect(session.state.suggestions.map(\.displayText) == ["sa|0", "sa|1", "sa|2"])
  }

  @Test("a failing source gives failed(error) and keeps the typed text")
  func failingSource() async {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        source: AsyncSource { _ in throw SessionTestError(reason: "offline") }))
    session.textChanged("sa")
    #expect(await waitUntil { if case .failed = session.state.phase { true } else { false } })
    #expect(session.state.phase == .failed(SessionError(SessionTestError(reason: "offline"))))
    if case .failed(let error) = session.state.phase {
      #expect(error.underlying as? SessionTestError == SessionTestError(reason: "offline"))
    }
    #expect(session.state.text == "sa")
    #expect(session.state.accessibilityStatus == "Suggestions unavailable.")
  }

  @Test("debounce waits for the clock; keystrokes inside the delay start one search")
  func debounce() async {
    let clock = TestClock()
    let source = ControlledSource()
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [source], debounce: .milliseconds(200)), clock: clock)
    session.textChanged("s")
    await clock.advance(by: .milliseconds(100))
    session.textChanged("sa")
    await clock.advance(by: .milliseconds(100))
    await letTasksRun()
    #expect(source.callCount == 0)
    #expect(session.state.phase == .loading)
    await clock.advance(by: .milliseconds(100))
    #expect(await Self.advanceUntil(clock) { source.callCount == 1 })
    #expect(source.snapshot.map(\.query) == ["sa"])
    source.release(0)
    #expect(await waitUntil { session.state.phase == .results })
  }

  @Test("the LRU cache answers a repeated query without asking the source", .offThePool)
  func cacheHit() {
    let source = CountingSource(sessionCities)
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [source], cacheCapacity: 2))
    for text in ["s", "sa", "s", "sa"] { session.textChanged(text) }
    #expect(source.calls == 2)
    session.textChanged("sy")  // evicts "s" (least recently used)
    session.textChanged("s")
    #expect(source.calls == 4)
    #expect(session.state.suggestions.count == 5)

    let uncached = CountingSource(sessionCities)
    let plain = AutocompleteSession(
      configuration: SessionConfiguration(sources: [uncached], cacheCapacity: 0))
    for text in ["s", "sa", "s"] { plain.textChanged(text) }
    #expect(uncached.calls == 3)
  }

  @Test("show on focus with an empty field", .offThePool)
  func showOnFocus() {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [ListSource(sessionCities)], showsSuggestionsOnFocus: true)
    )
    session.send(.focusChanged(true))
    #expect(session.state.phase == .results)
    #expect(session.state.isOpen)
    #expect(session.state.suggestions.count == 5)
    session.send(.focusChanged(false))
    #expect(!session.state.isOpen)

    let plain = AutocompleteSession(configuration: SessionConfiguration(sources: [ListSource(sessionCities)]))
    plain.send(.focusChanged(true))
    #expect(plain.state.phase == .idle)
  }

  @Test("callback source: a second call is ignored")
  func callbackCalledTwice() async {
    let source = CallbackSource { query, callback in
      callback([Suggestion("first \(query.text)")])
      callback([Suggestion("second")])
      callback.fail(SessionTestError(reason: "late"))
    }
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("x")
    #expect(await waitUntil { session.state.phase == .results })
    await letTasksRun()
    #expect(session.state.suggestions.map(\.displayText) == ["first x"])
  }

  @Test("callback source: never called, the next keystroke cancels the wait")
  func callbackNeverCalled() async {
    let seen = CallbackLog()
    let source = CallbackSource { query, callback in
      seen.append(query.text, callback)
      if query.text == "ab" { callback([Suggestion("ab!")]) }
    }
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("a")
    #expect(await waitUntil { seen.count == 1 })
    session.textChanged("ab")
    #expect(await waitUntil { session.state.phase == .results })
    #expect(seen.first?.isCancelled == true)
    seen.first?([Suggestion("too late")])  // ignored
    await letTasksRun()
    #expect(session.state.suggestions.map(\.displayText) == ["ab!"])
  }

  @Test("auto-fill can be switched off and on at run time; refresh asks the sources again", .offThePool)
  func reconfigure() {
    let source = CountingSource(sessionCities)
    let session = AutocompleteSession(configuration: SessionConfiguration(source: source))
    session.textChanged("sa")
    #expect(session.state.isOpen)
    session.configuration.isAutoFillOn = false
    #expect(!session.state.isOpen)
    #expect(session.state.phase == .idle)
    #expect(session.state.text == "sa")
    session.textChanged("sao")
    #expect(session.state.phase == .idle)
    session.configuration.isAutoFillOn = true
    #expect(session.state.suggestions.map(\.displayText) == ["São Paulo"])
    let calls = source.calls
    session.send(.refresh)
    #expect(source.calls == calls + 1)
  }

  @Test("index and filter sources", .offThePool)
  func indexAndFilter() {
    let index = SearchIndex(sessionCities)
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [
        IndexSource(index), FilterSource { query in [Suggestion("typed: \(query.text)")] },
      ]))
    session.textChanged("seo")
    #expect(session.state.sections.map { $0.suggestions.map(\.displayText) } == [["Seoul"], ["typed: seo"]])
  }

  @Test("states stream and delegate see changes")
  func publishing() async {
    final class Delegate: AutocompleteSessionDelegate {
      var states: [SessionPhase] = []
      var outputs: [SessionOutput] = []
      func session(_ session: AutocompleteSession, didChange state: SessionState) {
        states.append(state.phase)
      }
      func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {
        outputs.append(output)
      }
    }
    let delegate = Delegate()
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(sessionCities)))
    session.delegate = delegate
    var iterator = session.states().makeAsyncIterator()
    #expect(await iterator.next()?.phase == .idle)
    session.textChanged("sy")
    #expect(await iterator.next()?.phase == .results)
    session.press(.enter)
    #expect(delegate.states == [.results, .results])
    #expect(delegate.outputs == [.returned(text: "sy")])
  }

  #if canImport(Observation)
    @Test("an @Observable model follows the session", .offThePool)
    func observable() {
      guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
      let session = AutocompleteSession(
        configuration: SessionConfiguration(source: ListSource(sessionCities)))
      let model = ObservableAutocompleteSession(session)
      model.send(.textChanged(TextSnapshot("sy")))
      #expect(model.state.suggestions.map(\.displayText) == ["Sydney"])
    }
  #endif
}

/// Records callback-source requests.
final class CallbackLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [(String, SuggestionCallback)] = []

  func append(_ query: String, _ callback: SuggestionCallback) {
    lock.withSessionLock { entries.append((query, callback)) }
  }
  var count: Int { lock.withSessionLock { entries.count } }
  var first: SuggestionCallback? { lock.withSessionLock { entries.first?.1 } }
}
