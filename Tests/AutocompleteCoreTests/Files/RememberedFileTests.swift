import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Remembered files (recents, history) on hostile paths (issue 41): symbolic links written through,
/// modes kept or private, FIFOs and devices refused, corrupt files set aside without overwriting
/// earlier ones, oversized files not read.
@Suite("remembered files: links, modes, odd files")
struct RememberedFileTests {
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func entry(_ id: String) -> RecentEntry {
    RecentEntry(id: id, displayText: id, lastUsed: Date())
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    _ = stat(path, &status)
    return status.st_mode & 0o7777
  }

  static func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  @Test("a recents file that is a symbolic link: the target gets the pick and the link stays", .offThePool)
  func symlinkedRecents() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let target = dir.appendingPathComponent("real/recents.json")
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    let link = dir.appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/recents.json")
    let store = JSONFileRecentsStore(url: link)
    try store.record(Self.entry("a"), for: "f")
    #expect(Self.isLink(link.path))
    #expect(try JSONFileRecentsStore(url: target).entries(for: "f").map(\.id) == ["a"])
    // Two names of one file lock one lock, beside the target.
    #expect(FileManager.default.fileExists(atPath: target.path + ".lock"))
    #expect(!FileManager.default.fileExists(atPath: link.path + ".lock"))
    // A dangling link: the file it names is created.
    let dangling = dir.appendingPathComponent("dangling.json")
    try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "new.json")
    try JSONFileRecentsStore(url: dangling).record(Self.entry("b"), for: "f")
    #expect(
      Self.isLink(dangling.path)
        && FileManager.default.fileExists(atPath: dir.appendingPathComponent("new.json").path))
  }

  @Test("a pick keeps a file's mode; a new file is 0600 in directories made 0700", .offThePool)
  func modes() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let existing = dir.appendingPathComponent("recents.json")
    FileManager.default.createFile(
      atPath: existing.path, contents: Data(), attributes: [.posixPermissions: 0o600])
    try JSONFileRecentsStore(url: existing).record(Self.entry("a"), for: "f")
    #expect(Self.mode(existing.path) == 0o600)
    let shared = dir.appendingPathComponent("shared.json")
    FileManager.default.createFile(
      atPath: shared.path, contents: Data(), attributes: [.posixPermissions: 0o640])
    try JSONFileRecentsStore(url: shared).record(Self.entry("a"), for: "f")
    #expect(Self.mode(shared.path) == 0o640)
    let fresh = dir.appendingPathComponent("state/autocomplete/recents.json")
    try JSONFileRecentsStore(url: fresh).record(Self.entry("a"), for: "f")
    #expect(Self.mode(fresh.path) == 0o600)
    #expect(Self.mode(fresh.path + ".lock") == 0o600)
    #expect(Self.mode(dir.appendingPathComponent("state/autocomplete").path) == 0o700)
    #expect(Self.mode(dir.appendingPathComponent("state").path) == 0o700)
  }

  @Test("a FIFO or a device as the recents file: \"not a regular file\", never a hang", .offThePool)
  func oddFiles() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fifo = dir.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    for (url, kind) in [(fifo, "a FIFO"), (URL(fileURLWithPath: "/dev/zero"), "a character device")] {
      let store = JSONFileRecentsStore(url: url)
      #expect(throws: RecentsError.inaccessible(path: url.path, reason: "not a regular file: \(kind)")) {
        try store.entries(for: "f")
      }
      #expect(throws: RecentsError.self) { try store.record(Self.entry("a"), for: "f") }
    }
  }

  @Test(
    "corrupt files set aside one after another are all kept: .corrupt, .corrupt.1, .corrupt.2", .offThePool)
  func corruptFilesNumbered() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("recents.json")
    let store = JSONFileRecentsStore(url: url)
    for number in 0..<3 {
      try Data("not json \(number)".utf8).write(to: url)
      try store.record(Self.entry("a"), for: "f")
    }
    let kept = try ["corrupt", "corrupt.1", "corrupt.2"].map {
      try String(contentsOf: url.appendingPathExtension($0), encoding: .utf8)
    }
    #expect(kept == ["not json 0", "not json 1", "not json 2"])
  }

  @Test("a recents file past 8 MiB is not read: corrupt, set aside at the next pick", .offThePool)
  func oversizedRecents() throws {
    let dir = try Self.directory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("recents.json")
    let handle = try #require(
      FileHandle(
        forWritingAtPath: {
          FileManager.default.createFile(atPath: url.path, contents: nil); return url.path
        }()))
    try handle.truncate(atOffset: UInt64(JSONFileRecentsStore.largestFile + 1))
    try handle.close()
    let store = JSONFileRecentsStore(url: url)
    #expect(throws: RecentsError.self) { try store.entries(for: "f") }
    try store.record(Self.entry("a"), for: "f")
    #expect(try store.entries(for: "f").map(\.id) == ["a"])
    #expect(FileManager.default.fileExists(atPath: url.path + ".corrupt"))
  }
}
