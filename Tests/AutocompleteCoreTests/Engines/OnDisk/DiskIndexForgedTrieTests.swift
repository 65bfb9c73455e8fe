import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Segment files whose typo-walk tables (``SortedKeyTrie``) are forged with valid checksums: the run
/// tables, whose numbers the walk indexes memory with, must follow from `lcp` and `tail`, so each
/// forgery of them ends in a ``DiskIndexError`` at a checked open or at `verify()` after a deferred
/// one; `lcp` and `tail` values that lie about the keys without changing the runs give answers (wrong
/// ones, as any forged content) or an error, never a read past the keys.
@Suite("Disk index forged typo-walk tables")
struct DiskIndexForgedTrieTests {
  /// Items with keys long enough for every trie depth, some in other scripts and some complex (so
  /// that the reach lists and complex keys are not empty).
  static let items = (0..<60).map { number -> AutocompleteItem in
    let names = ["stockholm", "stuttgart", "sao paulo", "santiago", "москва", "東京", "👩‍👩‍👧 family", "स्टॉकहोम"]
    return AutocompleteItem(
      "\(names[number % names.count]) \(number)",
      alternateSearchTexts: number % 5 == 0 ? ["alt \(number)"] : [])
  }

  /// What opening (checked), searching with and without typos, and verifying give.
  static func failure(_ directory: URL, verification: DiskIndex.Verification) -> (any Error)? {
    do {
      let index = try DiskIndex(contentsOf: directory, verification: verification)
      try index.verify()
      for typos in [TypoTolerance.off, .automatic, .fixed(2)] {
        var options = SearchOptions(maximumCount: 5)
        options.typoTolerance = typos
        for query in ["s", "stokholm", "sant", "мск", "q"] { _ = try index.search(query, options: options) }
      }
      return nil
    } catch {
      return error
    }
  }

  /// A forgery: the section and what is done to its bytes (little-endian numbers).
  struct Forgery: CustomStringConvertible, Sendable {
    let section: String
    let what: String
    let edit: @Sendable (inout [UInt8]) -> Void
    var description: String { "\(section): \(what)" }
  }

  static func setUInt32(_ bytes: inout [UInt8], at index: Int, _ value: UInt32) {
    for offset in 0..<4 {
      bytes[4 * index + offset] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(offset)))
    }
  }

  static let forgeries: [Forgery] = [
    Forgery(section: "lcpm", what: "a block minimum that is not") { $0[0] = 9 },
    Forgery(section: "runs", what: "a run start past the keys") { setUInt32(&$0, at: 1, 1_000_000) },
    Forgery(section: "runs", what: "run starts out of order") { setUInt32(&$0, at: 2, 0) },
    Forgery(section: "rlab", what: "an end label on a child") { $0[1] = 0xFF },
    Forgery(section: "fce ", what: "a first child past the entries") { setUInt32(&$0, at: 0, 0xFFFF_FFF0) },
    Forgery(section: "clb ", what: "more child bits than children") {
      for index in 0..<16 { $0[index] = 0xFF }
    },
    Forgery(section: "cxk ", what: "a complex key past the keys") { setUInt32(&$0, at: 0, 0xFFFF_FFFF) },
    Forgery(section: "rl10", what: "a listed key past the keys") { setUInt32(&$0, at: 0, 1_000_000) },
    Forgery(section: "strt", what: "a key without its terminator") { bytes in
      let second = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[4 + $1]) << (8 * UInt32($1)) }
      setUInt32(&bytes, at: 2, second)
    },
  ]

  @Test(
    "an unforged file opens, answers and verifies", .offThePool,
    arguments: [DiskIndex.Verification.checksums, .deferred])
  func unforgedFileWorks(verification: DiskIndex.Verification) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items)
    #expect(Self.failure(directory, verification: verification) == nil)
  }

  @Test(
    "a forged table is an error at a checked open, and at verify() after a deferred one", .offThePool,
    arguments: forgeries
  )
  func forgedTableIsAnError(forgery: Forgery) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items)
    try DiskIndexForgedAttributesTests.forge(
      directory.path + "/seg-000001.aks", section: forgery.section, forgery.edit)
    for verification in [DiskIndex.Verification.checksums, .deferred] {
      let error = Self.failure(directory, verification: verification)
      #expect(error is DiskIndexError, "\(forgery), \(verification): \(String(describing: error))")
    }
  }

  @Test(
    "lcp and tail that lie about the keys but keep the runs give answers or an error, never a crash",
    .offThePool)
  func lyingPrefixesStayInBounds() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items)
    let path = directory.path + "/seg-000001.aks"
    // Positions that share 4 bytes or more with the previous key start no run and label none: their
    // `lcp` (now 250, longer than any key) and `tail` (no key end) can lie without changing the runs.
    var deep: [Int] = []
    try DiskIndexForgedAttributesTests.forge(path, section: "lcp ") { lcp in
      for position in lcp.indices where lcp[position] >= 4 {
        deep.append(position)
        lcp[position] = 250
      }
    }
    #expect(deep.count > 10)
    try DiskIndexForgedAttributesTests.forge(path, section: "tail") { tail in
      for position in deep { Self.setUInt32(&tail, at: position, 0x4141_4141) }
    }
    for verification in [DiskIndex.Verification.checksums, .deferred] {
      let error = Self.failure(directory, verification: verification)
      #expect(error == nil || error is DiskIndexError, "\(verification): \(String(describing: error))")
    }
  }
}
