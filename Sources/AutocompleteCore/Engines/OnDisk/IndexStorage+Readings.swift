/// The Latin reading keys of a segment written with ``Transliteration/latin``: where they start among
/// the segment's keys, kept in a section of their own.
///
/// The reading keys themselves are ordinary keys of the segment's ``IndexStorage`` (folded into its
/// `keys`, sorted, ranked, in its trie): numbered after the item's own keys (``IndexStorage/keyIndex(_:)``
/// past its alternates) and ranked after every search text and alternate key. What the file adds is
/// the first rank of a reading (``IndexStorage/readingStart``), in section `rdng` (one little-endian
/// `UInt64`), which a search needs to rank a match through a reading below one of the same kind on
/// the item's own keys. A segment without readings (written without the option, or by a build
/// before it) has no such section and reads as a segment without readings: nothing is done per item
/// at open either way.
extension IndexStorage {
  /// The section tag of ``readingStart``.
  static let readingsTag = SegmentFile.tag("rdng")

  /// Whether the storage holds Latin reading keys.
  var hasReadings: Bool { readingStart != .max }

  /// How many sections ``writeReadings(to:)`` adds: one with readings, else none.
  var readingSectionCount: Int { hasReadings ? 1 : 0 }

  /// Adds the readings' section to `writer` when the storage holds readings.
  func writeReadings(to writer: inout SegmentFileWriter) {
    guard hasReadings else { return }
    writer.add(Self.readingsTag, [UInt64(readingStart)])
  }

  /// The first rank of a reading key in `segment` (`UInt32.max` when it has no `rdng` section),
  /// checked to lie past the search texts and before the end of the keys: a forged value is an
  /// error, not a misranked answer.
  static func readingStart(in segment: SegmentFile, primaryCount: UInt32) throws -> UInt32 {
    guard segment.sections[readingsTag] != nil else { return .max }
    let value = try segment.array(readingsTag, as: UInt64.self, count: 1)[0]
    guard value >= UInt64(primaryCount), value < UInt64(segment.keyCount) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "reading keys start out of range")
    }
    return UInt32(value)
  }
}
