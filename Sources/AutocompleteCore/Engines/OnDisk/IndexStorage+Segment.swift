/// A built ``IndexStorage`` written into the sections of a ``SegmentFile`` and read back.
///
/// Reading maps each section in place as the ``Column`` the search reads: no copy and no work per
/// item, so opening costs the same whatever the index's size, and only the pages a search touches
/// are read. Checking the sections' checksums at open (``DiskIndex/Verification/checksums``) reads
/// every page once; ``DiskIndex/Verification/deferred`` leaves that to ``DiskIndex/verify()``.
extension IndexStorage {
  /// The section tags of the storage's arrays.
  enum Tag {
    static let bytes = SegmentFile.tag("keys")
    static let starts = SegmentFile.tag("strt")
    static let owners = SegmentFile.tag("ownr")
    static let keyIndexes = SegmentFile.tag("kidx")
    static let forward = SegmentFile.tag("fwd ")
    static let backward = SegmentFile.tag("bwd ")
    static let forwardMinima = SegmentFile.tag("fmin")
    static let backwardMinima = SegmentFile.tag("bmin")
    static let ranks = SegmentFile.tag("rank")
    static let byteCounts = SegmentFile.tag("bcnt")
    static let masks = SegmentFile.tag("mask")
    static let humps = SegmentFile.tag("hump")
    static let scalars = SegmentFile.tag("scal")
    static let lcp = SegmentFile.tag("lcp ")
    static let tail = SegmentFile.tag("tail")
    static let lcpMinima = SegmentFile.tag("lcpm")
    static let runStarts = SegmentFile.tag("runs")
    static let runStartOffsets = SegmentFile.tag("rso ")
    static let runLabels = SegmentFile.tag("rlab")
    static let firstChildEntries = SegmentFile.tag("fce ")
    static let childLabelBits = SegmentFile.tag("clb ")
    static let lookaheadMasks = SegmentFile.tag("look")
    static let pairSets = SegmentFile.tag("pair")
    static let complexBits = SegmentFile.tag("cxb ")
    static let complexKeys = SegmentFile.tag("cxk ")
    /// ``IndexStorage/trimmedOwners``, written when some key lost whitespace (the header's flag);
    /// a segment written before it has the flag alone.
    static let trimmedOwners = SegmentFile.tag("trim")
    /// Reach list `k` (1, 2): keys, reaches, classes.
    static func reach(_ k: Int, _ part: Int) -> UInt32 {
      SegmentFile.tag("rl00") &+ UInt32(k) << 16 &+ UInt32(part) << 24
    }
  }

  /// How many sections ``write(to:)`` adds.
  var sectionCount: Int {
    (isWordDictionary ? 6 : 13) + (trimmedOwners?.isEmpty == false ? 1 : 0) + readingSectionCount
      + attributeSectionCount
      + (trie.map { (isWordDictionary ? 10 : 12) + 3 * $0.reachLists.count } ?? 0)
      + (words?.sectionCount ?? 0)
  }

