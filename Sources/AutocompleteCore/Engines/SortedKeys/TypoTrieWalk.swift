/// Finds every key within a typo budget of a query — as a prefix or as a whole — by walking the
/// index's sorted keys as a trie with the optimal-string-alignment rows of ``OSABand``: the
/// Levenshtein-automaton intersection that Lucene's `FuzzyQuery` runs over its term dictionary
/// and Meilisearch over its word FST, here over the sorted key numbers the index already keeps.
///
/// ## What
/// A depth-first walk over ``SortedKeyTrie``: a node is the range of sorted keys sharing a prefix,
/// and stepping to a child (one more scalar) computes the next band row from the node's two rows
/// in O(k). What the rows say:
/// - `D[i][m] ≤ k` at a node: the query is within `k` typos of the node's prefix, so in prefix mode
///   every key below matches with at most that many typos: the node's whole range is recorded at
///   once. Deeper nodes are only visited where they can do better (fewer typos, or the exact kind:
///   a key whose whole text is as close as its best prefix ranks as exact).
/// - A key that ends at a node with `D[i][m] ≤ k` matches in exact mode.
/// - A node whose row minimum exceeds the budget (or, in prefix mode, the best already recorded
///   above it) is left with its whole subtree: rows never get smaller going down.
///
/// The recorded ranges nest like the trie; ``segments()`` flattens them into disjoint sorted ranges,
/// each with its typo count and kind, that the index's top-k over sorted ranges (block minima of
/// ranks) takes the best keys from without visiting every match.
///
/// ## Why this one
/// A scan would compute a distance per key: a million keys per keystroke. The walk's cost grows
/// with the number of trie nodes within the budget of the query's prefixes — the neighbourhood of
/// the query — not with the collection: about the distinct first scalars for one typo (every first
/// character may be the typo), and the distinct two-scalar prefixes for two. Seven things keep a
/// node cheap, or leave it:
/// - Most nodes can only go on with a few scalars: once a child of a scalar absent from the query
///   leads nowhere (its row's minimum is over the bound), a child leads somewhere only through a
///   lane of the row whose pattern cluster it matches (``aliveClusters(_:row:bound:)``). Near the
///   root (nodes of the first ``SortedKeyTrie/shallowDepth`` - 1 bytes) those children are found
///   at once from ``SortedKeyTrie/childLabelBits``: the other children are never looked at.
/// - Otherwise, child runs near the root are read off ``SortedKeyTrie/runStarts`` one entry a
///   child, their first bytes off ``SortedKeyTrie/runLabels``; deeper, by scanning
///   ``SortedKeyTrie/lcp`` eight bytes at a time with block skipping — not by binary searches that
///   miss the cache at every probe.
/// - Children are sorted by lead byte: where a child whose scalar is not in the query leads nowhere,
///   those past the largest query byte within the row's band are never looked at.
/// - Near the root (nodes of up to ``SortedKeyTrie/shallowDepth`` bytes), a node whose keys lack
///   too many of the query's next characters is left before it is walked: a mask per node of the
///   character classes its keys hold in the next eight scalars bounds the typos any key below
///   would need (``lookaheadRulesOut(_:row:bound:entry:depth:)``, where the bound is proven).
/// - Nodes of two and three bytes — many keys each, whose masks hold most classes — keep the pairs
///   of neighbouring classes too (``SortedKeyTrie/pairSets``): a lane with at most one typo left
///   needs most of the query's next pairs, since each typo breaks at most three
///   (``pairsRuleOut(column:left:level:entry:)``, where that bound is proven). On the
///   benchmark's two-typo queries this leaves 876 expanded nodes at 345.
/// - The children of scalars absent from the query all get the same row, so the lanes their
///   lookahead test checks are found once per node, with the classes of each lane's window
///   (``screenLanes(of:row:bound:)``): a child whose mask lacks too many of those classes is passed
///   over with a few word operations, never visited — most of the children of the nodes near the
///   root, on the benchmark's two-typo queries about 1,200 of 2,150 visits.
/// - A node of at most ``smallNode`` keys is followed key by key (``follow(_:from:)``), each byte
///   from ``SortedKeyTrie/tail`` while it holds it: finding the children of so small a node would
///   cost more than reading on.
///
/// Keys whose clusters are not single scalars (``SortedKeyTrie/complexKeys``) are skipped by the walk
/// and matched one by one with ``TypoMatcher``: the walk steps by scalars.
///
/// ## Cost
/// About twenty word operations per stepped child (``OSABand``), a few per node for the children
/// that can lead somewhere, one `lcp` byte read per key (eight at a time) in the deeper nodes that
/// still scan, a random read of a key's bytes where ``SortedKeyTrie/tail`` does not hold them.
/// Memory: the stack of frames and the recorded ranges, both proportional to the nodes visited. On
/// the embedded cities (174,000 keys) a two-typo query of the benchmark corpus takes about 810,000
/// instructions for the whole search; 1.0 million without the screen of absent children, 1.1
/// million without the pair sets either, 2.5 million without the lookahead masks, 4.8 million when
/// every child up to the band's largest byte was looked at.
struct TypoTrieWalk {
  /// The arrays the walk reads, as pointers (``SortedKeyTrie`` and the index storage's).
  let lcp: UnsafePointer<UInt8>
  let tail: UnsafePointer<UInt32>
  let lcpMinima: UnsafePointer<UInt8>
  let runStarts: UnsafePointer<UInt32>
  let runLabels: UnsafePointer<UInt8>
  let firstChildEntries: UnsafePointer<UInt32>?
  let childLabelBits: UnsafePointer<UInt64>?
  let lookaheadMasks: UnsafePointer<UInt64>
  let pairSets: UnsafePointer<UInt64>
  /// Per depth of ``SortedKeyTrie/pairSetDepths``: where its pair sets start in
  /// ``SortedKeyTrie/pairSets``, its first entry in ``SortedKeyTrie/runStarts``, and the words each
  /// bit of its sets takes there.
  let pairSetStarts: [(start: Int, entry: Int, stride: Int)]
  /// The pattern's character classes and pairs of them, checked against
  /// ``SortedKeyTrie/lookaheadMasks`` and ``SortedKeyTrie/pairSets``.
  let classes: PatternClasses
  let runStartOffsets: [Int]
  /// ``SortedKeyTrie/mergesEqualKeys``: how many entries the keys ending at a node take.
  let mergesEqualKeys: Bool
  let forward: UnsafePointer<UInt32>
  let starts: UnsafePointer<UInt32>
  let bytes: UnsafePointer<UInt8>
  /// The number of ``bytes``: no read goes past them, even where a forged file's `lcp` or `tail`
  /// say a key goes on (see SortedKeyTrie+Structure).
  let byteCount: Int
  /// The end of the root's range of sorted positions: every key, or the keys the walk covers.
  let rootEnd: Int
  let asciiIDs: UnsafePointer<Int32>
  /// The pattern's cluster numbers, in order (``TypoPattern/ids``).
  let ids: [Int32]
  /// Per cluster number, its byte when it is one ASCII byte (``TypoPattern/asciiBytesByID``).
  let asciiBytes: [UInt8]
  let pattern: TypoPattern
  let band: OSABand
  /// Prefix mode (`true`) or exact mode.
  let isPrefix: Bool
  /// Sorted, disjoint ranges of sorted positions outside of which nothing can match (see
  /// ``TypoScope``), or `nil`.
  let allowed: [Range<Int>]?
  /// Per row `i`: the largest lead byte of the pattern clusters a key's `i`-th cluster can pair
  /// with (those `i - k - 2 ..< i + k`, by match or swap), 0xFF when one of them is not ASCII. A
  /// child whose lead byte is larger gets the row of an absent cluster, so where that row leads
  /// nowhere, the children after it (sorted by lead byte) are left unseen.
  let windowTops: [UInt8]
  /// The lanes of the row of a node's children of absent scalars, as ``expand(_:into:)`` screens
  /// those children with (``screenAdmits(_:count:)``): per lane, the classes of its window's
  /// pattern clusters and the typos it has left. Room for every lane of the largest budget.
  let screen = UnsafeMutablePointer<(classes: UInt64, left: Int)>.allocate(
    capacity: 2 * SortedKeyTrie.largestBudget + 1)
  private(set) var records: [Record] = []

