import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// A query with whitespace at an end over sorted keys stored without theirs is answered around the
/// few items whose keys lost whitespace (``IndexStorage/trimmedOwners``): the answers are those of
/// the keys as they are (an unsorted index, the oracle) in results, order, kinds and highlights,
/// without building the keys as they are.
@Suite(
  "Queries with whitespace at an end over keys stored without theirs",
  .disabled(if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and slow under it"))
struct TrimmedKeysTests {
  static let pieces = ["a", "b", "ab", "ba", " ", "  ", "\t", "é", "x", "bax"]

  /// Texts of random pieces: about one in five with whitespace at an end.
  static func items(count: Int, seed: UInt64) -> [AutocompleteItem] {
    var rng = SplitMix64(seed: seed)
    func text() -> String {
      (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }
    return (0..<count).map { number in
      AutocompleteItem(
        text(), alternateSearchTexts: number % 4 == 0 ? [text()] : [],
        weight: Double(Int.random(in: 0...2, using: &rng)), id: "i\(number)",
        attributes: ["kind": .string("k\(number % 3)")])
    }
  }

  /// Queries with whitespace at one end or both, and one without.
  static func queries(seed: UInt64) -> [String] {
    var rng = SplitMix64(seed: seed)
    let middles = (0..<6).map { _ in
      (0..<Int.random(in: 1...2, using: &rng)).map { _ in
        ["a", "b", "ab", "é", "x", "a b"].randomElement(using: &rng)!
      }
      .joined()
    }
    return middles.flatMap { [$0 + " ", " " + $0, "\t" + $0 + " ", $0] }
  }

  static func describe(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
    results.map {
      "\($0.offset) \($0.item.id) \($0.match.kind) \($0.match.score) \($0.match.typos) \($0.match.keyIndex)"
        + " \($0.match.ranges)"
    }
  }

  /// The options the suites search with: `mode`, typos, a limit or none, a filter or none.
  static func optionSets(_ mode: MatchMode) -> [SearchOptions] {
    var sets: [SearchOptions] = []
    for typos in [TypoTolerance.off, .fixed(1)] {
      for limit in [1, 5, nil] as [Int?] {
        for filtered in [false, true] {
          var options = SearchOptions(mode: mode, maximumCount: limit, typoTolerance: typos)
          if filtered { options.filter = Attribute("kind") == "k1" }
          sets.append(options)
        }
      }
    }
    return sets
  }

  @Test(
    "a search index answers as its keys as they are, without building them", .offThePool,
    arguments: MatchMode.allCases)
  func searchIndexAnswersAsTheKeysAsTheyAre(mode: MatchMode) throws {
    let items = Self.items(count: 300, seed: 48)
    let sorted = SearchIndex(items)
    let oracle = SearchIndex(items, sortsKeys: false)
    #expect(sorted.storage.droppedWhitespace && (sorted.storage.trimmedOwners?.count ?? 0) > 10)
    for query in Self.queries(seed: UInt64(MatchMode.allCases.firstIndex(of: mode) ?? 0)) {
      for options in Self.optionSets(mode) {
        let context =
          "\(query.debugDescription) \(options.limit.map(String.init) ?? "all") \(options.typoTolerance)"
          + " \(options.filter == nil ? "" : "filtered")"
        #expect(
          Self.describe(try sorted.search(query, options: options))
            == Self.describe(try oracle.search(query, options: options)), "\(context)")
        #expect(
          try sorted.facetCounts(of: "kind", for: query, options: options)
            == oracle.facetCounts(of: "kind", for: query, options: options), "facets \(context)")
      }
      // Typed a character at a time (each step narrowed by the one before when their ends agree):
      // each step as a fresh search.
      for typos in [TypoTolerance.off, .fixed(1)] {
        let searcher = sorted.makeSearcher()
        let options = SearchOptions(mode: mode, maximumCount: 5, typoTolerance: typos)
        var typed = ""
        for character in query + "a" {
          typed.append(character)
          #expect(
            Self.describe(try searcher.search(typed, options: options))
              == Self.describe(try oracle.search(typed, options: options)),
            "typed \(typed.debugDescription) \(typos)")
        }
      }
    }
    #expect(sorted.keysAsTheyAre.madeValue == nil, "answered around the trimmed keys")
    // A boost still reads the keys as they are, and answers alike.
    var boosted = SearchOptions(mode: mode, maximumCount: 5)
    boosted.boost = Attribute("kind") == "k2"
    #expect(
      Self.describe(try sorted.search("a ", options: boosted))
        == Self.describe(try oracle.search("a ", options: boosted)))
    #expect(sorted.keysAsTheyAre.madeValue != nil)
  }

  @Test("over too many items whose keys lost whitespace, the keys as they are answer", .offThePool)
  func manyTrimmedItemsReadTheKeysAsTheyAre() throws {
    let most = StorageSearch<AutocompleteItem>.mostTrimmedOwnersMatched
    let items = (0..<(most + 200)).map { number in
      AutocompleteItem(
        number % 2 == 0 ? "ab\(number) " : " ba\(number)", alternateSearchTexts: ["x\(number)"])
    }
    let sorted = SearchIndex(items)
    let oracle = SearchIndex(items, sortsKeys: false)
    #expect(sorted.storage.trimmedOwners?.count == items.count)
    for query in ["ab1 ", " ba1", " x", "ab "] {
      let options = SearchOptions(mode: .words, maximumCount: 10, typoTolerance: .fixed(1))
      #expect(
        Self.describe(try sorted.search(query, options: options))
          == Self.describe(try oracle.search(query, options: options)), "\(query.debugDescription)")
    }
    #expect(sorted.keysAsTheyAre.madeValue != nil)
  }

  @Test("a disk index's segments and in-memory part answer as the keys as they are", .offThePool)
  func diskIndexAnswersAsTheKeysAsTheyAre() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let items = Self.items(count: 400, seed: 49)
    let writer = try DiskIndex.create(at: directory, items: Array(items[..<250]))
    try writer.add(Array(items[250...]))
    for number in stride(from: 3, to: 400, by: 7) { _ = try writer.remove(id: "i\(number)") }
    try writer.commit()
    func compare(_ index: DiskIndex, _ context: String) throws {
      let oracle = SearchIndex(try index.items(), sortsKeys: false)
      for query in Self.queries(seed: 50) {
        for mode in [MatchMode.prefix, .words, .contains, .fuzzy] {
          for options in Self.optionSets(mode) where options.limit != 1 {
            #expect(
              Self.describe(try index.search(query, options: options))
                == Self.describe(try oracle.search(query, options: options)),
              "\(context) \(mode) \(query.debugDescription)")
          }
          let options = SearchOptions(mode: mode, typoTolerance: .automatic)
          #expect(
            try index.facetCounts(of: "kind", for: query, options: options)
              == oracle.facetCounts(of: "kind", for: query, options: options))
        }
      }
      #expect(index.committedSegments.allSatisfy { $0.keysAsTheyAre.madeValue == nil }, "\(context)")
    }
    try compare(writer, "in memory and on disk")
    try writer.merge()
    try compare(writer, "merged")
    for verification in [DiskIndex.Verification.checksums, .deferred] {
      try compare(try DiskIndex(contentsOf: directory, verification: verification), "\(verification)")
    }
    let segment = try #require(Self.segmentPaths(directory).first)
    #expect(try DiskIndexForgedContentsTests.sectionTags(segment).contains(IndexStorage.Tag.trimmedOwners))
    try DiskIndex(contentsOf: directory).verify(.full)
  }

  @Test("a segment written before the list answers from its keys as they are", .offThePool)
  func aSegmentWithoutTheListScansTheKeysAsTheyAre() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let items = Self.items(count: 200, seed: 51)
    _ = try DiskIndex.create(at: directory, items: items)
    let segment = try #require(Self.segmentPaths(directory).first)
    try Self.retag(segment, IndexStorage.Tag.trimmedOwners, as: SegmentFile.tag("zzzz"))
    let index = try DiskIndex(contentsOf: directory)
    try index.verify(.full)
    let oracle = SearchIndex(items, sortsKeys: false)
    let options = SearchOptions(mode: .words, maximumCount: 5, typoTolerance: .fixed(1))
    for query in Self.queries(seed: 52) {
      #expect(
        Self.describe(try index.search(query, options: options))
          == Self.describe(try oracle.search(query, options: options)), "\(query.debugDescription)")
    }
    #expect(index.committedSegments.first?.keysAsTheyAre.madeValue != nil)
  }

  /// Forged lists, each with valid checksums.
  enum Forgery: String, CaseIterable {
    case notIncreasing, pastTheItems, withoutTheFlag
  }

  @Test("a forged list is an error when the segment opens", .offThePool, arguments: Forgery.allCases)
  func forgedListsAreErrors(forgery: Forgery) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items(count: 100, seed: 53))
    let segment = try #require(Self.segmentPaths(directory).first)
    switch forgery {
    case .notIncreasing:
      try DiskIndexForgedAttributesTests.forge(segment, section: "trim") { bytes in
        for index in 4..<8 { bytes[index] = bytes[index - 4] }
      }
    case .pastTheItems:
      try DiskIndexForgedAttributesTests.forge(segment, section: "trim") { bytes in
        for index in bytes.count - 4..<bytes.count { bytes[index] = 0xFF }
      }
    case .withoutTheFlag:
      try Self.editHeader(segment) { $0[16] &= ~UInt8(SegmentFile.Flags.droppedWhitespace.rawValue) }
    }
    for verification in [DiskIndex.Verification.checksums, .deferred] {
      #expect(throws: DiskIndexError.self, "\(verification)") {
        try DiskIndex(contentsOf: directory, verification: verification)
      }
    }
  }

  static func segmentPaths(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".aks") }
      .sorted()
      .map { directory.path + "/" + $0 }
  }

  /// Renames section `tag` of the segment at `path` to `other`, its checksums recomputed: what a
  /// segment written before the section looks like to a reader that skips unknown tags.
  static func retag(_ path: String, _ tag: UInt32, as other: UInt32) throws {
    try editHeader(path) { bytes in
      let count = Int(bytes[20]) | Int(bytes[21]) << 8
      for entry in (0..<count).map({ 64 + 32 * $0 }) {
        let found = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[entry + $1]) << UInt32(8 * $1) }
        guard found == tag else { continue }
        for byte in 0..<4 { bytes[entry + byte] = UInt8(truncatingIfNeeded: other >> UInt32(8 * byte)) }
      }
    }
  }

  /// Edits the header and section table of the segment at `path`, then recomputes their checksums.
  static func editHeader(_ path: String, _ edit: (inout [UInt8]) -> Void) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    edit(&bytes)
    func store(_ value: UInt64, at: Int) {
      for index in 0..<8 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }
    let count = Int(bytes[20]) | Int(bytes[21]) << 8
    store(bytes[64..<(64 + 32 * count)].withUnsafeBytes { Checksum.of($0) }, at: 48)
    store(bytes[0..<56].withUnsafeBytes { Checksum.of($0) }, at: 56)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }
}
