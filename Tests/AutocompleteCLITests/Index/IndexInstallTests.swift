import Foundation
import Testing

/// `index install` (`DiskIndex.install(from:to:)`): the copy of a shipped index to a writable place
/// leaves no lock, writable files, an index there already alone, and after a kill at any moment
/// either no copy or a complete one.
@Suite("Index install", .serialized)
struct IndexInstallTests {
  static func directory() throws -> String {
    let directory = NSTemporaryDirectory() + "ac-index-install-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  static func mode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func copiesWithoutTheLockAndWithWritableFiles() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bundled = directory + "/bundle/catalog.index"
    let built = try await CommandRunner.run(
      ["index", "build", "-o", bundled], stdin: Data("paris\nporto\nlisboa\n".utf8))
    #expect(built.status == 0, "\(built.stderr)")
    // As shipped in a bundle: read-only files, a LOCK included.
    for file in try FileManager.default.contentsOfDirectory(atPath: bundled) {
      try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: bundled + "/" + file)
    }
    #expect(FileManager.default.fileExists(atPath: bundled + "/LOCK"))
    let writable = directory + "/support/deep/catalog.index"
    let installed = try await CommandRunner.run(["index", "install", bundled, writable])
    #expect(installed.status == 0 && installed.stderr == "installed \(writable)\n", "\(installed.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: writable)
    #expect(!files.contains("LOCK") && files.contains("MANIFEST"), "\(files)")
    for file in files { #expect(try Self.mode(writable + "/" + file) == 0o644, "\(file)") }
    let added = try await CommandRunner.run(["index", "add", writable], stdin: Data("porto alegre\n".utf8))
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      try await CommandRunner.run(["filter", "--index", writable, "por"]).stdout == "porto\nporto alegre\n")
    // An index already there is left as it is.
    let again = try await CommandRunner.run(["index", "install", bundled, writable])
    #expect(again.status == 0 && again.stderr.contains("already holds an index"), "\(again.stderr)")
    #expect(try await CommandRunner.run(["filter", "--index", writable, ""]).stdout.contains("porto alegre"))
    // Something else there is not replaced; a source without an index is an error.
    try "x".write(toFile: directory + "/file", atomically: true, encoding: .utf8)
    let occupied = try await CommandRunner.run(["index", "install", bundled, directory + "/file"])
    #expect(occupied.status != 0 && occupied.stderr.contains("File exists"), "\(occupied.stderr)")
    let missing = try await CommandRunner.run(["index", "install", directory + "/none", directory + "/copy"])
    #expect(missing.status != 0 && !FileManager.default.fileExists(atPath: directory + "/copy"))
  }

  @Test func aKilledCopyLeavesNoCopyOrACompleteOne() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let source = directory + "/source"
    // An index of about 44 MB: its copy (each file synced) takes a few hundred ms here.
    let lines = (0..<250_000).map { "item \($0) " + String(repeating: "x", count: 60) }
    let data = directory + "/lines.txt"
    try (lines.joined(separator: "\n") + "\n").write(toFile: data, atomically: true, encoding: .utf8)
    let built = try await CommandRunner.run(["index", "build", "--data", data, "-o", source])
    #expect(built.status == 0, "\(built.stderr)")
    var random = SplitMix64(seed: 48)
    var complete = 0
    var absent = 0
    for round in 0..<6 {
      let destination = directory + "/app/copy"
      try? FileManager.default.removeItem(atPath: destination)
      // The kill falls once the copy has begun (its hidden folder is there): at once in even rounds
      // (on a quiet machine the whole copy can take less than 0.1 s), else after a random wait
      // within the copy's time (about 0.4 s for this index under load).
      let jitter = round % 2 == 0 ? 0 : Double(random.next() % 100) / 1000
      _ = try await CommandRunner.shell(
        """
        $BIN index install '\(source)' '\(destination)' 2>/dev/null & pid=$!
        for _ in $(seq 1 2000); do
          ls -d '\(directory)/app/'.copy.installing-* >/dev/null 2>&1 && break
          kill -0 $pid 2>/dev/null || break
          sleep 0.005
        done
        sleep \(jitter); kill -9 $pid; wait $pid; true
        """)
      guard FileManager.default.fileExists(atPath: destination) else {
        absent += 1
        continue
      }
      complete += 1
      let verified = try await CommandRunner.run(["index", "verify", destination])
      #expect(verified.status == 0, "round \(round): \(verified.stderr)")
      let info = try await CommandRunner.run(["index", "info", destination])
      #expect(info.stdout.contains("items: 250000"), "round \(round): \(info.stdout)")
    }
    // The next install clears what a killed one left and completes.
    let destination = directory + "/app/copy"
    try? FileManager.default.removeItem(atPath: destination)
    let last = try await CommandRunner.run(["index", "install", source, destination])
    #expect(last.status == 0, "\(last.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/app") == ["copy"])
    #expect(try await CommandRunner.run(["index", "verify", destination]).status == 0)
    #expect(complete + absent == 6)
    // Most kills fall mid-copy: a kill after every copy would test nothing.
    #expect(absent > 0, "every copy had finished before its kill")
  }
}
