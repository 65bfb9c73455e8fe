/// The full verification (``IndexSegment/verifyAgainstRecords()``) of a segment whose trie is of the
/// first format (``SortedKeyTrie/mergesEqualKeys`` false: its `scal` holds three values): a rebuild
/// writes the current format, so the sections of the trie's runs are compared with a trie of the
/// first format built from the file's keys (themselves compared with the rebuild's) instead.
extension IndexSegment {
  /// The sections whose bytes depend on the trie's format: its run tables and the `scal` that names
  /// the format.
  static let trieFormatTags: Set<UInt32> = [
    IndexStorage.Tag.runStarts, IndexStorage.Tag.runStartOffsets, IndexStorage.Tag.runLabels,
    IndexStorage.Tag.firstChildEntries, IndexStorage.Tag.childLabelBits, IndexStorage.Tag.lookaheadMasks,
    IndexStorage.Tag.pairSets, IndexStorage.Tag.scalars,
  ]

  /// The tag spaces of `file` whose trie is of the first format: the keys' (0), or none. A word
  /// dictionary of the first format belonged to a word index of an earlier version, whose sections
  /// are not compared (``verifyAgainstRecords()``).
  static func firstTrieFormatSpaces(of file: SegmentFile) throws -> [UInt32] {
    guard file.sections[IndexStorage.Tag.scalars] != nil else { return [] }
    return try file.array(IndexStorage.Tag.scalars, as: UInt64.self).count == 3 ? [0] : []
  }

  /// Whether `tag` is one of ``trieFormatTags`` in one of `spaces`.
  static func isTrieFormatTag(_ tag: UInt32, in spaces: [UInt32]) -> Bool {
    spaces.contains { space in
      (space == 0 || tag & space == space) && trieFormatTags.contains(tag & ~space)
    }
  }

  /// Checks the trie-format sections of `file` in tag space `space` (a trie of the first format)
  /// against `expected`, the rebuild: `scal`'s values as the rebuild's first three, and the run
  /// tables as those of a trie of the first format over the file's sorted keys.
  /// - Throws: ``DiskIndexError/malformed(file:reason:)`` naming the first section that differs.
  static func verifyFirstTrieFormat(
    of file: SegmentFile, space: UInt32, against expected: SegmentFile, name: String
  ) throws {
    func inconsistent(_ tag: UInt32) -> DiskIndexError {
      .malformed(
        file: name,
        reason: "section \(SegmentFile.name(ofTag: tag | space)) does not follow from its stored records")
    }
    func tag(_ tag: UInt32) -> UInt32 { tag | space }
    let scalars = try file.array(tag(IndexStorage.Tag.scalars), as: UInt64.self)
    let wanted = try expected.array(tag(IndexStorage.Tag.scalars), as: UInt64.self)
    guard Array(wanted.prefix(3)) == scalars else { throw inconsistent(IndexStorage.Tag.scalars) }
    let trie = SortedKeyTrie(
      bytes: try file.array(tag(IndexStorage.Tag.bytes), as: UInt8.self),
      starts: try file.array(tag(IndexStorage.Tag.starts), as: UInt32.self),
      forward: try file.array(tag(IndexStorage.Tag.forward), as: UInt32.self), mergesEqualKeys: false)
    func check<T: FixedWidthInteger>(_ section: UInt32, _ values: [T]) throws {
      guard try file.array(tag(section), as: T.self) == values else { throw inconsistent(section) }
    }
    try check(IndexStorage.Tag.runStarts, trie.runStarts.array)
    try check(IndexStorage.Tag.runStartOffsets, trie.runStartOffsets.map { Int64($0) })
    try check(IndexStorage.Tag.runLabels, trie.runLabels.array)
    try check(IndexStorage.Tag.firstChildEntries, trie.firstChildEntries.array)
    try check(IndexStorage.Tag.childLabelBits, trie.childLabelBits.array)
    try check(IndexStorage.Tag.lookaheadMasks, trie.lookaheadMasks.array)
    try check(IndexStorage.Tag.pairSets, trie.pairSets.array)
  }
}