  /// Adds the storage's arrays to `writer`.
  func write(to writer: inout SegmentFileWriter) {
    writer.add(Tag.bytes, bytes)
    writer.add(Tag.owners, owners)
    writer.add(Tag.keyIndexes, keyIndexes)
    // A word dictionary's starts follow from its keys, its sorted order and ranks are the identity,
    // and it has no suffix order and no masks (``init(segment:checks:)`` makes what it needs).
    if !isWordDictionary {
      writer.add(Tag.starts, starts)
      writer.add(Tag.forward, forward)
      writer.add(Tag.forwardMinima, forwardMinima)
      writer.add(Tag.backward, backward)
      writer.add(Tag.backwardMinima, backwardMinima)
      writer.add(Tag.ranks, ranks)
      writer.add(Tag.masks, masks)
    }
    writer.add(Tag.byteCounts, byteCounts.map { Int64($0) })
    writer.add(Tag.humps, humps)
    if let trimmedOwners, !trimmedOwners.isEmpty { writer.add(Tag.trimmedOwners, trimmedOwners) }
    writer.add(
      Tag.scalars,
      [
        UInt64(primaryCount), UInt64(trie?.asciiLeadEnd ?? 0), UInt64(trie?.reachLists.count ?? 0),
        SortedKeyTrie.formatVersion,
      ])
    writeReadings(to: &writer)
    writeAttributeStarts(to: &writer)
    words?.write(to: &writer)
    guard let trie else { return }
    if !isWordDictionary {
      writer.add(Tag.lcp, trie.lcp)
      writer.add(Tag.tail, trie.tail)
    }
    writer.add(Tag.lcpMinima, trie.lcpMinima)
    writer.add(Tag.runStarts, trie.runStarts)
    writer.add(Tag.runStartOffsets, trie.runStartOffsets.map { Int64($0) })
    writer.add(Tag.runLabels, trie.runLabels)
    writer.add(Tag.firstChildEntries, trie.firstChildEntries)
    writer.add(Tag.childLabelBits, trie.childLabelBits)
    writer.add(Tag.lookaheadMasks, trie.lookaheadMasks)
    writer.add(Tag.pairSets, trie.pairSets)
    writer.add(Tag.complexBits, trie.complexBits)
    writer.add(Tag.complexKeys, trie.complexKeys)
    for (index, list) in trie.reachLists.enumerated() {
      writer.add(Tag.reach(index + 1, 0), list.keys)
      writer.add(Tag.reach(index + 1, 1), list.reaches)
      writer.add(Tag.reach(index + 1, 2), list.classes)
    }
  }

