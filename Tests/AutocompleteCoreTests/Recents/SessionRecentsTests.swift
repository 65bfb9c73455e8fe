import AutocompleteCore
import Foundation
import Testing

/// Recents in the session: recorded on picks, a "Recent" section on focus, first while typing and
/// not repeated below, removable; and the app in control: open, close, set text, fill.
@MainActor
@Suite("Session: recents and the app in control")
struct SessionRecentsTests {
  static func session(_ store: InMemoryRecentsStore, now: Date = Date()) -> AutocompleteSession {
    let recents = SessionRecents(store: store, field: "city", now: { now })
    return AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(sessionCities)], searchOptions: SearchOptions(maximumCount: 10), recents: recents
      ))
  }

  @Test("a pick is remembered; the empty field shows it on focus in a Recent section")
  func recordAndShowOnFocus() async {
    let store = InMemoryRecentsStore()
    let session = Self.session(store)
    session.send(.focusChanged(true))
    #expect(session.state.isOpen == false)  // nothing remembered yet
    session.textChanged("syd")
    #expect(await waitUntil { session.state.phase == .results })
    session.send(.rowPicked(0))
    #expect(store.entries(for: "city").map(\.displayText) == ["Sydney"])
    session.send(.textSet(TextSnapshot(""), opensList: false))
    session.send(.focusChanged(false))
    session.send(.focusChanged(true))
    #expect(await waitUntil { session.state.phase == .results })
    #expect(session.state.sections.map(\.title) == ["Recent"])
    #expect(session.state.suggestions.map(\.displayText) == ["Sydney"])
    #expect(session.state.suggestions.allSatisfy { $0.isRecent })
  }

  @Test("while typing, matching recents come first and are not repeated; removeRecent forgets one")
  func typingAndRemoving() async {
    let store = InMemoryRecentsStore()
    let now = Date()
    store.record(RecentEntry(Suggestion("Santiago"), at: now), for: "city")
    store.record(RecentEntry(Suggestion("Seoul"), at: now), for: "city")
    let session = Self.session(store, now: now)
    session.textChanged("sa")
    #expect(await waitUntil { session.state.phase == .results })
    #expect(session.state.sections.map(\.title) == ["Recent", nil])
    #expect(session.state.sections[0].suggestions.map(\.displayText) == ["Santiago"])
    #expect(session.state.sections[0].suggestions[0].highlights.count == 1)
    #expect(!session.state.sections[1].suggestions.map(\.displayText).contains("Santiago"))
    #expect(session.state.sections[1].suggestions.map(\.displayText).contains("São Paulo"))
    session.removeRecent(id: "Santiago")
    #expect(await waitUntil { session.state.phase == .results && session.state.sections.count == 1 })
    #expect(session.state.suggestions.map(\.displayText).contains("Santiago"))
    #expect(store.entries(for: "city").map(\.id) == ["Seoul"])
  }

  @Test("setText(opensList: false) keeps the list closed; listOpened opens it; listClosed closes it")
  func appControl() async {
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(sessionCities)))
    session.send(.textSet(TextSnapshot("sa"), opensList: false))
    await letTasksRun()
    #expect(session.state.text == "sa")
    #expect(session.state.isOpen == false)
    #expect(session.state.phase == .idle)
    #expect(session.send(.listOpened))
    #expect(await waitUntil { session.state.phase == .results })
    #expect(session.state.isOpen)
    #expect(session.send(.listClosed))
    #expect(session.state.isOpen == false)
    #expect(session.send(.listClosed) == false)  // already closed: the front end may use the key
    #expect(session.send(.listOpened))
    #expect(session.state.isOpen)
    session.send(.textSet(TextSnapshot("syd"), opensList: true))
    #expect(await waitUntil { session.state.suggestions.map(\.displayText) == ["Sydney"] })
    #expect(session.state.isOpen)
  }

  @Test("tap-ahead: a row's completion fills the field and is searched again, nothing picked")
  func fill() async {
    let items: [AutocompleteItem] = ["San", "San Francisco", "San Diego", "Santiago"]
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(items)))
    var outputs: [SessionOutput] = []
    session.onOutput = { outputs.append($0) }
    session.textChanged("sa")
    #expect(await waitUntil { session.state.phase == .results })
    let index = session.state.suggestions.firstIndex { $0.displayText == "San" }
    #expect(index != nil)
    #expect(session.send(.rowFilled(index ?? 0)))
    #expect(session.state.text == "San")
    #expect(await waitUntil { session.state.phase == .results && session.state.answeredQuery?.text == "San" })
    #expect(session.state.isOpen)
    #expect(!outputs.contains { if case .picked = $0 { true } else { false } })
    #expect(
      outputs.contains { if case .replaceText(let edit) = $0 { edit.resultingText == "San" } else { false } })
    #expect(session.send(.rowFilled(99)) == false)
  }
}
