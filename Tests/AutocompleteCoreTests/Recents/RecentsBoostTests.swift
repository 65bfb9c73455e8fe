import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// Frecency as a boost over the standard ranking (`SessionRecents.Placement.boost`), and the store's
/// failures reaching the app.
@MainActor
@Suite("Session: recents boosted while typing, store failures reported")
struct RecentsBoostTests {
  nonisolated static let now = Date(timeIntervalSince1970: 1_700_000_000)

  static func session(
    _ items: [AutocompleteItem], store: any RecentsStore, mode: MatchMode = .prefix,
    entryID: @escaping @Sendable (Suggestion) -> String? = { $0.completionText },
    configure: (inout SessionConfiguration) -> Void = { _ in }
  ) -> AutocompleteSession {
    let recents = SessionRecents(
      store: store, field: "f", whileTyping: .boost, entryID: entryID, now: { Self.now })
    var configuration = SessionConfiguration(
      sources: [ListSource(items)], searchOptions: SearchOptions(mode: mode, maximumCount: -1),
      recents: recents)
    configure(&configuration)
    return AutocompleteSession(configuration: configuration)
  }

  static func entry(_ id: String, count: Double = 1, hoursAgo: Double = 0) -> RecentEntry {
    RecentEntry(id: id, displayText: id, useCount: count, lastUsed: now.addingTimeInterval(-hoursAgo * 3600))
  }

