/// A ``WordIndex`` written into the sections of its keys' ``SegmentFile`` and read back in place.
///
/// | section | elements | what |
/// | --- | --- | --- |
/// | `wscl` | 3 × `UInt64` | the word index's format version (1), its word count, its irregular key count |
/// | `wpst` | `UInt32` × (words + 1) | where each word's postings start |
/// | `wpos` | `UInt32` | the postings: per word, the ranks of the keys holding it, ascending |
/// | `wkst` | `UInt32` × (keys + 1) | per rank, where the key's words start |
/// | `wkwd` | `UInt32` | each key's word numbers in order, keys by rank |
/// | `wrnk` | `UInt32` × keys | the key of each rank |
/// | `wirr` | `UInt32` | the ranks of the irregular keys |
/// | the storage's tags with the high bit of their last byte set | | the dictionary: an ``IndexStorage`` of the distinct words |
///
/// A segment without `wscl` (written before the word index) opens as one without a word index:
/// words mode scans its keys, as it always did. A reader that does not know these sections ignores
/// them.
extension WordIndex {
  enum Tag {
    static let scalars = SegmentFile.tag("wscl")
    static let postingStarts = SegmentFile.tag("wpst")
    static let postings = SegmentFile.tag("wpos")
    static let keyWordStarts = SegmentFile.tag("wkst")
    static let keyWords = SegmentFile.tag("wkwd")
    static let keysByRank = SegmentFile.tag("wrnk")
    static let irregularRanks = SegmentFile.tag("wirr")
    /// Set into every tag of the dictionary's sections.
    static let dictionarySpace: UInt32 = 0x8000_0000
  }

  /// The version of the sections above.
  static let formatVersion: UInt64 = 1

  /// How many sections ``write(to:)`` adds.
  var sectionCount: Int { 7 + dictionary.sectionCount }

  /// Adds the word index's sections to `writer`.
  func write(to writer: inout SegmentFileWriter) {
    writer.add(Tag.scalars, [Self.formatVersion, UInt64(wordCount), UInt64(irregularRanks.count)])
    writer.add(Tag.postingStarts, postingStarts)
    writer.add(Tag.postings, postings)
    writer.add(Tag.keyWordStarts, keyWordStarts)
    writer.add(Tag.keyWords, keyWords)
    writer.add(Tag.keysByRank, keysByRank)
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
    let scalars = try segment.array(Tag.scalars, as: UInt64.self, count: 3)
    let keys = segment.keyCount
    guard scalars[0] == formatVersion else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word index version \(scalars[0])")
    }
    guard scalars[1] <= UInt64(UInt32.max), scalars[2] <= UInt64(keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word index counts out of range")
    }
    let words = Int(scalars[1])
    let dictionary = try IndexStorage(
      segment: segment.subfile(
        space: Tag.dictionarySpace, itemCount: words, keyCount: words, flags: [.sorted]),
      checks: checks)
    let index = WordIndex(
      dictionary: dictionary,
      postingStarts: try segment.column(Tag.postingStarts, as: UInt32.self, count: words + 1, checks: checks),
      postings: try segment.column(Tag.postings, as: UInt32.self, checks: checks),
      keyWordStarts: try segment.column(Tag.keyWordStarts, as: UInt32.self, count: keys + 1, checks: checks),
      keyWords: try segment.column(Tag.keyWords, as: UInt32.self, checks: checks),
      keysByRank: try segment.column(Tag.keysByRank, as: UInt32.self, count: keys, checks: checks),
      irregularRanks: try segment.column(
        Tag.irregularRanks, as: UInt32.self, count: Int(scalars[2]), checks: checks))
    guard dictionary.keyCount == words, dictionary.isSorted else {
      throw DiskIndexError.malformed(file: segment.name, reason: "word dictionary disagrees")
    }
    if checks { try index.checkConsistency(ranks: ranks, file: segment.name) }
    return index
  }

  /// Checks that every number the search indexes with lies in its range and that the tables agree
  /// with one another and with `ranks`, throwing ``DiskIndexError/malformed(file:reason:)`` at the
  /// first that does not.
  func checkConsistency(ranks: Column<UInt32>, file: String) throws {
    func fail(_ reason: String) -> DiskIndexError { .malformed(file: file, reason: "word index: \(reason)") }
    let keys = keysByRank.count
    guard ranks.count == keys, keyWordStarts.count == keys + 1 else { throw fail("key count") }
    for (rank, key) in keysByRank.enumerated() where Int(key) >= keys || Int(ranks[Int(key)]) != rank {
      throw fail("ranks disagree")
    }
    func rises(_ starts: Column<UInt32>, to end: Int) -> Bool {
      starts.first == 0 && Int(starts[starts.count - 1]) == end
        && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }
    guard rises(postingStarts, to: postings.count), rises(keyWordStarts, to: keyWords.count) else {
      throw fail("starts out of order")
    }
    guard keyWords.allSatisfy({ Int($0) < wordCount }) else { throw fail("word numbers out of range") }
    for word in 0..<wordCount {
      let list = Int(postingStarts[word])..<Int(postingStarts[word + 1])
      var previous = -1
      for position in list {
        let rank = Int(postings[position])
        guard rank > previous, rank < keys else { throw fail("postings out of order") }
        previous = rank
      }
    }
    var previous = -1
    for rank in irregularRanks {
      guard Int(rank) > previous, Int(rank) < keys else { throw fail("irregular keys out of order") }
      previous = Int(rank)
    }
  }
}