  /// The flattened records (``segments()``) of a walk over `trie` for `pattern` (whose classes are
  /// `classes`), over the sorted positions before `rootEnd` (all of them by default).
  /// - Throws: `CancellationError` when the task is cancelled.
  static func segments(
    trie: SortedKeyTrie, forward: Column<UInt32>, starts: Column<UInt32>, bytes: Column<UInt8>,
    pattern: TypoPattern,
    classes: PatternClasses, isPrefix: Bool, rootEnd: Int? = nil, within allowed: [Range<Int>]? = nil
  ) throws -> [Record] {
    guard !forward.isEmpty else { return [] }
    return try trie.withPointers { trie in
      try forward.withUnsafeBufferPointer { forward in
        try starts.withUnsafeBufferPointer { starts in
          try bytes.withUnsafeBufferPointer { bytes in
            try pattern.withBand { band in
              try pattern.asciiIDs.withUnsafeBufferPointer { asciiIDs in
                var walk = TypoTrieWalk(
                  trie: trie, forward: forward.baseAddress!, starts: starts.baseAddress!,
                  bytes: bytes.baseAddress!, byteCount: bytes.count, rootEnd: rootEnd ?? forward.count,
                  asciiIDs: asciiIDs.baseAddress!,
                  pattern: pattern, classes: classes, band: band, isPrefix: isPrefix, allowed: allowed)
                defer { walk.deallocate() }
                try walk.run()
                return walk.segments()
              }
            }
          }
        }
      }
    }
  }