  /// The rows' texts in order, for `text`, without recents.
  static func unboosted(_ items: [AutocompleteItem], _ text: String, mode: MatchMode) -> [String] {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(items)], searchOptions: SearchOptions(mode: mode, maximumCount: -1)))
    session.textChanged(text)
    return session.state.suggestions.map(\.displayText)
  }

  @Test(
    "matching recents rise among the rows, most frecent first, marked recent, in no section of their own",
    .offThePool)
  func boostWithinTier() {
    let items: [AutocompleteItem] = [
      "Salvador", "San Diego", "San Francisco", "Santiago", "Sapporo", "Sydney",
    ]
    let store = InMemoryRecentsStore()
    store.record(Self.entry("Santiago", count: 1), for: "f")
    store.record(Self.entry("Sapporo", count: 3), for: "f")  // more frecent
    store.record(Self.entry("Sydney", count: 9), for: "f")  // does not match "sa"
    let session = Self.session(items, store: store)
    session.textChanged("sa")
    #expect(session.state.sections.count == 1)
    #expect(session.state.sections[0].title == nil)
    let rows = session.state.suggestions
    let others = Self.unboosted(items, "sa", mode: .prefix).filter { $0 != "Sapporo" && $0 != "Santiago" }
    #expect(rows.map(\.displayText) == ["Sapporo", "Santiago"] + others)
    #expect(rows.map(\.isRecent) == [true, true] + others.map { _ in false })
    #expect(rows[0].highlights.map { String(rows[0].displayText[$0]) } == ["Sa"])
  }

  @Test(
    "a boost never lifts a recent row above a better kind of match: prefix rows stay above a recent contains row",
    .offThePool)
  func boostKeepsBetterKinds() {
    let items: [AutocompleteItem] = ["Busan", "Pisan", "Santiago", "San Diego", "Hasan"]
    let store = InMemoryRecentsStore()
    store.record(Self.entry("Pisan"), for: "f")
    let session = Self.session(items, store: store, mode: .contains)
    session.textChanged("san")
    let plain = Self.unboosted(items, "san", mode: .contains)
    let rows = session.state.suggestions.map(\.displayText)
    #expect(Set(rows) == Set(plain))
    // Prefix matches first, in their order; then Pisan before the other contains matches.
    #expect(Array(rows.prefix(2)) == Array(plain.prefix(2)))
    #expect(Set(rows.prefix(2)) == ["Santiago", "San Diego"])
    #expect(rows[2] == "Pisan")
    #expect(Array(rows.dropFirst(3)) == plain.dropFirst(2).filter { $0 != "Pisan" })
  }

  @Test("an empty query's rows (suggestions on focus) put the recents first", .offThePool)
  func emptyQuery() {
    let items: [AutocompleteItem] = ["alpha", "beta", "gamma", "delta"]
    let store = InMemoryRecentsStore()
    store.record(Self.entry("delta", count: 1, hoursAgo: 30), for: "f")
    store.record(Self.entry("gamma", count: 1), for: "f")
    let session = Self.session(
      items, store: store,
      configure: { (configuration: inout SessionConfiguration) in
        configuration.minimumQueryLength = 0
        configuration.showsSuggestionsOnFocus = true
        configuration.recents?.showsOnFocus = false
      })
    session.send(.focusChanged(true))
    // The others in the list's own order for an empty query (shorter first).
    #expect(session.state.suggestions.map(\.displayText) == ["gamma", "delta", "beta", "alpha"])
  }

  @Test(
    "a pick is boosted at once, also when the answer comes from the cache (rows known by their id)",
    .offThePool)
  func boostAfterCachedAnswer() {
    let items: [AutocompleteItem] = ["Salvador", "San Diego", "Santiago"]
    let store = InMemoryRecentsStore()
    let session = Self.session(items, store: store, entryID: { $0.id })
    session.textChanged("sa")
    #expect(session.state.suggestions.first?.displayText == "Salvador")
    let index = session.state.suggestions.firstIndex { $0.displayText == "Santiago" } ?? 0
    let id = session.state.suggestions[index].id
    session.send(.rowPicked(index))
    #expect(store.entries(for: "f").map(\.id) == [id])
    session.textChanged("sa")  // answered from the session's cache, boosted by the recents of now
    #expect(session.state.suggestions.map(\.displayText) == ["Santiago", "Salvador", "San Diego"])
  }

  @Test(
    "entryID keys picks by something stabler than the row id; removeRecent(row) forgets by it", .offThePool)
  func customEntryID() {
    // Row ids that change from run to run (a list's positions), texts that do not.
    let items: [AutocompleteItem] = ["one", "two", "three"]
    let store = InMemoryRecentsStore()
    let session = Self.session(items, store: store, entryID: { $0.completionText })
    session.textChanged("t")
    let index = session.state.suggestions.firstIndex { $0.displayText == "three" } ?? 0
    session.send(.rowPicked(index))
    #expect(store.entries(for: "f").map(\.id) == ["three"])
    session.textChanged("t")
    let row = session.state.suggestions[0]
    #expect(row.displayText == "three" && row.isRecent)
    session.removeRecent(row)
    #expect(store.entries(for: "f").isEmpty)
    #expect(session.state.suggestions.map(\.isRecent) == [false, false])
  }

  /// A store that fails until told otherwise.
  final class FailingStore: RecentsStore, @unchecked Sendable {
    let base = InMemoryRecentsStore()
    private let lock = NSLock()
    private var failing = true
    var isFailing: Bool {
      get { lock.withLock { failing } }
      set { lock.withLock { failing = newValue } }
    }

    private func check() throws {
      if isFailing { throw RecentsError.inaccessible(path: "/nowhere", reason: "Permission denied") }
    }

    func entries(for field: String) throws -> [RecentEntry] {
      try check()
      return base.entries(for: field)
    }

    func record(_ entry: RecentEntry, for field: String) throws {
      try check()
      base.record(entry, for: field)
    }

    func remove(id: String, for field: String) throws {
      try check()
      base.remove(id: id, for: field)
    }

    func removeAll(for field: String) throws {
      try check()
      base.removeAll(for: field)
    }
  }

  @Test("a failing store is reported once as recentsFailed; searches and picks go on without it", .offThePool)
  func failuresReported() {
    let store = FailingStore()
    let session = Self.session(["Salvador", "Santiago"], store: store)
    var failures: [SessionError] = []
    var picks = 0
    session.onOutput = { output in
      if case .recentsFailed(let error) = output { failures.append(error) }
      if case .picked = output { picks += 1 }
    }
    session.textChanged("sa")
    #expect(session.state.suggestions.map(\.displayText) == ["Salvador", "Santiago"])
    session.textChanged("san")
    session.send(.rowPicked(0))
    #expect(picks == 1)
    #expect(failures.count == 1)  // the same failure, on three uses, is told once
    #expect(failures.first?.message == "the recents file /nowhere cannot be used (Permission denied)")
    #expect(
      failures.first?.underlying as? RecentsError
        == .inaccessible(path: "/nowhere", reason: "Permission denied"))
    store.isFailing = false
    session.textChanged("sa")
    #expect(failures.count == 1)
    store.isFailing = true
    session.removeRecent(id: "Santiago")
    #expect(failures.count == 2)  // failing again after working: told again
  }
}
