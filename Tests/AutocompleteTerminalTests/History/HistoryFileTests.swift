import Foundation
import TestSupport
import Testing

@testable import AutocompleteTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `pick --history` files on hostile paths (issue 41): a huge file read from its end and rewritten
/// at `--history-size`, a symbolic link written through, modes kept, FIFOs and devices refused.
@Suite("Query history files: size, links, modes, odd files")
struct HistoryFileTests {
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(
    "a history of 2 million lines opens with the last --history-size lines and is rewritten at that size",
    .offThePool)
  func hugeHistory() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("history")
    let text = (1...2_000_000).map { "query \($0)" }.joined(separator: "\n") + "\n"
    try Data(text.utf8).write(to: url)
    let history = try QueryHistory(contentsOf: url, maximumCount: 5)
    let expected = (1_999_996...2_000_000).map { "query \($0)" }
    #expect(history.queries == expected)
    #expect(try String(contentsOf: url, encoding: .utf8) == expected.joined(separator: "\n") + "\n")
  }

  @Test("HistoryTail reads no more than its budget: the lines wholly inside it, from the end", .offThePool)
  func budget() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("history")
    try Data(("x".padding(toLength: 5000, withPad: "x", startingAt: 0) + "\nab\ncd\n").utf8).write(to: url)
    let tail = try #require(try HistoryTail.read(url.path, keeping: 10, budget: 100))
    #expect(tail.lines == ["ab", "cd"] && tail.isTrimmed)
    let whole = try #require(try HistoryTail.read(url.path, keeping: 2))
    #expect(whole.lines == ["ab", "cd"] && whole.isTrimmed)
    let all = try #require(try HistoryTail.read(url.path, keeping: 3))
    #expect(all.lines.count == 3 && !all.isTrimmed)
    #expect(try HistoryTail.read(dir.appendingPathComponent("missing").path, keeping: 3) == nil)
  }

  @Test(
    "a history that is a symbolic link: the target gets the query and keeps its mode; the link stays",
    .offThePool)
  func symlinkedHistory() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("target")
    FileManager.default.createFile(
      atPath: target.path, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o640])
    let link = dir.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    var history = try QueryHistory(contentsOf: link)
    try history.save("new")
    var status = stat()
    #expect(lstat(link.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(try String(contentsOf: target, encoding: .utf8) == "old\nnew\n")
    #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o640)
    // A new history: 0600 in a directory made 0700.
    let fresh = dir.appendingPathComponent("made/history")
    var created = try QueryHistory(contentsOf: fresh)
    try created.save("q")
    #expect(stat(fresh.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(stat(fresh.deletingLastPathComponent().path, &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  @Test("a FIFO or /dev/zero as --history: \"not a regular file\", never a hang", .offThePool)
  func oddFiles() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for (url, kind) in [(fifo, "a FIFO"), (URL(fileURLWithPath: "/dev/zero"), "a character device")] {
      #expect(throws: QueryHistoryError(path: url.path, reason: "not a regular file: \(kind)")) {
        _ = try QueryHistory(contentsOf: url)
      }
    }
  }
}
