import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Damaged, truncated and foreign files end in a ``DiskIndexError`` naming the problem, or (damage
/// where nothing is read, such as padding) in the same answers as before: never a crash or a wrong
/// answer.
@Suite("Disk index damage")
struct DiskIndexDamageTests {
  static let items: [AutocompleteItem] = (0..<60).map {
    AutocompleteItem(
      "item \($0) são", alternateSearchTexts: $0 % 3 == 0 ? ["alt \($0)"] : [], weight: Double($0 % 5))
  }

  /// The answers that a damaged index must either give or refuse to give.
  static func answers(_ index: DiskIndex) throws -> [[String]] {
    var answers = [try index.items().map(\.id)]
    for query in ["item", "sao", "alt 3", "itme 1"] {
      for mode in [MatchMode.prefix, .contains, .fuzzy] {
        let options = SearchOptions(mode: mode, maximumCount: -1, typoTolerance: .automatic)
        answers.append(
          try index.search(query, options: options).map { "\($0.offset) \($0.item.displayText)" })
      }
    }
    return answers
  }

  /// Writes an index with two segments, a deletion set and an empty log; returns its directory.
  /// (The second segment holds under half the first's items, so the checkpoint does not merge
  /// them.)
  static func makeIndex() throws -> URL {
    let directory = DiskIndexTests.temporaryDirectory()
    let index = try DiskIndex.create(at: directory, items: Array(items[..<45]))
    try index.add(Array(items[45...]))
    _ = try index.remove(id: "item 7 são")
    try index.checkpoint()
    return directory
  }

  /// Opens a copy of `directory` with `file` replaced by `bytes`; returns its answers or the error.
  static func outcome(_ directory: URL, file: String, bytes: [UInt8]) -> Result<[[String]], any Error> {
    let copy = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: copy) }
    do {
      try FileManager.default.copyItem(at: directory, to: copy)
      try Data(bytes).write(to: copy.appendingPathComponent(file))
      return .success(try answers(DiskIndex(contentsOf: copy)))
    } catch {
      return .failure(error)
    }
  }

  @Test(.offThePool) func everyFlippedOrTruncatedFileIsAnErrorOrTheSameAnswers() throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try Self.answers(DiskIndex(contentsOf: directory))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "LOCK" }
      .sorted()
    #expect(files.count == 5)  // manifest, two segments, a deletion set, the log
    var errors = 0
    for file in files {
      let original = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
      let step = max(1, original.count / 150)
      for position in stride(from: 0, to: original.count, by: step) {
        var flipped = original
        flipped[position] ^= 0x40
        for (bytes, what) in [
          (flipped, "flip at \(position)"), (Array(original[..<position]), "cut at \(position)"),
        ] {
          switch Self.outcome(directory, file: file, bytes: bytes) {
          case .success(let answers): #expect(answers == expected, "\(file): \(what)")
          case .failure(let error):
            #expect(error is DiskIndexError, "\(file): \(what): \(error)")
            errors += 1
          }
        }
      }
    }
    #expect(errors > 500)
  }

  @Test(.offThePool) func errorsNameTheProblem() throws {
    let directory = try Self.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = "seg-000001.aks"
    let original = [UInt8](try Data(contentsOf: directory.appendingPathComponent(segment)))
    var otherVersion = original
    otherVersion[8] = 9
    func error(_ bytes: [UInt8]) -> DiskIndexError? {
      guard case .failure(let error) = Self.outcome(directory, file: segment, bytes: bytes) else {
        return nil
      }
      return error as? DiskIndexError
    }
    #expect(error(otherVersion) == .unsupportedVersion(file: segment, found: 9, supported: 1))
    #expect(error(Array("hello, world".utf8)) == .notAnIndex(file: segment))
    #expect(
      error(Array(original.dropLast(100)))
        == .truncated(file: segment, expected: original.count, actual: original.count - 100))
    // A byte of the folded keys (section `keys`, checked at open), found in the section table.
    let sections = (0..<Int(original[20])).map { 64 + 32 * $0 }
    let keys = try #require(sections.first { original[$0..<($0 + 4)].elementsEqual("keys".utf8) })
    let keysOffset = original[(keys + 8)..<(keys + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
    var damaged = original
    damaged[keysOffset] ^= 1
    if case .checksumMismatch(segment, _)? = error(damaged) {
    } else {
      Issue.record("\(String(describing: error(damaged)))")
    }
  }
}