  /// The storage written in `segment`, read in place, its sections' sizes checked against its key
  /// count and (when `checks`) their bytes against their checksums.
  init(segment: SegmentFile, checks: Bool) throws {
    let keys = segment.keyCount
    let oneKeyEach = keys == segment.itemCount
    let isSorted = segment.flags.contains(.sorted)
    let isWordDictionary = segment.flags.contains(.wordDictionary)
    let bytes = try segment.column(Tag.bytes, as: UInt8.self, checks: checks)
    // A word dictionary's starts follow from its words, each ended by the separator.
    let dictionaryStarts = isWordDictionary ? bytes.runStarts(endedBy: Self.separator, count: keys) : nil
    if isWordDictionary && dictionaryStarts == nil {
      throw DiskIndexError.malformed(
        file: segment.name, reason: "the word dictionary does not hold \(keys) words")
    }
    let starts =
      try dictionaryStarts.map { Column($0) }
      ?? segment.column(Tag.starts, as: UInt32.self, count: keys + 1, checks: checks)
    let humps = try segment.column(Tag.humps, as: UInt64.self, checks: checks)
    guard Int(starts[keys]) == bytes.count, humps.count == bytes.count / 64 + 1 || humps.isEmpty else {
      throw DiskIndexError.malformed(file: segment.name, reason: "key sections disagree")
    }
    self.bytes = bytes
    self.starts = starts
    self.humps = humps
    self.owners = try segment.column(
      Tag.owners, as: UInt32.self, count: oneKeyEach ? 0 : keys, checks: checks)
    self.keyIndexes = try segment.column(
      Tag.keyIndexes, as: UInt16.self, count: oneKeyEach ? 0 : keys, checks: checks)
    let blocks = isSorted ? (keys + Self.blockSize - 1) / Self.blockSize : 0
    if isWordDictionary {
      // Its ranks are its sorted order, the identity.
      let identity = (0..<UInt32(keys)).map { $0 }
      self.forward = Column(identity)
      self.forwardMinima = Column(Self.blockMinima(identity, ranks: identity))
      (self.backward, self.backwardMinima, self.ranks, self.masks) = ([], [], forward, [])
      self.isWordDictionary = true
    } else {
      self.forward = try segment.column(
        Tag.forward, as: UInt32.self, count: isSorted ? keys : 0, checks: checks)
      self.forwardMinima = try segment.column(
        Tag.forwardMinima, as: UInt32.self, count: blocks, checks: checks)
      self.backward = try segment.column(
        Tag.backward, as: UInt32.self, count: isSorted ? keys : 0, checks: checks)
      self.backwardMinima = try segment.column(
        Tag.backwardMinima, as: UInt32.self, count: blocks, checks: checks)
      self.ranks = try segment.column(Tag.ranks, as: UInt32.self, count: keys, checks: checks)
      self.masks = try segment.column(Tag.masks, as: UInt32.self, count: keys, checks: checks)
    }
    self.byteCounts = try segment.array(Tag.byteCounts, as: Int64.self, count: 256).map { Int($0) }
    // The search texts, the trie's ASCII-led keys and reach lists, and (from the trie's format 2 on)
    // its format.
    let scalars = try segment.array(Tag.scalars, as: UInt64.self)
    guard scalars.count == 3 || scalars.count == 4 else {
      throw DiskIndexError.malformed(
        file: segment.name, reason: "section scal holds \(scalars.count) entries, not 3 or 4")
    }
    guard scalars[0] <= UInt64(keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "more search texts than keys")
    }
    self.primaryCount = UInt32(scalars[0])
    self.readingStart = try Self.readingStart(in: segment, primaryCount: primaryCount)
    self.attributeStarts = try Self.attributeStarts(
      in: segment, primaryCount: primaryCount, readingStart: readingStart)
    // Values the engine indexes arrays with, checked in range (a forged file with valid checksums
    // must be an error, not a trap): keys' starts rising (each key holds its terminator), owners
    // among the items, sorted key numbers among the keys. Like the checksums, this reads whole
    // sections: a deferred open (`checks` false) leaves it to `DiskIndex.verify()`.
    let items = UInt32(segment.itemCount)
    if checks {
      guard zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }), self.owners.allSatisfy({ $0 < items }),
        self.forward.allSatisfy({ Int($0) < keys }), self.backward.allSatisfy({ Int($0) < keys })
      else {
        throw DiskIndexError.malformed(file: segment.name, reason: "key tables out of range")
      }
    }
    self.isSorted = isSorted
    self.trimmedOwners = try Self.trimmedOwners(
      in: segment, droppedWhitespace: segment.flags.contains(.droppedWhitespace))
    guard isSorted else {
      self.trie = nil
      return
    }
    // Compared as read, before any conversion: a forged count past `Int.max` is an error, not a trap.
    guard scalars[2] == UInt64(SortedKeyTrie.largestBudget), scalars[1] <= UInt64(keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "trie scalars out of range")
    }
    let trieFormat = scalars.count == 4 ? scalars[3] : 1
    guard trieFormat == 1 || trieFormat == SortedKeyTrie.formatVersion else {
      throw DiskIndexError.malformed(file: segment.name, reason: "unknown trie format \(trieFormat)")
    }
    let reachListCount = SortedKeyTrie.largestBudget
    let runStartOffsets = try segment.array(Tag.runStartOffsets, as: Int64.self).map { Int($0) }
    let runStarts = try segment.column(Tag.runStarts, as: UInt32.self, checks: checks)
    guard runStartOffsets.count == SortedKeyTrie.shallowDepth + 1, runStartOffsets.last == runStarts.count
    else { throw DiskIndexError.malformed(file: segment.name, reason: "trie runs disagree") }
    // A word dictionary's `lcp` and `tail` follow from its sorted keys, one pass over them.
    let (lcp, tail) =
      isWordDictionary
      ? SortedKeyTrie.prefixes(bytes: bytes, starts: starts, forward: forward)
      : (
        try segment.column(Tag.lcp, as: UInt8.self, count: keys, checks: checks),
        try segment.column(Tag.tail, as: UInt32.self, count: keys, checks: checks)
      )
    let trie = SortedKeyTrie(
      lcp: lcp, tail: tail,
      lcpMinima: try segment.column(Tag.lcpMinima, as: UInt8.self, count: blocks, checks: checks),
      runStarts: runStarts,
      runStartOffsets: runStartOffsets,
      runLabels: try segment.column(Tag.runLabels, as: UInt8.self, count: runStarts.count, checks: checks),
      firstChildEntries: try segment.column(Tag.firstChildEntries, as: UInt32.self, checks: checks),
      childLabelBits: try segment.column(Tag.childLabelBits, as: UInt64.self, checks: checks),
      lookaheadMasks: try segment.column(
        Tag.lookaheadMasks, as: UInt64.self, count: runStarts.count, checks: checks),
      pairSets: try segment.column(Tag.pairSets, as: UInt64.self, checks: checks),
      complexBits: try segment.column(
        Tag.complexBits, as: UInt64.self, count: (keys + 63) / 64, checks: checks),
      complexKeys: try segment.column(Tag.complexKeys, as: UInt32.self, checks: checks),
      asciiLeadEnd: Int(scalars[1]),
      mergesEqualKeys: trieFormat == 2,
      reachLists: try (1...reachListCount).map { k in
        let listed = try segment.column(Tag.reach(k, 0), as: UInt32.self, checks: checks)
        return SortedKeyTrie.ReachList(
          keys: listed,
          reaches: try segment.column(Tag.reach(k, 1), as: UInt8.self, count: listed.count, checks: checks),
          classes: try segment.column(Tag.reach(k, 2), as: UInt64.self, count: listed.count, checks: checks))
      })
    // The walk indexes memory with the trie's numbers: a checked read requires its run tables to
    // follow from its `lcp` and `tail` (SortedKeyTrie+Structure), as it requires the key tables in
    // range above.
    guard !checks || trie.hasConsistentTables(keyCount: keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "trie tables disagree")
    }
    self.trie = trie
    // The word index is read, made whole and checked (its sections' checksums, its numbers'
    // ranges, where the open checks) by the first query that reads it: a prefix keystroke never
    // does. Its ranks are checked now: they are the keys' own.
    if try WordIndex.isPresent(in: segment) {
      self.wordIndex = LazyValue()
      let ranks = ranks
      self.readWordIndex = {
        guard let words = try WordIndex.read(from: segment, ranks: ranks, checks: checks) else {
          throw DiskIndexError.malformed(file: segment.name, reason: "word index gone")
        }
        return words
      }
      if checks { try WordIndex.checkRanks(ranks, file: segment.name) }
    }
  }
}

