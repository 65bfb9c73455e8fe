import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// `verify(.full)` checks what checksums cannot: a segment forged with valid checksums (a sorted
/// order swapped, a key that no record makes, ranks edited) passes `verify()` and fails the full
/// check, which names the section; every index the writer makes passes it.
@Suite(
  "Disk index full verification",
  .disabled(
    if: isSanitized,
    "single-threaded: nothing for ThreadSanitizer to check, and it held a thread of the pool for minutes under it"
  ))
struct DiskIndexFullVerificationTests {
  static let items =
    DiskIndexForgedTrieTests.items + [
      AutocompleteItem(
        "apple", alternateSearchTexts: ["pomme"], weight: 3, id: "apple",
        attributes: ["country": .string("BR")]),
      AutocompleteItem("apricot", id: "apricot", attributes: ["country": .string("PT"), "n": .number(4)]),
    ]

  @Test("indexes the writer makes pass the full check", .offThePool, arguments: [false, true])
  func writtenIndexesPass(latin: Bool) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(
      at: directory, items: Self.items, transliteration: latin ? .latin : .none,
      searchableAttributes: ["country"])
    try index.verify(.full)
    // A segment of added items (written from the in-memory part's storage), a deletion set, a merge.
    try index.add((0..<50).map { AutocompleteItem("added \($0)", id: "added-\($0)") })
    try index.remove(id: "apple")
    try index.checkpoint()
    try index.add([AutocompleteItem("one more")])
    try index.checkpoint()
    #expect(index.info.segments.count >= 2)
    try index.verify(.full)
    try DiskIndex(contentsOf: directory).verify(.full)
    try index.merge()
    try index.verify(.full)
  }

  /// Forgeries with valid checksums that `verify()` lets through.
  static let forgeries: [DiskIndexForgedTrieTests.Forgery] = [
    .init(section: "fwd ", what: "two keys of the sorted order swapped") { bytes in
      let first = Array(bytes[0..<4])
      bytes.replaceSubrange(0..<4, with: bytes[4..<8])
      bytes.replaceSubrange(4..<8, with: first)
    },
    .init(section: "bwd ", what: "two keys of the backward order swapped") { bytes in
      let first = Array(bytes[0..<4])
      bytes.replaceSubrange(0..<4, with: bytes[8..<12])
      bytes.replaceSubrange(8..<12, with: first)
    },
    // (A repeated rank is refused at a checked open now: the word index's keys by rank disagree.)
    .init(section: "wkwd", what: "a key's word changed") { bytes in
      // Word 0 and word 1 swapped in the first entry, whose low bit (the key's end) is kept.
      bytes[0] = bytes[0] & 1 | (bytes[0] >> 1 == 0 ? 2 : 0)
    },
    .init(section: "keys", what: "a key's letter changed") { bytes in
      if let index = bytes.firstIndex(of: UInt8(ascii: "a")) { bytes[index] = UInt8(ascii: "e") }
    },
  ]

  @Test(
    "a forgery with valid checksums passes verify() and fails verify(.full)", .offThePool,
    arguments: forgeries)
  func forgeryFailsTheFullCheck(forgery: DiskIndexForgedTrieTests.Forgery) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items)
    try DiskIndexForgedAttributesTests.forge(
      directory.path + "/seg-000001.aks", section: forgery.section, forgery.edit)
    let index: DiskIndex
    do {
      index = try DiskIndex(contentsOf: directory)
      try index.verify()
    } catch {
      Issue.record("\(forgery): the checksum-level check already fails (\(error)); pick another forgery")
      return
    }
    #expect(
      throws: DiskIndexError.malformed(
        file: "seg-000001.aks", reason: "section \(forgery.section) does not follow from its stored records")
    ) {
      try index.verify(.full)
    }
  }
}
