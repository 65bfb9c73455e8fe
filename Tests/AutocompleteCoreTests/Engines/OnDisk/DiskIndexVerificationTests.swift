import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// ``DiskIndex/Verification``: a deferred open reads the same sections in place and answers as a
/// checked one does; the damage a checked open refuses (or, in a word index's sections, the first
/// query that reads them) is found by ``DiskIndex/verify()`` after a deferred one.
@Suite("Disk index verification")
struct DiskIndexVerificationTests {
  @Test(.offThePool) func aDeferredOpenAnswersAsACheckedOneAndAsAFreshBuild() throws {
    let directory = try DiskIndexDamageTests.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let checked = try DiskIndex(contentsOf: directory)
    let deferred = try DiskIndex(contentsOf: directory, verification: .deferred)
    #expect(try DiskIndexDamageTests.answers(deferred) == DiskIndexDamageTests.answers(checked))
    let fresh = SearchIndex(try checked.items())
    for query in ["item 1", "sao", "alt", "itme 2"] {
      for mode in [MatchMode.prefix, .contains, .fuzzy, .exact] {
        let options = SearchOptions(mode: mode, maximumCount: -1, typoTolerance: .automatic)
        #expect(
          try deferred.search(query, options: options).map { "\($0.offset) \($0.match)" }
            == fresh.search(query, options: options).map { "\($0.offset) \($0.match)" },
          "\(query) \(mode)")
      }
    }
    try deferred.verify()
  }

  @Test(.offThePool) func damageACheckedOpenRefusesIsFoundByVerifyAfterADeferredOne() throws {
    let directory = try DiskIndexDamageTests.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = "seg-000001.aks"
    let path = directory.appendingPathComponent(segment)
    let original = [UInt8](try Data(contentsOf: path))
    let file = try SegmentFile(path: path.path)
    // Damage every section in turn (its last byte), and a stored item's record.
    var damagedTags = 0
    var wordSectionsLeftAtOpen = 0
    for (tag, section) in file.sections where section.byteCount > 0 {
      var damaged = original
      damaged[section.offset + section.byteCount - 1] ^= 0x01
      try Data(damaged).write(to: path)
      let name = SegmentFile.name(ofTag: tag)
      let isStored = ["ioff", "item", "itmc", "idh ", "idn ", "anam"].contains(name)
      if WordIndex.Tag.isWordIndexTag(tag) {
        // The word index's sections: those read at open are checked then, the rest by the first
        // query that reads them (a prefix query answers).
        if let checked = try? DiskIndex(contentsOf: directory) {
          wordSectionsLeftAtOpen += 1
          _ = try checked.search("item", options: SearchOptions(mode: .prefix, maximumCount: 3))
          // Named as the file names it: a dictionary's section as the dictionary's ("look (word
          // dictionary)"), not as the file's own section of the same tag.
          #expect(throws: DiskIndexError.checksumMismatch(file: segment, part: "section \(name)")) {
            try checked.search("zzq", options: SearchOptions(mode: .words, maximumCount: 3))
          }
        }
      } else if !isStored {
        #expect(throws: DiskIndexError.self, "checked open with \(name) damaged") {
          _ = try DiskIndex(contentsOf: directory)
        }
      }
      // A deferred open still reads the few small sections it keeps as arrays (byte counts,
      // scalars, run offsets: checked), and checks that the key sections agree.
      do {
        let deferred = try DiskIndex(contentsOf: directory, verification: .deferred)
        #expect(throws: DiskIndexError.checksumMismatch(file: segment, part: "section \(name)")) {
          try deferred.verify()
        }
      } catch let error as DiskIndexError {
        // The word index's scalars and its dictionary's own small sections too.
        let keys: [StaticString] = ["bcnt", "scal", "rso ", "strt", "keys", "hump", "runs", "rlab", "look"]
        let readAtOpen = keys.map(SegmentFile.tag)
        let dictionary = readAtOpen.map { $0 | WordIndex.Tag.dictionarySpace }
        #expect(
          (readAtOpen + dictionary + [WordIndex.Tag.scalars]).contains(tag), "\(name): \(error)")
      }
      damagedTags += 1
    }
    #expect(damagedTags > 20)
    #expect(wordSectionsLeftAtOpen > 10)
    try Data(original).write(to: path)
    try DiskIndex(contentsOf: directory, verification: .deferred).verify()
  }

  @Test(.offThePool) func aDeferredOpenStillChecksTheHeaderTableAndManifest() throws {
    let directory = try DiskIndexDamageTests.makeIndex()
    defer { try? FileManager.default.removeItem(at: directory) }
    let segment = "seg-000001.aks"
    let path = directory.appendingPathComponent(segment)
    let original = [UInt8](try Data(contentsOf: path))
    for position in [9, 30, SegmentFile.headerSize + 5] {
      var damaged = original
      damaged[position] ^= 0x10
      try Data(damaged).write(to: path)
      #expect(throws: DiskIndexError.self, "byte \(position)") {
        _ = try DiskIndex(contentsOf: directory, verification: .deferred)
      }
    }
    try Data(original.dropLast(1)).write(to: path)
    #expect(throws: DiskIndexError.self) { _ = try DiskIndex(contentsOf: directory, verification: .deferred) }
  }
}