  private init(
    trie: SortedKeyTrie.Pointers, forward: UnsafePointer<UInt32>, starts: UnsafePointer<UInt32>,
    bytes: UnsafePointer<UInt8>, byteCount: Int, rootEnd: Int, asciiIDs: UnsafePointer<Int32>,
    pattern: TypoPattern,
    classes: PatternClasses, band: OSABand, isPrefix: Bool, allowed: [Range<Int>]?
  ) {
    self.allowed = allowed
    self.lcp = trie.lcp
    self.tail = trie.tail
    self.lcpMinima = trie.lcpMinima
    self.runStarts = trie.runStarts
    self.runLabels = trie.runLabels
    self.firstChildEntries = trie.firstChildEntries
    self.childLabelBits = trie.childLabelBits
    self.lookaheadMasks = trie.lookaheadMasks
    self.pairSets = trie.pairSets
    self.pairSetStarts = SortedKeyTrie.pairSetDepths.map {
      (
        SortedKeyTrie.pairSetStart(depth: $0, runStartOffsets: trie.runStartOffsets),
        trie.runStartOffsets[$0 - 1],
        SortedKeyTrie.pairSetStride(depth: $0, runStartOffsets: trie.runStartOffsets)
      )
    }
    self.classes = classes
    self.runStartOffsets = trie.runStartOffsets
    self.mergesEqualKeys = trie.mergesEqualKeys
    self.forward = forward
    self.starts = starts
    self.bytes = bytes
    self.byteCount = byteCount
    self.rootEnd = rootEnd
    self.asciiIDs = asciiIDs
    self.pattern = pattern
    self.band = band
    self.ids = pattern.ids
    self.asciiBytes = pattern.asciiBytesByID
    self.isPrefix = isPrefix
    // One allocation, not one per doubling: a one-typo walk records a few dozen ranges.
    records.reserveCapacity(64)
    let k = pattern.budget
    self.windowTops = (0...(pattern.count + k + 1)).map { i in
      var top: UInt8 = 0
      for index in max(0, i - k - 2)..<max(0, min(pattern.count, i + k)) {
        let start = pattern.starts[index]
        if pattern.starts[index + 1] - start > 1 || pattern.bytes[start] >= 0x80 { return 0xFF }
        top = max(top, pattern.bytes[start])
      }
      return top
    }
  }

  /// Frees the walk's buffer.
  func deallocate() { screen.deallocate() }

  /// Walks the keys, filling ``records``; throws `CancellationError` when the task is cancelled.
  mutating func run() throws {
    let k = pattern.budget
    var root = Frame(
      range: 0..<rootEnd, depth: 0, row: 0, last: band.firstRow, before: band.emptyRow,
      previous: TypoPattern.absent,
      best: band.infinity)
    let rootDistance = band.distance(root.last, row: 0)
    if isPrefix && rootDistance <= k {
      records.append(Record(range: 0..<rootEnd, typos: rootDistance, kind: .prefix))
      root.best = rootDistance
    }
    if rootDistance <= k { recordTerminals(in: 0..<rootEnd, depth: 0, typos: rootDistance, best: root.best) }
    var stack = FrameStack()
    defer { stack.deallocate() }
    stack.push(root)
    var expanded = 0
    while let frame = stack.pop() {
      expanded += 1
      if expanded & 1023 == 0, Task.isCancelled { throw CancellationError() }
      expand(frame, into: &stack)
    }
  }

  /// Records the keys of `range` that end at `depth` (they sort first) as exact matches, when they
  /// are within the budget and, in prefix mode, as close as their best prefix.
  private mutating func recordTerminals(in range: Range<Int>, depth: Int, typos: Int, best: Int) {
    guard !isPrefix || typos == best else { return }
    var end = range.lowerBound
    while end < range.upperBound && ends(at: end, depth) { end += 1 }
    if end > range.lowerBound {
      records.append(Record(range: range.lowerBound..<end, typos: typos, kind: .exact))
    }
  }