extension SortedKeyTrie {
  /// A trie from arrays read back from a segment file.
  init(
    lcp: Column<UInt8>, tail: Column<UInt32>, lcpMinima: Column<UInt8>, runStarts: Column<UInt32>,
    runStartOffsets: [Int],
    runLabels: Column<UInt8>, firstChildEntries: Column<UInt32>, childLabelBits: Column<UInt64>,
    lookaheadMasks: Column<UInt64>,
    pairSets: Column<UInt64>, complexBits: Column<UInt64>, complexKeys: Column<UInt32>, asciiLeadEnd: Int,
    mergesEqualKeys: Bool, reachLists: [ReachList]
  ) {
    self.mergesEqualKeys = mergesEqualKeys
    self.lcp = lcp
    self.tail = tail
    self.lcpMinima = lcpMinima
    self.runStarts = runStarts
    self.runStartOffsets = runStartOffsets
    self.runLabels = runLabels
    self.firstChildEntries = firstChildEntries
    self.childLabelBits = childLabelBits
    self.lookaheadMasks = lookaheadMasks
    self.pairSets = pairSets
    self.complexBits = complexBits
    self.complexKeys = complexKeys
    self.asciiLeadEnd = asciiLeadEnd
    self.reachLists = reachLists
  }
}

extension IndexStorage {
  /// The segment's ``trimmedOwners``, read and checked (its checksum too) whatever the open checks:
  /// the list is short where data is trimmed, and its numbers pick the items a query reads. `nil`
  /// for a segment whose keys lost whitespace but that was written before the list was stored. (A
  /// forged list that names an item too many costs a match; one too few, a wrong answer that
  /// `DiskIndex.verify(.full)` finds; neither traps.)
  static func trimmedOwners(in segment: SegmentFile, droppedWhitespace: Bool) throws
    -> Column<UInt32>?
  {
    guard segment.sections[Tag.trimmedOwners] != nil else { return droppedWhitespace ? nil : [] }
    let owners = try segment.array(Tag.trimmedOwners, as: UInt32.self)
    let items = UInt64(segment.itemCount)
    guard droppedWhitespace, !owners.isEmpty, zip(owners, owners.dropFirst()).allSatisfy({ $0 < $1 }),
      UInt64(owners[owners.count - 1]) < items
    else {
      throw DiskIndexError.malformed(
        file: segment.name,
        reason:
          "section \(segment.sectionName(Tag.trimmedOwners)) does not list items whose keys lost whitespace")
    }
    return Column(owners)
  }
}
