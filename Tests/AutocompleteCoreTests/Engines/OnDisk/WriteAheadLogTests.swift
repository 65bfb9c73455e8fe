import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Commits go to the write-ahead log and come back when it is replayed; a torn or damaged tail is
/// dropped (the index opens at the last good commit), other damage is an error, a stale log is
/// ignored, a checkpoint empties the log.
@Suite("Write-ahead log")
struct WriteAheadLogTests {
  static func item(_ number: Int) -> AutocompleteItem {
    AutocompleteItem(
      "item \(number) são", displayText: "Item \(number)", completionText: "item\(number)",
      alternateSearchTexts: number % 2 == 0 ? ["alt \(number)"] : [], weight: Double(number % 3),
      id: "id-\(number)",
      attributes: [
        "n": .number(Double(number)), "even": .bool(number % 2 == 0), "tags": .strings(["a", "b"]),
      ])
  }

  /// Every stored field of `items`, to compare.
  static func fields(_ items: [AutocompleteItem]) -> [String] {
    items.map {
      "\($0.id)|\($0.searchText)|\($0.displayText)|\($0.completionText)|\($0.alternateSearchTexts)|\($0.weight)|"
        + "\($0.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })"
    }
  }

  /// An index of 3 items, then `commits` commits (adds, an update, a removal); returns the directory
  /// and the items after each commit (index 0: before the first).
  static func makeLoggedIndex(commits: Int = 6) throws -> (URL, [[AutocompleteItem]]) {
    let directory = DiskIndexTests.temporaryDirectory()
    var model = (0..<3).map(item)
    let index = try DiskIndex.create(at: directory, items: model)
    var states = [model]
    for commit in 0..<commits {
      switch commit % 3 {
      case 0:
        let added = [item(10 + commit), item(20 + commit)]
        try index.add(added)
        model += added
      case 1:
        var replacement = item(30 + commit)
        replacement.id = model[0].id
        try index.update(replacement)
        model.removeFirst()
        model.append(replacement)
      default:
        try index.remove(id: model[1].id)
        model.remove(at: 1)
      }
      try index.commit()
      states.append(model)
    }
    #expect(index.info.logCommitCount == commits)
    #expect(index.info.segments.count == 1)
    return (directory, states)
  }

  static var logName: String { WriteAheadLog.fileName }

  /// Opens a copy of `directory` whose log is `bytes`.
  static func open(_ directory: URL, log bytes: [UInt8], access: DiskIndex.Access = .readOnly) throws -> (
    DiskIndex, URL
  ) {
    let copy = DiskIndexTests.temporaryDirectory()
    try FileManager.default.copyItem(at: directory, to: copy)
    try Data(bytes).write(to: copy.appendingPathComponent(logName))
    do {
      return (try DiskIndex(contentsOf: copy, access: access), copy)
    } catch {
      try? FileManager.default.removeItem(at: copy)
      throw error
    }
  }