  /// The most a node's row may hold for the walk to go below it: the budget, or in prefix mode the
  /// fewest typos already recorded above it (only better matches, or exact ones as close, are left
  /// to find).
  @inline(__always)
  private func bound(best: Int) -> Int {
    isPrefix ? min(pattern.budget, best) : pattern.budget
  }

  private mutating func expand(_ frame: Frame, into stack: inout FrameStack) {
    if frame.range.count <= Self.smallNode {
      for position in frame.range { follow(position, from: frame) }
      return
    }
    let d = frame.depth
    let i = frame.row + 1
    let end = frame.range.upperBound
    let bound = self.bound(best: frame.best)
    // A child whose scalar is not in the query gets this row; when it can neither be recorded nor
    // lead anywhere (its minimum is over the bound), such children are skipped unseen.
    let absentRow = band.step(
      frame.before, frame.last, row: i, cluster: TypoPattern.absent, previous: frame.previous)
    let skipsAbsent = band.minimum(absentRow) > bound
    // Where children of absent scalars lead nowhere, only those of the scalars that can lead
    // somewhere are visited — none, past the end of the query.
    let alive = skipsAbsent ? aliveClusters(frame, row: i, bound: bound) : ~0
    if alive == 0 { return }
    // Past this lead byte, every child is absent.
    let top = skipsAbsent ? windowTops[min(i, windowTops.count - 1)] : 0xFF
    var position = frame.range.lowerBound
    while position < end && ends(at: position, d) { position += 1 }
    // Near the root, the one-byte children's ends come from the run starts of depth `d + 1`: the
    // entry of the first child, then one entry a child.
    var cursor = -1
    if d > 0 && frame.entry >= 0 && position < end, let firstChildEntries {
      // The node's first child's entry, past the keys that end at the node: one entry for them all
      // (equal keys share a run), or one each in a trie of the first format.
      let ended = position - frame.range.lowerBound
      cursor = Int(firstChildEntries[Int(frame.entry)]) + (mergesEqualKeys ? min(ended, 1) : ended)
    } else if d < SortedKeyTrie.shallowDepth && position < end {
      // A branch-free lower bound (the last entry, the key count, is past every position).
      var first = runStartOffsets[d]
      var count = runStartOffsets[d + 1] - first
      while count > 1 {
        let half = count / 2
        first = Int(runStarts[first + half - 1]) < position ? first + half : first
        count -= half
      }
      cursor = first
    }
    // Near the root, the children of the scalars that can lead somewhere are found at once with the
    // node's child label bits.
    if skipsAbsent && cursor >= 0 && frame.entry >= 0 && pattern.count <= 64
      && alive & pattern.wideIDMask == 0,
      let childLabelBits
    {
      let bits = (childLabelBits[2 * Int(frame.entry)], childLabelBits[2 * Int(frame.entry) + 1])
      var remaining = alive
      while remaining != 0 {
        let cluster = Int32(truncatingIfNeeded: remaining.trailingZeroBitCount)
        remaining &= remaining &- 1
        let lead = asciiBytes[Int(cluster)]
        let word = lead < 64 ? bits.0 : bits.1
        let bit = UInt64(1) &<< UInt64(lead & 63)
        guard word & bit != 0 else { continue }
        let entry = cursor + (lead < 64 ? 0 : bits.0.nonzeroBitCount) + (word & (bit &- 1)).nonzeroBitCount
        let range = Int(runStarts[entry])..<min(Int(runStarts[entry + 1]), end)
        visit(
          range, depth: d + 1, cluster: cluster, absentRow: absentRow, below: frame,
          entry: Int32(truncatingIfNeeded: entry), into: &stack)
      }
      return
    }
    // Children led by one byte, one entry each: their first bytes are the entries' labels.
    if cursor >= 0 {
      let screened = skipsAbsent ? 0 : screenLanes(of: absentRow, row: i, bound: bound)
      while position < end {
        let lead = runLabels[cursor]
        // Children are sorted by their first byte: past ASCII, none is in an ASCII query.
        if lead > top { return }
        // Children of several bytes sort last, and their ends are not all run starts of `d + 1`.
        if lead >= 0x80 { break }
        let entry = cursor
        cursor += 1
        let runEnd = min(Int(runStarts[cursor]), end)
        let cluster = asciiIDs[Int(lead)]
        if Self.mayLead(cluster, alive: alive, skipsAbsent: skipsAbsent)
          && (cluster != TypoPattern.absent || screened == 0
            || screenAdmits(lookaheadMasks[entry], count: screened))
        {
          visit(
            position..<runEnd, depth: d + 1, cluster: cluster, absentRow: absentRow, below: frame,
            entry: Int32(truncatingIfNeeded: entry), into: &stack)
        }
        position = runEnd
      }
    }
    var lead: UInt8 = 0
    var isFirst = true
    while position < end {
      // The child's first byte; a key parting from the previous one deeper than `d` shares the
      // previous child's.
      let shared = Int(lcp[position])
      if shared <= d || isFirst || shared == SortedKeyTrie.lcpCap {
        lead = byte(at: position, d)
      }
      isFirst = false
      // Children are sorted by their first byte: past ASCII, none is in an ASCII query.
      if lead > top { return }
      let (length, cluster) = scalar(leadBy: lead, at: position, d)
      let runEnd = self.runEnd(from: position, below: end, sharing: d + length)
      if Self.mayLead(cluster, alive: alive, skipsAbsent: skipsAbsent) {
        visit(
          position..<runEnd, depth: d + length, cluster: cluster, absentRow: absentRow, below: frame,
          entry: -1, into: &stack)
      }
      position = runEnd
    }
  }

