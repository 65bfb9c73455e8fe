import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// A segment whose trie is of the first format (a run per key ending before a depth, `scal` of
/// three values: every segment written before equal keys shared their runs) still opens checked,
/// answers as the current format does, and passes the full verification; a forged run table in it
/// does not.
@Suite("Disk index: first trie format")
struct DiskIndexFirstTrieFormatTests {
  /// Short texts, many equal, and words the word index's dictionary keeps.
  static let items = (0..<600).map {
    AutocompleteItem(["a", "b", "ab", "b a", "san jose", "santa ana", "é"][$0 % 7], id: "id-\($0)")
  }

  /// Rewrites the segment at `path` with its keys' trie in the first format (a word dictionary is
  /// never written in it: word index version 3 came after); `forge` may then edit the arrays.
  static func rewriteInFirstFormat(_ path: String, forge: (UInt32, inout [UInt64]) -> Void = { _, _ in })
    throws
  {
    let file = try SegmentFile(path: path)
    var writer = SegmentFileWriter(sectionCount: file.sections.count)
    let trie = SortedKeyTrie(
      bytes: try file.array(IndexStorage.Tag.bytes, as: UInt8.self),
      starts: try file.array(IndexStorage.Tag.starts, as: UInt32.self),
      forward: try file.array(IndexStorage.Tag.forward, as: UInt32.self), mergesEqualKeys: false)
    for (tag, section) in file.sections.sorted(by: { $0.value.offset < $1.value.offset }) {
      guard IndexSegment.trieFormatTags.contains(tag) else {
        writer.add(tag, raw: try #require(try file.bytes(tag, checks: false)), width: section.elementSize)
        continue
      }
      switch tag {
      case IndexStorage.Tag.scalars:
        writer.add(tag, Array(try file.array(tag, as: UInt64.self).prefix(3)))
      case IndexStorage.Tag.runStarts: writer.add(tag, trie.runStarts)
      case IndexStorage.Tag.runStartOffsets: writer.add(tag, trie.runStartOffsets.map { Int64($0) })
      case IndexStorage.Tag.runLabels: writer.add(tag, trie.runLabels)
      case IndexStorage.Tag.firstChildEntries: writer.add(tag, trie.firstChildEntries)
      case IndexStorage.Tag.childLabelBits: writer.add(tag, trie.childLabelBits)
      case IndexStorage.Tag.lookaheadMasks: writer.add(tag, trie.lookaheadMasks)
      default:
        var pairs = trie.pairSets.array
        forge(tag, &pairs)
        writer.add(tag, pairs)
      }
    }
    let bytes = writer.finish(flags: file.flags, itemCount: file.itemCount, keyCount: file.keyCount)
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  static func answers(_ index: DiskIndex) throws -> [String] {
    try ["a", "b", "ab", "sna", "sant ana", "jsoe", "é", "x"].flatMap { query in
      try [MatchMode.prefix, .exact, .words].map { mode in
        let options = SearchOptions(mode: mode, maximumCount: 20, typoTolerance: .fixed(2))
        return "\(query) \(mode): "
          + (try index.search(query, options: options).map(\.item.id).joined(separator: ","))
      }
    }
  }

  @Test(.offThePool) func firstFormatOpensAnswersAndVerifies() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try Self.answers(try DiskIndex.create(at: directory, items: Self.items))
    let path = directory.path + "/seg-000001.aks"
    let current = try SegmentFile(path: path)
    #expect(try current.array(IndexStorage.Tag.scalars, as: UInt64.self).last == SortedKeyTrie.formatVersion)
    try Self.rewriteInFirstFormat(path)
    let rewritten = try SegmentFile(path: path)
    #expect(try rewritten.array(IndexStorage.Tag.scalars, as: UInt64.self).count == 3)
    #expect(
      rewritten.sections[IndexStorage.Tag.pairSets]!.byteCount
        > current.sections[IndexStorage.Tag.pairSets]!.byteCount)
    let index = try DiskIndex(contentsOf: directory, verification: .checksums)
    #expect(try Self.answers(index) == expected)
    try index.verify(.full)
  }

  @Test(.offThePool) func aForgedRunTableOfTheFirstFormatFailsTheFullCheck() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: Self.items)
    try Self.rewriteInFirstFormat(directory.path + "/seg-000001.aks") { tag, pairs in
      if tag == IndexStorage.Tag.pairSets { pairs[0] ^= 1 }
    }
    let index = try DiskIndex(contentsOf: directory, verification: .checksums)
    try index.verify(.checksums)
    let error = #expect(throws: DiskIndexError.self) { try index.verify(.full) }
    #expect(error?.description.contains("section pair") == true, "\(String(describing: error))")
  }
}
