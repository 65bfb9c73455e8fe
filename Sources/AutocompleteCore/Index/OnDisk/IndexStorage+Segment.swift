/// A built ``IndexStorage`` written into the sections of a ``SegmentFile`` and read back.
///
/// Reading copies each section into the array the search reads (one `memcpy` a section, checked
/// against its checksum: no work per item). The search engine reads Swift arrays, tuned for them;
/// reading the mapped pages in place would make opening O(1) in time and memory but needs the
/// engine to read through buffers — the next step (see Guides/Index.md, "On-disk index").
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
    /// Reach list `k` (1, 2): keys, reaches, classes.
    static func reach(_ k: Int, _ part: Int) -> UInt32 {
      SegmentFile.tag("rl00") &+ UInt32(k) << 16 &+ UInt32(part) << 24
    }
  }

  /// How many sections ``write(to:)`` adds.
  var sectionCount: Int { 13 + (trie.map { 12 + 3 * $0.reachLists.count } ?? 0) }

  /// Adds the storage's arrays to `writer`.
  func write(to writer: inout SegmentFileWriter) {
    writer.add(Tag.bytes, bytes)
    writer.add(Tag.starts, starts)
    writer.add(Tag.owners, owners)
    writer.add(Tag.keyIndexes, keyIndexes)
    writer.add(Tag.forward, forward)
    writer.add(Tag.backward, backward)
    writer.add(Tag.forwardMinima, forwardMinima)
    writer.add(Tag.backwardMinima, backwardMinima)
    writer.add(Tag.ranks, ranks)
    writer.add(Tag.byteCounts, byteCounts.map { Int64($0) })
    writer.add(Tag.masks, masks)
    writer.add(Tag.humps, humps)
    writer.add(
      Tag.scalars,
      [UInt64(primaryCount), UInt64(trie?.asciiLeadEnd ?? 0), UInt64(trie?.reachLists.count ?? 0)])
    guard let trie else { return }
    writer.add(Tag.lcp, trie.lcp)
    writer.add(Tag.tail, trie.tail)
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

  /// The storage written in `segment`, its arrays' sizes checked against its key count.
  init(segment: SegmentFile) throws {
    let keys = segment.keyCount
    let oneKeyEach = keys == segment.itemCount
    let isSorted = segment.flags.contains(.sorted)
    let bytes = try segment.array(Tag.bytes, as: UInt8.self)
    let starts = try segment.array(Tag.starts, as: UInt32.self, count: keys + 1)
    let humps = try segment.array(Tag.humps, as: UInt64.self)
    guard Int(starts[keys]) == bytes.count, humps.count == bytes.count / 64 + 1 || humps.isEmpty else {
      throw DiskIndexError.malformed(file: segment.name, reason: "key sections disagree")
    }
    self.bytes = bytes
    self.starts = starts
    self.humps = humps
    self.owners = try segment.array(Tag.owners, as: UInt32.self, count: oneKeyEach ? 0 : keys)
    self.keyIndexes = try segment.array(Tag.keyIndexes, as: UInt16.self, count: oneKeyEach ? 0 : keys)
    self.forward = try segment.array(Tag.forward, as: UInt32.self, count: isSorted ? keys : 0)
    self.backward = try segment.array(Tag.backward, as: UInt32.self, count: isSorted ? keys : 0)
    let blocks = isSorted ? (keys + Self.blockSize - 1) / Self.blockSize : 0
    self.forwardMinima = try segment.array(Tag.forwardMinima, as: UInt32.self, count: blocks)
    self.backwardMinima = try segment.array(Tag.backwardMinima, as: UInt32.self, count: blocks)
    self.ranks = try segment.array(Tag.ranks, as: UInt32.self, count: keys)
    self.byteCounts = try segment.array(Tag.byteCounts, as: Int64.self, count: 256).map { Int($0) }
    self.masks = try segment.array(Tag.masks, as: UInt32.self, count: keys)
    let scalars = try segment.array(Tag.scalars, as: UInt64.self, count: 3)
    guard scalars[0] <= UInt64(keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "more search texts than keys")
    }
    self.primaryCount = UInt32(scalars[0])
    // Values the engine indexes arrays with, checked in range (a forged file with valid checksums
    // must be an error, not a trap): keys' starts in order, owners among the items, sorted key
    // numbers among the keys.
    let items = UInt32(segment.itemCount)
    guard zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }), self.owners.allSatisfy({ $0 < items }),
      self.forward.allSatisfy({ Int($0) < keys }), self.backward.allSatisfy({ Int($0) < keys })
    else {
      throw DiskIndexError.malformed(file: segment.name, reason: "key tables out of range")
    }
    self.isSorted = isSorted
    self.droppedWhitespace = segment.flags.contains(.droppedWhitespace)
    guard isSorted else {
      self.trie = nil
      return
    }
    let reachListCount = Int(scalars[2])
    guard reachListCount == SortedKeyTrie.largestBudget, scalars[1] <= UInt64(keys) else {
      throw DiskIndexError.malformed(file: segment.name, reason: "trie scalars out of range")
    }
    let runStartOffsets = try segment.array(Tag.runStartOffsets, as: Int64.self).map { Int($0) }
    let runStarts = try segment.array(Tag.runStarts, as: UInt32.self)
    guard runStartOffsets.count == SortedKeyTrie.shallowDepth + 1, runStartOffsets.last == runStarts.count
    else { throw DiskIndexError.malformed(file: segment.name, reason: "trie runs disagree") }
    self.trie = SortedKeyTrie(
      lcp: try segment.array(Tag.lcp, as: UInt8.self, count: keys),
      tail: try segment.array(Tag.tail, as: UInt32.self, count: keys),
      lcpMinima: try segment.array(Tag.lcpMinima, as: UInt8.self, count: blocks),
      runStarts: runStarts,
      runStartOffsets: runStartOffsets,
      runLabels: try segment.array(Tag.runLabels, as: UInt8.self, count: runStarts.count),
      firstChildEntries: try segment.array(Tag.firstChildEntries, as: UInt32.self),
      childLabelBits: try segment.array(Tag.childLabelBits, as: UInt64.self),
      lookaheadMasks: try segment.array(Tag.lookaheadMasks, as: UInt64.self, count: runStarts.count),
      pairSets: try segment.array(Tag.pairSets, as: UInt64.self),
      complexBits: try segment.array(Tag.complexBits, as: UInt64.self, count: (keys + 63) / 64),
      complexKeys: try segment.array(Tag.complexKeys, as: UInt32.self),
      asciiLeadEnd: Int(scalars[1]),
      reachLists: try (1...reachListCount).map { k in
        let listed = try segment.array(Tag.reach(k, 0), as: UInt32.self)
        return SortedKeyTrie.ReachList(
          keys: listed,
          reaches: try segment.array(Tag.reach(k, 1), as: UInt8.self, count: listed.count),
          classes: try segment.array(Tag.reach(k, 2), as: UInt64.self, count: listed.count))
      })
  }
}

extension SortedKeyTrie {
  /// A trie from arrays read back from a segment file.
  init(
    lcp: [UInt8], tail: [UInt32], lcpMinima: [UInt8], runStarts: [UInt32], runStartOffsets: [Int],
    runLabels: [UInt8], firstChildEntries: [UInt32], childLabelBits: [UInt64], lookaheadMasks: [UInt64],
    pairSets: [UInt64], complexBits: [UInt64], complexKeys: [UInt32], asciiLeadEnd: Int,
    reachLists: [ReachList]
  ) {
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