  @Test(.offThePool) func commitsAreReplayedWithEveryStoredField() throws {
    let (directory, states) = try Self.makeLoggedIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let reopened = try DiskIndex(contentsOf: directory)
    #expect(Self.fields(try reopened.items()) == Self.fields(states.last!))
    #expect(reopened.info.logCommitCount == 6)
    try DiskIndexTests.expectSameAnswers(reopened, states.last!, queries: ["item", "sao", "alt", "itme 2"])
    #expect(
      try reopened.count(matching: AttributeFilter(parsing: "even:=true"))
        == states.last!.filter {
          $0.attributes["even"] == .bool(true)
        }.count)
  }

  /// Cut anywhere, the log opens at the last commit whose record is whole; a damaged byte in the
  /// last record drops that commit; in an earlier one it is an error.
  @Test(.offThePool) func tornOrDamagedTailOpensAtTheLastGoodCommit() throws {
    let (directory, states) = try Self.makeLoggedIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = [UInt8](try Data(contentsOf: directory.appendingPathComponent(Self.logName)))
    let contents = try log.withUnsafeBytes { try WriteAheadLog.read($0) }
    #expect(contents.records.count == 6 && contents.validEnd == log.count)
    // Where each record ends.
    var ends: [Int] = []
    var position = WriteAheadLog.headerSize
    while position < log.count {
      position += 8 + Int(log[position]) + Int(log[position + 1]) << 8 + Int(log[position + 2]) << 16 + 8
      ends.append(position)
    }
    #expect(ends.count == 6 && ends.last == log.count)
    var errors = 0
    // Every byte of each record's count, sequence number and checksum; a sample of the bodies.
    let step = max(1, (log.count - WriteAheadLog.headerSize) / 100)
    var positions = Set(stride(from: WriteAheadLog.headerSize, to: log.count, by: step))
    for (number, end) in ends.enumerated() {
      let start = number == 0 ? WriteAheadLog.headerSize : ends[number - 1]
      positions.formUnion(start..<(start + 8))
      positions.formUnion((end - 8)..<end)
    }
    for cut in positions.sorted() {
      let whole = ends.filter { $0 <= cut }.count
      let (index, copy) = try Self.open(directory, log: Array(log[..<cut]))
      defer { try? FileManager.default.removeItem(at: copy) }
      #expect(Self.fields(try index.items()) == Self.fields(states[whole]), "cut at \(cut)")
      var flipped = log
      flipped[cut] ^= 0x10
      let damagedRecord = ends.firstIndex { $0 > cut }!
      let recordStart = damagedRecord == 0 ? WriteAheadLog.headerSize : ends[damagedRecord - 1]
      do {
        // Dropped from the damaged record on: the last one, or one whose byte count now runs
        // past the end of the file (which a torn tail looks like).
        let (index, copy) = try Self.open(directory, log: flipped)
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(
          damagedRecord == ends.count - 1 || cut < recordStart + 4,
          "flip at \(cut) in record \(damagedRecord)")
        #expect(Self.fields(try index.items()) == Self.fields(states[damagedRecord]), "flip at \(cut)")
      } catch {
        #expect(error is DiskIndexError, "flip at \(cut): \(error)")
        errors += 1
      }
    }
    #expect(errors > 0)
    // Zeros after the last record (a file extended but not written) are a torn tail too.
    let (zeroed, copy) = try Self.open(directory, log: log + [UInt8](repeating: 0, count: 100))
    defer { try? FileManager.default.removeItem(at: copy) }
    #expect(Self.fields(try zeroed.items()) == Self.fields(states.last!))
  }

  /// A writer opening a log with a torn tail cuts it off, and its next commits are replayed.
  @Test(.offThePool) func writerCutsATornTailAndCommitsAfterIt() throws {
    let (directory, states) = try Self.makeLoggedIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = [UInt8](try Data(contentsOf: directory.appendingPathComponent(Self.logName)))
    let (writer, copy) = try Self.open(directory, log: Array(log.dropLast(5)), access: .readWrite)
    defer { try? FileManager.default.removeItem(at: copy) }
    try writer.add([Self.item(99)])
    try writer.commit()
    let expected = states[5] + [Self.item(99)]
    #expect(Self.fields(try DiskIndex(contentsOf: copy).items()) == Self.fields(expected))
    #expect(try DiskIndex(contentsOf: copy).info.logCommitCount == 6)
  }

  @Test(.offThePool) func damagedHeaderOrLogAheadOfTheManifestIsAnError() throws {
    let (directory, _) = try Self.makeLoggedIndex(commits: 2)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = [UInt8](try Data(contentsOf: directory.appendingPathComponent(Self.logName)))
    for position in 0..<WriteAheadLog.headerSize {
      var flipped = log
      flipped[position] ^= 0x01
      #expect(throws: DiskIndexError.self, "flip at \(position)") { try Self.open(directory, log: flipped) }
      #expect(throws: DiskIndexError.self, "cut at \(position)") {
        try Self.open(directory, log: Array(log[..<position]))
      }
    }
    let ahead = WriteAheadLog.header(generation: 7) + log[WriteAheadLog.headerSize...]
    #expect(throws: DiskIndexError.self) { try Self.open(directory, log: ahead) }
  }

  /// A crash after a checkpoint's manifest, before its new log, leaves the old log: ignored.
  @Test(.offThePool) func staleLogIsIgnoredAndCheckpointEmptiesTheLog() throws {
    let (directory, states) = try Self.makeLoggedIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = [UInt8](try Data(contentsOf: directory.appendingPathComponent(Self.logName)))
    do {
      let index = try DiskIndex(contentsOf: directory, access: .readWrite)
      try index.checkpoint()
      #expect(index.info.logCommitCount == 0 && index.info.generation == 2)
    }
    #expect(Self.fields(try DiskIndex(contentsOf: directory).items()) == Self.fields(states.last!))
    let (stale, copy) = try Self.open(directory, log: log, access: .readWrite)
    defer { try? FileManager.default.removeItem(at: copy) }
    #expect(Self.fields(try stale.items()) == Self.fields(states.last!))
    #expect(stale.info.logCommitCount == 0)
    try stale.add([Self.item(99)])
    try stale.commit()
    #expect(
      Self.fields(try DiskIndex(contentsOf: copy).items()) == Self.fields(states.last! + [Self.item(99)]))
  }

  /// A commit whose record takes the log past its size starts a checkpoint, in the background.
  @Test(.offThePool) func largeCommitCheckpoints() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: [Self.item(0)])
    try index.add([Self.item(1)])
    try index.commit()
    #expect(index.info.logCommitCount == 1)
    let text = String(repeating: "x", count: 1000)
    let many = (2..<(2 + DiskIndex.checkpointLogSize / 1000)).map { AutocompleteItem("\($0) \(text)") }
    try index.add(many)
    try index.commit()
    try index.waitForBackgroundWork()
    #expect(index.info.logCommitCount == 0 && index.info.generation == 2)
    #expect(try DiskIndex(contentsOf: directory).count == 2 + many.count)
  }
}
