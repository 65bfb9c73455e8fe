import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Index directories an attacker (or a careless copy) prepared: forged numbers with valid
/// checksums, a manifest that lists a file twice or names its segments past its generation, FIFOs,
/// directories and symbolic links where files belong, two creations at once. Each ends in a
/// ``DiskIndexError`` naming the file, or works without writing over anything: never a trap, a
/// read that blocks forever, a write outside the directory or lost items.
@Suite("Disk index hostile files")
struct DiskIndexHostileFilesTests {
  static let items = (0..<40).map { AutocompleteItem("stockholm \($0)", id: "id-\($0)") }

  /// A new index of ``items`` in a fresh directory.
  static func makeIndex() throws -> URL {
    let directory = DiskIndexTests.temporaryDirectory()
    _ = try DiskIndex.create(at: directory, items: items)
    return directory
  }

  /// The manifest of the index in `directory`.
  static func manifest(_ directory: URL) throws -> IndexManifest {
    let bytes = try FileIO.read(directory.path + "/" + IndexManifest.fileName)
    return try bytes.withUnsafeBytes { try IndexManifest(fileBytes: $0) }
  }

  /// Writes `manifest` (valid checksum) as the manifest of `directory`.
  static func write(_ manifest: IndexManifest, to directory: URL) throws {
    try Data(try manifest.fileBytes()).write(to: directory.appendingPathComponent(IndexManifest.fileName))
  }

  /// The error opening `directory` (read-only, checked) gives, `nil` when it opens.
  static func openingError(_ directory: URL, access: DiskIndex.Access = .readOnly) -> (any Error)? {
    do {
      _ = try DiskIndex(contentsOf: directory, access: access)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Forged numbers (F3, F8, F11)

  @Test("a trie reach-list count of 2^63 or more is an error, not a trap", .offThePool)
  func hugeReachListCountIsAnError() throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    try DiskIndexForgedAttributesTests.forge(directory.path + "/seg-000001.aks", section: "scal") { scalars in
      scalars[23] = 0x80
    }
    for verification in [DiskIndex.Verification.checksums, .deferred] {
      let error = #expect(throws: DiskIndexError.self) {
        _ = try DiskIndex(contentsOf: directory, verification: verification)
      }
      #expect(error?.description.contains("seg-000001.aks") == true)
    }
  }

