import AutocompleteCore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The recents rules (one entry per id, newest first, capped, aged), frecency, and the stores: a
/// JSON file that survives corruption and concurrent writers, memory, `UserDefaults`.
@Suite("Recents: list, frecency and stores")
struct RecentsStoreTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static func entry(_ id: String, count: Double = 1, minutesAgo: Double = 0) -> RecentEntry {
    RecentEntry(
      id: id, displayText: id.capitalized, useCount: count,
      lastUsed: start.addingTimeInterval(-minutesAgo * 60))
  }

  @Test(
    "a re-pick counts again and moves to the front; the list is capped; entries can be removed", .offThePool)
  func listRules() {
    var list = RecentsList(capacity: 3)
    for id in ["paris", "rome", "oslo", "paris", "lima"] { list.record(Self.entry(id)) }
    #expect(list.entries.map(\.id) == ["lima", "paris", "oslo"])
    #expect(list.entries[1].useCount == 2)
    list.remove(id: "paris")
    #expect(list.entries.map(\.id) == ["lima", "oslo"])
    list.removeAll()
    #expect(list.entries.isEmpty)
    // Stored entries come back in order, without duplicates, capped.
    let restored = RecentsList(
      [Self.entry("a", minutesAgo: 5), Self.entry("b", minutesAgo: 1), Self.entry("a", minutesAgo: 9)],
      capacity: 1)
    #expect(restored.entries.map(\.id) == ["b"])
  }

  @Test("frecency: count × zoxide's weight for the age; ties by recency, then id", .offThePool)
  func frecency() {
    #expect(FrecencyRanking.weight(age: 59 * 60) == 4)
    #expect(FrecencyRanking.weight(age: 3 * 3600) == 2)
    #expect(FrecencyRanking.weight(age: 3 * 86_400) == 0.5)
    #expect(FrecencyRanking.weight(age: 30 * 86_400) == 0.25)
    let ranking = FrecencyRanking()
    let now = Self.start
    // Picked 3 times last month (3 × ¼) < once this morning (1 × 2) < twice in the last hour (2 × 4).
    let old = Self.entry("old", count: 3, minutesAgo: 30 * 24 * 60)
    let morning = Self.entry("morning", count: 1, minutesAgo: 5 * 60)
    let hour = Self.entry("hour", count: 2, minutesAgo: 10)
    #expect(ranking.ordered([old, morning, hour], now: now).map(\.id) == ["hour", "morning", "old"])
    // The same score (1 × 4 and 2 × 2): the more recent first; the same time too: by id.
    let a = Self.entry("a", count: 1, minutesAgo: 30)
    let b = Self.entry("b", count: 2, minutesAgo: 120)
    #expect(ranking.ordered([b, a], now: now).map(\.id) == ["a", "b"])
    let c = Self.entry("c", count: 1, minutesAgo: 30)
    #expect(ranking.ordered([c, a], now: now).map(\.id) == ["a", "c"])
    // Time passing lowers a score, deterministically.
    #expect(ranking.score(hour, now: now) == 8)
    #expect(ranking.score(hour, now: now.addingTimeInterval(2 * 86_400)) == 1)
  }

  @Test(
    "aging: counts over the maximum total are scaled to 90% of it; below 1 they are forgotten", .offThePool)
  func aging() {
    let ranking = FrecencyRanking(maximumTotal: 10)
    let entries = [Self.entry("a", count: 9), Self.entry("b", count: 2), Self.entry("c", count: 1)]
    let aged = ranking.aged(entries)
    #expect(aged.map(\.id) == ["a", "b"])
    #expect(abs(aged[0].useCount - 9 * 9 / 12) < 1e-9)
    #expect(ranking.aged([Self.entry("a", count: 5)]).map(\.useCount) == [5])
    var list = RecentsList(capacity: 100, ranking: ranking)
    for index in 0..<50 { list.record(Self.entry("id\(index % 3)")) }
    #expect(list.entries.reduce(0) { $0 + $1.useCount } <= 10)
  }

  static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("recents-\(UUID())/state/recents.json")
  }

  @Test(
    "a JSON file: missing is empty; picks are kept per field, with their payload, across stores", .offThePool)
  func jsonFile() throws {
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    let store = JSONFileRecentsStore(url: url)
    #expect(try store.entries(for: "city").isEmpty)
    var row = Suggestion("Zürich", id: "7", detailText: "Switzerland", payload: ["population": 415_367])
    row.highlights = []
    try store.record(RecentEntry(row, at: Self.start), for: "city")
    try store.record(Self.entry("tag"), for: "tags")
    let reopened = JSONFileRecentsStore(url: url)
    let cities = try reopened.entries(for: "city")
    #expect(cities.map(\.displayText) == ["Zürich"])
    #expect(cities.first?.detailText == "Switzerland")
    #expect(cities.first?.payload(as: [String: Int].self) == ["population": 415_367])
    #expect(cities.first?.suggestion.isRecent == true)
    #expect(try reopened.entries(for: "tags").map(\.id) == ["tag"])
    try reopened.remove(id: "7", for: "city")
    #expect(try store.entries(for: "city").isEmpty)
  }

  @Test(
    "a corrupt file: a clear error and no entries, and the next pick is kept (the file set aside)",
    .offThePool,
    arguments: [
      Data("not json".utf8), Data([0xFF, 0xFE, 0x00, 0x01]), Data(#"{"fields": 3}"#.utf8), Data("[]".utf8),
    ])
  func corruptFile(content: Data) throws {
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try content.write(to: url)
    let store = JSONFileRecentsStore(url: url)
    #expect {
      try store.entries(for: "city")
    } throws: { error in
      guard case .corrupt(let path, _) = error as? RecentsError else { return false }
      return path == url.path
        && "\(error)".hasPrefix("the recents file \(url.path) is not readable as recents")
    }
    try store.record(Self.entry("lima"), for: "city")
    #expect(try store.entries(for: "city").map(\.id) == ["lima"])
    #expect(FileManager.default.fileExists(atPath: url.path + ".corrupt"))
  }

  @Test(
    "an unreadable file (a directory in its place): a clear error for reads and writes, never a crash",
    .offThePool)
  func unreadableFile() throws {
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    // A directory where the file should be: unreadable for everyone, root too (who reads a file
    // whatever its permissions).
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let store = JSONFileRecentsStore(url: url)
    let expected = RecentsError.inaccessible(path: url.path, reason: "Is a directory")
    #expect(throws: expected) { try store.entries(for: "city") }
    #expect(throws: expected) { try store.record(Self.entry("lima"), for: "city") }
    #expect("\(expected)" == "the recents file \(url.path) cannot be used (Is a directory)")
    try FileManager.default.removeItem(at: url)
    try store.record(Self.entry("lima"), for: "city")
    #expect(try store.entries(for: "city").map(\.id) == ["lima"])
  }

  @Test("a file without read permission: a clear error (skipped as root, who reads it anyway)", .offThePool)
  func unreadablePermissions() throws {
    guard getuid() != 0 else { return }
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    let store = JSONFileRecentsStore(url: url)
    try store.record(Self.entry("lima"), for: "city")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
    #expect(throws: RecentsError.inaccessible(path: url.path, reason: "Permission denied")) {
      try store.entries(for: "city")
    }
  }

  @Test("the session reports an unusable file as recentsFailed and goes on: rows shown, the pick made")
  func sessionReportsFileFailure() async throws {
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let failures = await MainActor.run { () -> [SessionOutput] in
      let session = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [ListSource(["Lima", "Lisbon"] as [AutocompleteItem])],
          recents: SessionRecents(store: JSONFileRecentsStore(url: url), field: "city")))
      var outputs: [SessionOutput] = []
      session.onOutput = { outputs.append($0) }
      session.textChanged("li")
      #expect(session.state.suggestions.map(\.displayText) == ["Lima", "Lisbon"])
      session.send(.rowPicked(0))
      #expect(session.state.text == "Lima")
      return outputs.filter { if case .recentsFailed = $0 { true } else { false } }
    }
    let expected = SessionOutput.recentsFailed(
      SessionError(RecentsError.inaccessible(path: url.path, reason: "Is a directory")))
    #expect(failures == [expected])
  }

  @Test("writers at once (each with its own file handle and lock) lose nothing")
  func concurrentWriters() async throws {
    let url = Self.temporaryFile()
    defer {
      try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
    }
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<6 {
        group.addTask {
          let store = JSONFileRecentsStore(url: url, capacity: 1000)
          for pick in 0..<20 { try? store.record(Self.entry("w\(writer)-\(pick)"), for: "city") }
        }
      }
    }
    let entries = try JSONFileRecentsStore(url: url, capacity: 1000).entries(for: "city")
    #expect(Set(entries.map(\.id)).count == 120)
  }

  @Test("the in-memory and UserDefaults stores follow the same rules", .offThePool)
  func otherStores() throws {
    let memory = InMemoryRecentsStore(capacity: 2)
    for id in ["a", "b", "a", "c"] { memory.record(Self.entry(id), for: "f") }
    #expect(memory.entries(for: "f").map(\.id) == ["c", "a"])
    let suite = "AutocompleteKitTests.\(UUID())"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let store = UserDefaultsRecentsStore(defaults: defaults, capacity: 2)
    for id in ["a", "b", "a", "c"] { try store.record(Self.entry(id), for: "f") }
    #expect(try store.entries(for: "f").map(\.id) == ["c", "a"])
    defaults.set(Data("garbage".utf8), forKey: "AutocompleteKit.recents.g")
    #expect(throws: RecentsError.self) { try store.entries(for: "g") }
    try store.record(Self.entry("z"), for: "g")
    #expect(try store.entries(for: "g").map(\.id) == ["z"])
  }
}
