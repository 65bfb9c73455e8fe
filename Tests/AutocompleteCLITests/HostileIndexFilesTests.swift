import Foundation
import Testing

@testable import AutocompleteCore

/// The command line over the hostile index directories of issue 47: a FIFO or directory where a
/// file belongs is an error (exit 2) naming it, never a command that blocks; a damaged log is
/// warned about by every command that opens the index and kept aside by a writer; `--where`
/// nested past its limit is an error, not a stack overflow; `index verify` finds a forgery with
/// valid checksums.
@Suite("autocomplete on hostile index files")
struct HostileIndexFilesTests {
  /// A fresh directory path (not created).
  static func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("cli-hostile-\(UUID().uuidString)").path
  }

  /// An index of a few lines at a new path, and a log holding `commits` commits.
  static func makeIndex(commits: Int = 0) async throws -> String {
    let path = temporaryPath()
    let build = try await CommandRunner.run(
      ["index", "build", "--data", "-", "-o", path], stdin: Data("apple\napricot\nbanana\n".utf8))
    #expect(build.status == 0, "\(build.stderr)")
    for number in 0..<commits {
      let add = try await CommandRunner.run(
        ["index", "add", path, "--data", "-"], stdin: Data("cherry \(number)\n".utf8))
      #expect(add.status == 0, "\(add.stderr)")
    }
    return path
  }

  @Test("a FIFO or a directory in place of MANIFEST: exit 2 naming it, not a command that blocks")
  func specialManifest() async throws {
    for kind in ["fifo", "directory"] {
      let path = try await Self.makeIndex()
      defer { try? FileManager.default.removeItem(atPath: path) }
      let manifest = path + "/MANIFEST"
      try FileManager.default.removeItem(atPath: manifest)
      if kind == "fifo" {
        #expect(mkfifo(manifest, 0o644) == 0)
      } else {
        try FileManager.default.createDirectory(atPath: manifest, withIntermediateDirectories: false)
      }
      for arguments in [
        ["index", "info", path], ["filter", "--index", path, "a"], ["index", "verify", path],
      ] {
        let run = try await CommandRunner.run(arguments)
        #expect(run.status == 2, "\(arguments) \(run.status) \(run.stderr)")
        #expect(
          run.stderr.contains("MANIFEST is a \(kind == "fifo" ? "FIFO" : "directory")"), "\(run.stderr)")
      }
    }
  }

  @Test("a damaged log: every command warns, a writer keeps it as WAL.damaged-1, index info shows it")
  func damagedLogIsWarnedAbout() async throws {
    let path = try await Self.makeIndex(commits: 3)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = path + "/WAL"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
    bytes[32 + 3] ^= 0x40
    try Data(bytes).write(to: URL(fileURLWithPath: log))
    let filter = try await CommandRunner.run(["filter", "--index", path, "cherry"])
    #expect(filter.status == 1)
    #expect(
      filter.stderr.contains("warning") && filter.stderr.contains("WAL: record 1 at byte 32 is damaged"))
    let info = try await CommandRunner.run(["index", "info", path])
    #expect(info.stdout.contains("warning: WAL: record 1"), "\(info.stdout)")
    let add = try await CommandRunner.run(["index", "add", path, "--data", "-"], stdin: Data("date\n".utf8))
    #expect(add.status == 0 && add.stderr.contains("kept as WAL.damaged-1"), "\(add.stderr)")
    #expect(FileManager.default.fileExists(atPath: path + "/WAL.damaged-1"))
  }

  @Test("--where nested 31,000 deep is an error, not a crash")
  func deeplyNestedWhere() async throws {
    let expression = String(repeating: "(", count: 31_000) + "n:=1" + String(repeating: ")", count: 31_000)
    let file = Self.temporaryPath() + ".tsv"
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data("name\tn\napple\t1\n".utf8).write(to: URL(fileURLWithPath: file))
    let run = try await CommandRunner.run(["filter", "--tsv", file, "--where", expression, "a"])
    #expect(run.status == 2, "\(run.status) \(run.stderr.prefix(200))")
    #expect(run.stderr.contains("nested deeper than 256"), "\(run.stderr.prefix(300))")
  }

  @Test("index verify finds a sorted order forged with valid checksums; --checksums-only does not")
  func verifyFindsForgery() async throws {
    let path = try await Self.makeIndex()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Self.swapFirstForwardKeys(path + "/seg-000001.aks")
    let quick = try await CommandRunner.run(["index", "verify", "--checksums-only", path])
    #expect(quick.status == 0 && quick.stdout == "ok\n", "\(quick.stderr)")
    let full = try await CommandRunner.run(["index", "verify", path])
    #expect(full.status == 2, "\(full.stdout) \(full.stderr)")
    #expect(full.stderr.contains("section fwd  does not follow from its stored records"), "\(full.stderr)")
  }

  /// Swaps the first two entries of segment `path`'s forward order and recomputes the checksums.
  static func swapFirstForwardKeys(_ path: String) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func u64(_ at: Int) -> Int { bytes[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    func store(_ value: UInt64, at: Int) {
      for index in 0..<8 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }
    let count = Int(bytes[20])
    let entry = try #require(
      (0..<count).map { 64 + 32 * $0 }.first { bytes[$0..<($0 + 4)].elementsEqual("fwd ".utf8) })
    let offset = u64(entry + 8)
    let first = Array(bytes[offset..<(offset + 4)])
    bytes.replaceSubrange(offset..<(offset + 4), with: bytes[(offset + 4)..<(offset + 8)])
    bytes.replaceSubrange((offset + 4)..<(offset + 8), with: first)
    store(bytes[offset..<(offset + u64(entry + 16))].withUnsafeBytes { Checksum.of($0) }, at: entry + 24)
    store(bytes[64..<(64 + 32 * count)].withUnsafeBytes { Checksum.of($0) }, at: 48)
    store(bytes[0..<56].withUnsafeBytes { Checksum.of($0) }, at: 56)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
