import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Every section of a segment forged with valid checksums (bytes flipped, numbers set to edge
/// values), as the fuzz target forges them: opening, `verify(.full)` and searching end in a
/// ``DiskIndexError`` or, when the full check passes, in exactly the answers of a ``SearchIndex``
/// of the items the index holds — never a crash, never an answer the records do not justify.
@Suite(
  "Disk index forged contents",
  .disabled(
    if: isSanitized,
    "single-threaded: nothing for ThreadSanitizer to check, and it held a thread of the pool for minutes under it"
  ))
struct DiskIndexForgedContentsTests {
  static let queries = ["s", "sto", "stokholm", "sant", "мск", "alt 5", "famly", "q"]

  /// The results as text, for comparing.
  static func describe(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
    results.map {
      "\($0.offset) \($0.item.id) \($0.item.searchText) \($0.match.kind) \($0.match.score) \($0.match.typos)"
        + " \($0.match.keyIndex) \($0.match.ranges)"
    }
  }

  /// The tags of the sections of segment file `path`.
  static func sectionTags(_ path: String) throws -> [UInt32] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let count = Int(bytes[20]) | Int(bytes[21]) << 8
    var tags: [UInt32] = []
    for entry in 0..<count {
      let at = 64 + 32 * entry
      var tag: UInt32 = 0
      for byte in 0..<4 { tag |= UInt32(bytes[at + byte]) << UInt32(8 * byte) }
      tags.append(tag)
    }
    return tags
  }

  @Test("a forged section is an error or, once fully verified, answers as its records say", .offThePool)
  func forgedSectionsAreErrorsOrConsistent() throws {
    let template = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: template) }
    _ = try DiskIndex.create(at: template, items: DiskIndexForgedTrieTests.items)
    let segment = template.path + "/seg-000001.aks"
    let original = try Data(contentsOf: URL(fileURLWithPath: segment))
    var random = SplitMix64(seed: 47)
    var consistent = 0
    var refused = 0
    for tag in try Self.sectionTags(segment) {
      for round in 0..<6 {
        try original.write(to: URL(fileURLWithPath: segment))
        try DiskIndexForgedAttributesTests.forge(segment, tag: tag) { bytes in
          guard !bytes.isEmpty else { return }
          let at = Int(random.next() % UInt64(bytes.count))
          switch round % 3 {
          case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
          case 1:
            let value: UInt64 = [0, 1, 255, 0xFFFF_FFFF, .max][Int(random.next() % 5)]
            for index in 0..<4 where at + index < bytes.count {
              bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))
            }
          default:
            let other = Int(random.next() % UInt64(bytes.count))
            bytes.swapAt(at, other)
          }
        }
        for verification in [DiskIndex.Verification.checksums, .deferred] {
          do {
            let index = try DiskIndex(contentsOf: template, verification: verification)
            try index.verify(.full)
            let items = try index.items()
            let oracle = SearchIndex(items)
            for query in Self.queries {
              for typos in [TypoTolerance.off, .automatic] {
                var options = SearchOptions(maximumCount: 10)
                options.typoTolerance = typos
                let answer = Self.describe(try index.search(query, options: options))
                let wanted = Self.describe(try oracle.search(query, options: options))
                #expect(answer == wanted, "\(tag) round \(round) \(verification): \(query) \(typos)")
              }
            }
            consistent += 1
          } catch is DiskIndexError {
            refused += 1
          }
        }
      }
    }
    #expect(refused > 0 && consistent > 0, "\(refused) refused, \(consistent) consistent")
  }
}