  @Test(
    "a manifest generation out of range is an error at open", .offThePool, arguments: [Int.max, -5, 1 << 60])
  func generationOutOfRangeIsAnError(generation: Int) throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    var manifest = try Self.manifest(directory)
    manifest.generation = generation
    try Self.write(manifest, to: directory)
    for access in [DiskIndex.Access.readOnly, .readWrite] {
      let error = Self.openingError(directory, access: access)
      #expect(
        (error as? DiskIndexError)?.description
          == "MANIFEST is malformed: generation \(generation) out of range")
    }
  }

  @Test("a manifest naming one file twice is refused", .offThePool)
  func duplicateEntriesAreRefused() throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    var manifest = try Self.manifest(directory)
    manifest.segments += Array(repeating: manifest.segments[0], count: 3)
    try Self.write(manifest, to: directory)
    let error = Self.openingError(directory) as? DiskIndexError
    #expect(
      error?.description == "MANIFEST is malformed: names seg-000001.aks twice, or as one of its own files")
    // A deletion set named like the log is refused as well.
    manifest.segments = [.init(file: "seg-000001.aks", itemCount: Self.items.count, deletions: "WAL")]
    try Self.write(manifest, to: directory)
    #expect(Self.openingError(directory) is DiskIndexError)
  }

  // MARK: Files that are not regular files (F4, and a directory in place of the manifest)

  /// An index with a deletion set (`seg-000001.000002.del`) and a log holding one commit.
  static func makeIndexWithEveryFile() throws -> URL {
    let directory = try makeIndex()
    let index = try DiskIndex(contentsOf: directory, access: .readWrite)
    try index.remove(id: "id-3")
    try index.checkpoint()
    try index.add([AutocompleteItem("uppsala", id: "new")])
    try index.commit()
    return directory
  }

  @Test(
    "a FIFO, a directory or a link in place of an index file is an error, never a read that blocks",
    .offThePool, arguments: ["MANIFEST", "seg-000001.aks", "WAL", "seg-000001.000002.del"])
  func specialFilesAreRefused(file: String) throws {
    for kind in ["a FIFO", "a directory", "a symbolic link"] {
      let directory = try Self.makeIndexWithEveryFile()
      defer { try? FileManager.default.removeItem(at: directory) }
      let path = directory.path + "/" + file
      let copy = directory.path + "/copy-of-file"
      try FileManager.default.moveItem(atPath: path, toPath: copy)
      switch kind {
      case "a FIFO": #expect(mkfifo(path, 0o644) == 0)
      case "a directory":
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: copy)
      }
      for access in [DiskIndex.Access.readOnly, .readWrite] {
        let error = Self.openingError(directory, access: access) as? DiskIndexError
        #expect(error == .notAFile(path: path, kind: kind), "\(file), \(kind), \(access)")
      }
    }
  }

  @Test(
    "a lock file that is a link, a FIFO or a directory is refused; the link's target is not touched",
    .offThePool)
  func specialLockIsRefused() throws {
    let directory = try Self.makeIndex()
    let outside = DiskIndexTests.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: outside)
    }
    let lock = directory.path + "/LOCK"
    try FileManager.default.removeItem(atPath: lock)
    try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: outside.path)
    #expect(
      Self.openingError(directory, access: .readWrite) as? DiskIndexError
        == .notAFile(path: lock, kind: "a symbolic link"))
    #expect(!FileManager.default.fileExists(atPath: outside.path))
    try FileManager.default.removeItem(atPath: lock)
    #expect(mkfifo(lock, 0o644) == 0)
    #expect(
      Self.openingError(directory, access: .readWrite) as? DiskIndexError
        == .notAFile(path: lock, kind: "a FIFO"))
  }

  // MARK: Links planted where a writer writes (F5)

  @Test("creating an index never writes through links planted in its directory", .offThePool)
  func creationDoesNotFollowLinks() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    let outside = DiskIndexTests.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: outside)
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let victim = outside.path + "/victim"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    for name in ["seg-000001.aks", "MANIFEST.tmp", "WAL.tmp"] {
      try FileManager.default.createSymbolicLink(
        atPath: directory.path + "/" + name, withDestinationPath: victim)
    }
    // A link named like the lock: refused, nothing written.
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/LOCK", withDestinationPath: outside.path + "/lock")
    #expect(throws: DiskIndexError.notAFile(path: directory.path + "/LOCK", kind: "a symbolic link")) {
      _ = try DiskIndex.create(at: directory, items: Self.items)
    }
    #expect(!FileManager.default.fileExists(atPath: outside.path + "/lock"))
    // Without it, the index is written as regular files of its own, the links replaced, not followed.
    try FileManager.default.removeItem(atPath: directory.path + "/LOCK")
    let index = try DiskIndex.create(at: directory, items: Self.items)
    try index.add([AutocompleteItem("uppsala")])
    try index.checkpoint()
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    for name in ["MANIFEST", "seg-000001.aks", "seg-000002.aks", "LOCK"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/" + name)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
    }
    #expect(try DiskIndex(contentsOf: directory).count == Self.items.count + 1)
  }

  // MARK: Two creations at once (F6)

  @Test(
    "of two creations of one new index at once, exactly one succeeds and the index holds its items",
    .offThePool)
  func concurrentCreationsAreExclusive() throws {
    for round in 0..<8 {
      let directory = DiskIndexTests.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let inputs = [
        (0..<2000).map { AutocompleteItem("first \($0)") },
        (0..<2000).map { AutocompleteItem("second \($0)") },
      ]
      let outcomes = Outcomes()
      DispatchQueue.concurrentPerform(iterations: 2) { which in
        do {
          _ = try DiskIndex.create(at: directory, items: inputs[which])
          outcomes.record(which, nil)
        } catch {
          outcomes.record(which, error)
        }
      }
      let results = outcomes.all
      let winners = results.filter { $0.value == nil }.map(\.key)
      #expect(winners.count == 1, "round \(round): \(results)")
      for (_, error) in results { if let error { #expect(error is DiskIndexError) } }
      if let winner = winners.first {
        let texts = try DiskIndex(contentsOf: directory).items().map(\.searchText)
        #expect(texts == inputs[winner].map(\.searchText), "round \(round)")
      }
    }
  }

  /// What each of the concurrent creations gave.
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: (any Error)?] = [:]
    func record(_ which: Int, _ error: (any Error)?) { lock.withLock { results[which] = error } }
    var all: [Int: (any Error)?] { lock.withLock { results } }
  }

  @Test("creating an index on an existing file says it is not a directory", .offThePool)
  func creationOnAFileNamesTheProblem() throws {
    let file = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("x".utf8).write(to: file)
    #expect(throws: DiskIndexError.io(path: file.path, operation: "create directory", code: ENOTDIR)) {
      _ = try DiskIndex.create(at: file, items: Self.items)
    }
  }

  // MARK: A manifest whose generation lies below its segments' names (F7)

  @Test(
    "a writer never writes over a file the published manifest names; every item survives",
    .offThePool, arguments: [1, 300])
  func writerNamesNewFilesPastThoseInUse(added: Int) throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Generation 1 naming seg-000002.aks and its deletion set seg-000002.000002.del: the names the
    // next checkpoint would give its own files.
    do {
      let index = try DiskIndex(contentsOf: directory, access: .readWrite)
      try index.remove(id: "id-0")
      try index.checkpoint()
    }
    var manifest = try Self.manifest(directory)
    #expect(manifest.segments[0].deletions == "seg-000001.000002.del")
    try FileManager.default.moveItem(
      atPath: directory.path + "/seg-000001.aks", toPath: directory.path + "/seg-000002.aks")
    try FileManager.default.moveItem(
      atPath: directory.path + "/seg-000001.000002.del", toPath: directory.path + "/seg-000002.000002.del")
    manifest.generation = 1
    manifest.segments[0].file = "seg-000002.aks"
    manifest.segments[0].deletions = "seg-000002.000002.del"
    try Self.write(manifest, to: directory)
    try? FileManager.default.removeItem(atPath: directory.path + "/" + WriteAheadLog.fileName)
    var expected = Array(Self.items.dropFirst())
    do {
      let writer = try DiskIndex(contentsOf: directory, access: .readWrite)
      #expect(try writer.items().map(\.id) == expected.map(\.id))
      let more = (0..<added).map { AutocompleteItem("uppsala \($0)", id: "new-\($0)") }
      try writer.add(more)
      try writer.remove(id: "id-1")
      expected = Array(expected.dropFirst()) + more
      try writer.checkpoint()
      try writer.add([AutocompleteItem("lund", id: "lund")])
      expected.append(AutocompleteItem("lund", id: "lund"))
      try writer.merge()
    }
    #expect(try DiskIndex(contentsOf: directory).items().map(\.id) == expected.map(\.id))
  }

  // MARK: A damaged log (F12)

  @Test(
    "a damaged first log record is reported and the log kept aside, so its commits can be recovered",
    .offThePool)
  func damagedLogIsReportedAndKept() throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let index = try DiskIndex(contentsOf: directory, access: .readWrite)
      for number in 0..<20 {
        try index.add([AutocompleteItem("commit \(number)", id: "commit-\(number)")])
        try index.commit()
      }
      #expect(index.warnings.isEmpty)
    }
    let logPath = directory.path + "/" + WriteAheadLog.fileName
    let original = try FileIO.read(logPath)
    var damaged = original
    damaged[WriteAheadLog.headerSize + 3] ^= 0x40  // the first record's byte count, now past the end
    try Data(damaged).write(to: URL(fileURLWithPath: logPath))

    let reader = try DiskIndex(contentsOf: directory)
    #expect(reader.count == Self.items.count)
    #expect(reader.warnings.count == 1)
    #expect(reader.warnings.first?.hasPrefix("WAL: record 1 at byte 32 is damaged (cut short)") == true)
    #expect(reader.info.warnings == reader.warnings)
    #expect(try FileIO.read(logPath) == damaged, "a reader writes nothing")

    let writer = try DiskIndex(contentsOf: directory, access: .readWrite)
    #expect(writer.warnings.first?.contains("kept as WAL.damaged-1") == true)
    let kept = directory.path + "/WAL.damaged-1"
    #expect(try FileIO.read(kept) == damaged)
    try writer.add([AutocompleteItem("after", id: "after")])
    try writer.checkpoint()
    #expect(FileManager.default.fileExists(atPath: kept), "kept through a checkpoint")

    // The kept log, its byte repaired, gives back every commit.
    let recovered = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: recovered) }
    var repaired = try FileIO.read(kept)
    repaired[WriteAheadLog.headerSize + 3] ^= 0x40
    try Data(repaired).write(to: URL(fileURLWithPath: recovered.path + "/" + WriteAheadLog.fileName))
    let index = try DiskIndex(contentsOf: recovered)
    #expect(index.warnings.isEmpty)
    #expect(index.count == Self.items.count + 20)
  }
}
