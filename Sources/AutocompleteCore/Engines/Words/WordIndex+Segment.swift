/// A ``WordIndex`` written into the sections of its keys' ``SegmentFile`` and read back: the
/// sections hold what cannot be made from the others, and the rest is made when the word index is
/// first read (by the first words or contains query, not at the open), in a few passes over them.
///
/// | section | elements | what |
/// | --- | --- | --- |
/// | `wscl` | 5 × `UInt64` | the word index's format version (3), its word count, its irregular key count, its count of keys without words, the bytes of a key word entry (``KeyWordTable``) |
/// | `wpos` | bytes | the postings: per word, the ranks of the keys holding it, ascending, as differences in LEB128, then a zero byte (``PostingCoding``); where each list starts is made from the zero bytes |
/// | `wkwd` | bytes | each key's words in order, keys by rank: a word number times two, plus one on a key's last word (1 to 4 bytes each), then 4 zero bytes; where each key's words start is made from them |
/// | `wemp` | `UInt32` | the ranks of the keys without words, ascending (irregular keys among them) |
/// | `wirr` | `UInt32` | the ranks of the irregular keys |
/// | the storage's tags with the high bit of their last byte set | | the dictionary: a lean ``IndexStorage`` of the distinct words, its keys (sorted) and their trie's tables but for `lcp ` and `tail`, which are made from the keys with their starts (``IndexStorage/init(segment:checks:)``); no `strt`, `fwd `, `fmin`, `rank`, `bwd `, `bmin`, `mask` |
///
/// The keys of each rank are not stored: they are the inverse of the segment's `rank`, made on
/// first use. Versions 1 and 2 (earlier releases of the word index, whose sections held the starts
/// of postings and of each key's words and the dictionary's starts, order, `lcp ` and `tail`) are
/// not read: such a segment opens as one without a word index, and words mode scans its keys
/// until `merge()` writes it again; so does a segment without `wscl` (written before
/// the word index). A reader that does not know these sections ignores them.
extension WordIndex {
  enum Tag {
    static let scalars = SegmentFile.tag("wscl")
    static let postings = SegmentFile.tag("wpos")
    static let keyWords = SegmentFile.tag("wkwd")
    static let emptyRanks = SegmentFile.tag("wemp")
    static let irregularRanks = SegmentFile.tag("wirr")
    /// Set into every tag of the dictionary's sections.
    static let dictionarySpace: UInt32 = 0x8000_0000

    /// Whether `tag` is one of a word index's sections, of this format or an earlier one (`wpst`,
    /// `wkbs`, `wkof`; `wkst`, `wrnk`), or of its dictionary's.
    static func isWordIndexTag(_ tag: UInt32) -> Bool {
      tag & dictionarySpace != 0 || current.contains(tag) || earlier.contains(tag)
    }

    /// The sections of this format.
    private static let current = [scalars, postings, keyWords, emptyRanks, irregularRanks]
    /// The sections of formats 1 and 2 that format 3 makes instead of storing.
    private static let earlier = [
      SegmentFile.tag("wpst"), SegmentFile.tag("wkbs"), SegmentFile.tag("wkof"), SegmentFile.tag("wkst"),
      SegmentFile.tag("wrnk"),
    ]
  }

  /// The version of the sections above.
  static let formatVersion: UInt64 = 3

  /// How many sections ``write(to:)`` adds.
  var sectionCount: Int { 5 + dictionary.sectionCount }

  /// Adds the word index's sections to `writer`.
  func write(to writer: inout SegmentFileWriter) {
    let emptyRanks = keyWords.emptyRanks
    writer.add(
      Tag.scalars,
      [
        Self.formatVersion, UInt64(wordCount), UInt64(irregularRanks.count), UInt64(emptyRanks.count),
        UInt64(keyWords.wordWidth),
      ])
    writer.add(Tag.postings, postings)
    writer.add(Tag.keyWords, keyWords.words)
    writer.add(Tag.emptyRanks, emptyRanks)
    writer.add(Tag.irregularRanks, irregularRanks)
    writer.tagSpace = Tag.dictionarySpace
    dictionary.write(to: &writer)
    writer.tagSpace = 0
  }

  /// Whether `segment` holds a word index this build reads: `false` without one or with one of an
  /// earlier version (its keys are then scanned).
  /// - Throws: ``DiskIndexError/malformed(file:reason:)`` for a version this build does not know.
  static func isPresent(in segment: SegmentFile) throws -> Bool {
    guard segment.sections[Tag.scalars] != nil else { return false }
    let version = try segment.array(Tag.scalars, as: UInt64.self).first
    // Versions 1 and 2 were earlier releases: their segments scan, as those written before them.
    if version == 1 || version == 2 { return false }
    guard version == formatVersion else {
      throw DiskIndexError.malformed(
        file: segment.name, reason: "word index version \(version.map(String.init) ?? "missing")")
    }
    return true
  }

  /// The word index of `segment`'s keys, whose ranks are `ranks`; `nil` when the segment has none
  /// this build reads (``isPresent(in:)``). With `checks`, every section is checked against its
  /// checksum and every number against the ranges it indexes (a forged file is an error, not a
  /// trap); otherwise that is left to ``DiskIndex/verify()``, as for the other sections.
  static func read(from segment: SegmentFile, ranks: Column<UInt32>, checks: Bool) throws -> WordIndex? {
    guard try isPresent(in: segment) else { return nil }
    func fail(_ reason: String) -> DiskIndexError {
      .malformed(file: segment.name, reason: "word index: \(reason)")
    }
    let scalars = try segment.array(Tag.scalars, as: UInt64.self, count: 5)
    let keys = segment.keyCount
    guard scalars[1] < UInt64(UInt32.max), scalars[2] <= UInt64(keys), scalars[3] <= UInt64(keys),
      (1...4).contains(scalars[4])
    else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word index counts out of range")
    }
    let words = Int(scalars[1])
    let dictionary = try IndexStorage(
      segment: segment.subfile(
        space: Tag.dictionarySpace, itemCount: words, keyCount: words, flags: [.sorted, .wordDictionary]),
      checks: checks)
    guard
      let keyWords = KeyWordTable(
        entries: try segment.column(Tag.keyWords, as: UInt8.self, checks: checks), wordWidth: Int(scalars[4]),
        keyCount: keys,
        emptyRanks: try segment.column(
          Tag.emptyRanks, as: UInt32.self, count: Int(scalars[3]), checks: checks))
    else { throw fail("key words disagree") }
    let postings = try segment.column(Tag.postings, as: UInt8.self, checks: checks)
    guard let postingStarts = postings.runStarts(endedBy: PostingCoding.terminator, count: words) else {
      throw fail("postings of \(words) words do not end where they should")
    }
    let index = WordIndex(
      dictionary: dictionary, postingStarts: Column(postingStarts), postings: postings,
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
      zip(postingStarts, postingStarts.dropFirst()).allSatisfy({ $0 < $1 })
    else { throw fail("starts out of order") }
    try postings.withUnsafeBufferPointer { bytes in
      for word in 0..<wordCount {
        let range = postingRange(word)
        var position = range.lowerBound
        var rank = -1
        guard !range.isEmpty, bytes[range.upperBound] == PostingCoding.terminator else {
          throw fail("a word without postings")
        }
        while position < range.upperBound {
          let step = Int(PostingCoding.read(bytes, at: &position, end: range.upperBound))
          guard step > 0, bytes[position - 1] < 0x80 else { throw fail("postings out of order") }
          rank = rank < 0 ? step - 1 : rank + step  // the first is stored plus one
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
