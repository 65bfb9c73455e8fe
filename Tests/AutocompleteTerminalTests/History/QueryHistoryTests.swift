import AutocompleteTerminal
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// fzf's `--history`: walking earlier queries, saving the accepted one, the file.
@Suite("Query history (pick --history)")
struct QueryHistoryTests {
  static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID())/sub/history")
  }

  static func remove(_ url: URL) {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent())
  }

  @Test(
    "Ctrl-P walks back, Ctrl-N forward to the text being typed; edits of a recalled query are kept",
    .offThePool)
  func walk() {
    var history = QueryHistory(queries: ["one", "two", "three"])
    #expect(history.next(replacing: "typ") == nil)  // already at the text being typed
    #expect(history.previous(replacing: "typ") == "three")
    #expect(history.previous(replacing: "three") == "two")
    #expect(history.previous(replacing: "two!") == "one")  // "two" edited to "two!"
    #expect(history.previous(replacing: "one") == nil)  // the oldest
    #expect(history.next(replacing: "one") == "two!")
    #expect(history.next(replacing: "two!") == "three")
    #expect(history.next(replacing: "three") == "typ")
    #expect(history.queries == ["one", "two", "three"])  // edits are not saved
  }

  @Test(
    "save appends the query (not an empty one; breaks as spaces), keeps the last N, restarts the walk",
    .offThePool)
  func save() throws {
    var history = QueryHistory(queries: ["a", "b"], maximumCount: 3)
    _ = history.previous(replacing: "")
    try history.save("c")
    try history.save("")
    try history.save("d\ne")
    #expect(history.queries == ["b", "c", "d e"])
    #expect(history.previous(replacing: "") == "d e")
  }

  @Test(
    "a file: created empty (0600, with its directory) when missing; one query a line; saves reread it",
    .offThePool)
  func file() throws {
    let url = Self.temporaryFile()
    defer { Self.remove(url) }
    var first = try QueryHistory(contentsOf: url, maximumCount: 3)
    #expect(first.queries.isEmpty)
    #expect(FileManager.default.fileExists(atPath: url.path))
    let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    var second = try QueryHistory(contentsOf: url, maximumCount: 3)
    try first.save("par")
    try second.save("lon")  // opened before "par" was saved: keeps it
    try first.save("ber")
    try first.save("rom")
    #expect(try String(contentsOf: url, encoding: .utf8) == "lon\nber\nrom\n")
    #expect(first.queries == ["lon", "ber", "rom"])
    let reopened = try QueryHistory(contentsOf: url)
    #expect(reopened.queries == ["lon", "ber", "rom"])
  }

  @Test("a file fzf wrote (no final line break, empty lines) reads as its queries", .offThePool)
  func foreignFile() throws {
    let url = Self.temporaryFile()
    defer { Self.remove(url) }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("one\n\ntwo".utf8).write(to: url)
    #expect(try QueryHistory(contentsOf: url).queries == ["one", "two"])
  }

  @Test("a path that cannot be used is a clear error when the history is opened", .offThePool)
  func unusable() throws {
    let url = Self.temporaryFile()
    defer { Self.remove(url) }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    #expect(throws: QueryHistoryError(path: url.path, reason: "Is a directory")) {
      try QueryHistory(contentsOf: url)
    }
    #expect(
      "\(QueryHistoryError(path: "/h", reason: "Is a directory"))"
        == "the history file /h cannot be used (Is a directory)")
  }

  @Test("pickers saving at once keep every query (each rereads the file under a lock)")
  func concurrentSaves() async throws {
    let url = Self.temporaryFile()
    defer { Self.remove(url) }
    _ = try QueryHistory(contentsOf: url)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          guard var history = try? QueryHistory(contentsOf: url) else { return }
          for query in 0..<25 { try? history.save("w\(writer)-\(query)") }
        }
      }
    }
    #expect(Set(try QueryHistory(contentsOf: url).queries).count == 100)
  }
}