  /// Steps from `frame`'s node to its child `range` at `depth` (led by a scalar of number
  /// `cluster`; `entry`, its entry in ``SortedKeyTrie/runStarts`` or -1), records what matches
  /// there and stacks the child when it can lead further (and its lookahead mask, when it has an
  /// entry, does not rule it out).
  @inline(__always)
  private mutating func visit(
    _ range: Range<Int>, depth: Int, cluster: Int32, absentRow: OSABand.Row, below frame: Frame, entry: Int32,
    into stack: inout FrameStack
  ) {
    let k = pattern.budget
    let i = frame.row + 1
    if let allowed, !Self.overlaps(allowed, range) { return }
    let row =
      cluster == TypoPattern.absent
      ? absentRow : band.step(frame.before, frame.last, row: i, cluster: cluster, previous: frame.previous)
    let distance = band.distance(row, row: i)
    var best = frame.best
    if isPrefix && distance <= k && distance < best {
      records.append(Record(range: range, typos: distance, kind: .prefix))
      best = distance
    }
    if distance <= k { recordTerminals(in: range, depth: depth, typos: distance, best: best) }
    let bound = self.bound(best: best)
    if band.minimum(row) <= bound
      && !(entry >= 0 && lookaheadRulesOut(row, row: i, bound: bound, entry: entry, depth: depth))
    {
      stack.push(
        Frame(
          range: range, depth: depth, row: i, last: row, before: frame.last, previous: cluster,
          best: best, entry: depth < SortedKeyTrie.shallowDepth ? entry : -1))
    }
  }

  /// The most keys a node may have for the walk to follow each on its own (``follow(_:from:)``)
  /// instead of finding its children: deep in the trie most nodes are a few keys long.
  static let smallNode = 2

  /// Walks on along the key at sorted `position` below `frame`'s node, one scalar at a time, with
  /// the records and bounds of ``expand(_:into:)``: what the walk would do below a node of that key
  /// alone, without looking for children.
  private mutating func follow(_ position: Int, from frame: Frame) {
    let k = pattern.budget
    var depth = frame.depth
    var i = frame.row
    var (last, before, previous, best) = (frame.last, frame.before, frame.previous, frame.best)
    // The key's bytes are a random read (three, with its number and start): the next few come
    // from `tail` while they can.
    var lead = sharedByte(at: position, depth)
    // Each key is followed by the 0xFF separator.
    while lead != 0xFF {
      let (length, cluster) = scalar(leadBy: lead, at: position, depth)
      i += 1
      depth += length
      let row = band.step(before, last, row: i, cluster: cluster, previous: previous)
      let distance = band.distance(row, row: i)
      if isPrefix && distance <= k && distance < best {
        records.append(Record(range: position..<(position + 1), typos: distance, kind: .prefix))
        best = distance
      }
      let minimum = band.minimum(row)
      // The next byte is needed to see whether the key ends here, or to go on.
      if distance > k && minimum > bound(best: best) { return }
      lead = sharedByte(at: position, depth)
      if distance <= k && lead == 0xFF && (!isPrefix || distance == best) {
        records.append(Record(range: position..<(position + 1), typos: distance, kind: .exact))
      }
      if minimum > bound(best: best) { return }
      (before, last, previous) = (last, row, cluster)
    }
  }

}
