/// A ``WordIndex`` written into the sections of its keys' ``SegmentFile`` and read back in place.
///
/// | section | elements | what |
/// | --- | --- | --- |
/// | `wscl` | 5 × `UInt64` | the word index's format version (2), its word count, its irregular key count, the bytes of a key word offset and of a word number (``KeyWordTable``) |
/// | `wpst` | `UInt32` × (words + 1) | where each word's postings start in `wpos` (bytes) |
/// | `wpos` | bytes | the postings: per word, the ranks of the keys holding it, ascending, as differences in LEB128 (``PostingCoding``) |
/// | `wkbs` | `UInt32` × (keys / 16 + 1) | per block of 16 ranks, where its keys' words start |
/// | `wkof` | bytes | per rank and one more, where its words start less its block's start (1, 2 or 4 bytes each), then 4 zero bytes |
/// | `wkwd` | bytes | each key's word numbers in order, keys by rank (1 to 4 bytes each), then 4 zero bytes |
/// | `wirr` | `UInt32` | the ranks of the irregular keys |
/// | the storage's tags with the high bit of their last byte set | | the dictionary: a lean ``IndexStorage`` of the distinct words (its keys, their sorted order, byte counts and trie; no `rank`, `bwd `, `bmin`, `mask`) |
///
/// The keys of each rank are not stored: they are the inverse of the segment's `rank`, made on
/// first use. Version 1 (a first release of the word index, with 32-bit tables, `wkst`, `wrnk` and a
/// full dictionary) is not read: such a segment opens as one without a word index, and words mode
/// scans its keys; so does a segment without `wscl` (written before the word index). A reader that
/// does not know these sections ignores them.
extension WordIndex {
  enum Tag {
    static let scalars = SegmentFile.tag("wscl")
    static let postingStarts = SegmentFile.tag("wpst")
    static let postings = SegmentFile.tag("wpos")
    static let keyWordBlockStarts = SegmentFile.tag("wkbs")
    static let keyWordOffsets = SegmentFile.tag("wkof")
    static let keyWords = SegmentFile.tag("wkwd")
    static let irregularRanks = SegmentFile.tag("wirr")
    /// Set into every tag of the dictionary's sections.
    static let dictionarySpace: UInt32 = 0x8000_0000

    /// Whether `tag` is one of a word index's sections, of this format or the first (`wkst`,
    /// `wrnk`), or of its dictionary's.
    static func isWordIndexTag(_ tag: UInt32) -> Bool {
      let tags = [
        scalars, postingStarts, postings, keyWordBlockStarts, keyWordOffsets, keyWords, irregularRanks,
        SegmentFile.tag("wkst"), SegmentFile.tag("wrnk"),
      ]
      return tag & dictionarySpace != 0 || tags.contains(tag)
    }
  }

  /// The version of the sections above.
  static let formatVersion: UInt64 = 2

  /// How many sections ``write(to:)`` adds.
  var sectionCount: Int { 7 + dictionary.sectionCount }

  /// Adds the word index's sections to `writer`.
  func write(to writer: inout SegmentFileWriter) {
    writer.add(
      Tag.scalars,
      [
        Self.formatVersion, UInt64(wordCount), UInt64(irregularRanks.count), UInt64(keyWords.offsetWidth),
        UInt64(keyWords.wordWidth),
      ])
    writer.add(Tag.postingStarts, postingStarts)
    writer.add(Tag.postings, postings)
    writer.add(Tag.keyWordBlockStarts, keyWords.blockStarts)
    writer.add(Tag.keyWordOffsets, keyWords.offsets)
    writer.add(Tag.keyWords, keyWords.words)
    writer.add(Tag.irregularRanks, irregularRanks)
    writer.tagSpace = Tag.dictionarySpace
    dictionary.write(to: &writer)
    writer.tagSpace = 0
  }

