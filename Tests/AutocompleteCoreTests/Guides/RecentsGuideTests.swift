import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// The recents snippet of Guides/Recents.md, as written (the MapKit one is type-checked with the
/// examples, Examples/AutocompleteExamples/Sources/GuideSnippets), and what the guide says of it.
@Suite("Guides/Recents.md snippet")
@MainActor
struct RecentsGuideTests {
  let index = SearchIndex(["Sydney", "Sion", "Zürich", "Zug"] as [AutocompleteItem])

  @Test("the snippet builds a session whose recents live in the app's state folder", .offThePool)
  func snippet() throws {
    let recents = SessionRecents(
      store: JSONFileRecentsStore(url: JSONFileRecentsStore.defaultURL(application: "MyApp")),
      field: "city")
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [IndexSource(index)], recents: recents))

    let store = try #require(recents.store as? JSONFileRecentsStore)
    #expect(store.url.path.hasSuffix("/MyApp/recents.json"))
    #expect(session.configuration.recents?.field == "city")
    // Nothing is written until a pick; the pick itself is shown below on a file of the test's own.
  }

  @Test("a pick is recorded in the file and shown in a Recent section when the empty field gets the focus")
  func pickAndFocus() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recents-guide-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = JSONFileRecentsStore.defaultURL(
      application: "MyApp", environment: ["XDG_STATE_HOME": folder.path])
    let recents = SessionRecents(store: JSONFileRecentsStore(url: url), field: "city")
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [IndexSource(index)], recents: recents))
    session.send(.focusChanged(true))
    session.textChanged("zu")
    #expect(await waitUntil { session.state.phase == .results })
    #expect(session.state.suggestions.map(\.displayText) == ["Zug", "Zürich"])
    session.send(.rowPicked(1))
    #expect(FileManager.default.fileExists(atPath: url.path))

    let reopened = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [IndexSource(index)],
        recents: SessionRecents(store: JSONFileRecentsStore(url: url), field: "city")))
    reopened.send(.focusChanged(true))
    #expect(await waitUntil { reopened.state.phase == .results })
    #expect(reopened.state.sections.map(\.title) == ["Recent"])
    #expect(reopened.state.suggestions.map(\.displayText) == ["Zürich"])
    #expect(reopened.state.suggestions.allSatisfy { $0.isRecent })
  }
}