  /// The word index of `segment`'s keys, whose ranks are `ranks`; `nil` when the segment has none.
  /// With `checks`, every section is checked against its checksum and every number against the
  /// ranges it indexes (a forged file is an error, not a trap); otherwise that is left to
  /// ``DiskIndex/verify()``, as for the other sections.
  static func read(from segment: SegmentFile, ranks: Column<UInt32>, checks: Bool) throws -> WordIndex? {
    guard segment.sections[Tag.scalars] != nil else { return nil }
    let version = try segment.array(Tag.scalars, as: UInt64.self).first
    // Version 1 was the word index's first release: its segments scan, as those written before it.
    if version == 1 { return nil }
    guard version == formatVersion else {
      throw DiskIndexError.malformed(
        file: segment.name, reason: "word index version \(version.map(String.init) ?? "missing")")
    }
    let scalars = try segment.array(Tag.scalars, as: UInt64.self, count: 5)
    let keys = segment.keyCount
    guard scalars[1] < UInt64(UInt32.max), scalars[2] <= UInt64(keys), [1, 2, 4].contains(scalars[3]),
      (1...4).contains(scalars[4])
    else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word index counts out of range")
    }
    let words = Int(scalars[1])
    let dictionary = try IndexStorage(
      segment: segment.subfile(
        space: Tag.dictionarySpace, itemCount: words, keyCount: words, flags: [.sorted, .wordDictionary]),
      checks: checks)
    let (offsetWidth, wordWidth) = (Int(scalars[3]), Int(scalars[4]))
    let keyWords = KeyWordTable(
      blockStarts: try segment.column(
        Tag.keyWordBlockStarts, as: UInt32.self, count: (keys >> KeyWordTable.blockShift) + 1, checks: checks),
      offsets: try segment.column(
        Tag.keyWordOffsets, as: UInt8.self, count: (keys + 1) * offsetWidth + KeyWordTable.padding,
        checks: checks),
      offsetWidth: offsetWidth, words: try segment.column(Tag.keyWords, as: UInt8.self, checks: checks),
      wordWidth: wordWidth)
    guard keyWords.words.count >= KeyWordTable.padding else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word index: key words cut short")
    }
    let index = WordIndex(
      dictionary: dictionary,
      postingStarts: try segment.column(Tag.postingStarts, as: UInt32.self, count: words + 1, checks: checks),
      postings: try segment.column(Tag.postings, as: UInt8.self, checks: checks),
      keyWords: keyWords, ranks: ranks,
      irregularRanks: try segment.column(
        Tag.irregularRanks, as: UInt32.self, count: Int(scalars[2]), checks: checks))
    guard dictionary.keyCount == words, dictionary.isSorted, ranks.count == keys else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word dictionary disagrees")
    }
    if checks { try index.checkConsistency(file: segment.name) }
    return index
  }

  /// Checks that `ranks` (a segment's, which the word index numbers keys by) hold each rank once:
  /// the keys by rank are their inverse.
  /// - Throws: ``DiskIndexError/malformed(file:reason:)`` when a rank repeats or is out of range.
  static func checkRanks(_ ranks: Column<UInt32>, file: String) throws {
    var seen = [Bool](repeating: false, count: ranks.count)
    for rank in ranks {
      guard Int(rank) < ranks.count, !seen[Int(rank)] else {
        throw DiskIndexError.malformed(file: file, reason: "word index: ranks repeat or out of range")
      }
      seen[Int(rank)] = true
    }
  }

  /// Checks that every number the search indexes with lies in its range and that the tables agree
  /// with one another and with `ranks`, throwing ``DiskIndexError/malformed(file:reason:)`` at the
  /// first that does not.
  func checkConsistency(file: String) throws {
    func fail(_ reason: String) -> DiskIndexError { .malformed(file: file, reason: "word index: \(reason)") }
    let keys = ranks.count
    try Self.checkRanks(ranks, file: file)
    guard keyWords.isConsistent(keyCount: keys, wordCount: wordCount) else {
      throw fail("key words disagree")
    }
    guard postingStarts.first == 0, Int(postingStarts[wordCount]) == postings.count,
      zip(postingStarts, postingStarts.dropFirst()).allSatisfy({ $0 <= $1 })
    else { throw fail("starts out of order") }
    try postings.withUnsafeBufferPointer { bytes in
      for word in 0..<wordCount {
        var position = Int(postingStarts[word])
        let end = Int(postingStarts[word + 1])
        var rank = -1
        while position < end {
          let step = Int(PostingCoding.read(bytes, at: &position, end: end))
          guard rank < 0 || step > 0, bytes[position - 1] < 0x80 else { throw fail("postings out of order") }
          rank = rank < 0 ? step : rank + step
          guard rank < keys else { throw fail("postings out of range") }
        }
      }
    }
    var previous = -1
    for rank in irregularRanks {
      guard Int(rank) > previous, Int(rank) < keys else { throw fail("irregular keys out of order") }
      previous = Int(rank)
    }
  }
}
