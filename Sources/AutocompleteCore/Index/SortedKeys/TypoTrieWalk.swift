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
  /// A range of sorted positions with how its keys match.
  struct Record {
    var range: Range<Int>
    var typos: Int
    var kind: MatchKind

    /// Whether this record's keys rank before `other`'s.
    func isBetter(than other: Record) -> Bool {
      if (typos == 0) != (other.typos == 0) { return typos == 0 }
      if kind != other.kind { return kind < other.kind }
      return typos < other.typos
    }
  }

  /// A node waiting to be expanded, in 32 bytes.
  private struct Frame {
    private var lower: UInt32
    private var upper: UInt32
    private var byteDepth: UInt32
    private var rowIndex: UInt32
    var last: OSABand.Row
    var before: OSABand.Row
    var previous: Int32
    /// The node's entry in ``SortedKeyTrie/runStarts`` (of its depth), or -1.
    var entry: Int32
    /// The fewest typos recorded at or above the node (``OSABand/infinity`` for none).
    var best: Int

    init(
      range: Range<Int>, depth: Int, row: Int, last: OSABand.Row, before: OSABand.Row, previous: Int32,
      best: Int, entry: Int32 = -1
    ) {
      lower = UInt32(truncatingIfNeeded: range.lowerBound)
      upper = UInt32(truncatingIfNeeded: range.upperBound)
      byteDepth = UInt32(truncatingIfNeeded: depth)
      rowIndex = UInt32(truncatingIfNeeded: row)
      (self.last, self.before, self.previous, self.entry, self.best) = (last, before, previous, entry, best)
    }

    /// The node's sorted positions.
    var range: Range<Int> { Int(lower)..<Int(upper) }
    /// The bytes its keys share.
    var depth: Int { Int(byteDepth) }
    /// The band row of its last scalar: how many scalars its keys share.
    var row: Int { Int(rowIndex) }
  }

  /// The frames waiting to be expanded: a buffer the walk grows itself, without an array's checks
  /// on each of the thousands of pushes of a two-typo walk. ``deallocate()`` frees it.
  private struct FrameStack {
    private var base = UnsafeMutablePointer<Frame>.allocate(capacity: 64)
    private var capacity = 64
    private var count = 0

    mutating func push(_ frame: Frame) {
      if count == capacity {
        let larger = UnsafeMutablePointer<Frame>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        (base, capacity) = (larger, 2 * capacity)
      }
      (base + count).initialize(to: frame)
      count += 1
    }

    mutating func pop() -> Frame? {
      guard count > 0 else { return nil }
      count -= 1
      return (base + count).move()
    }

    func deallocate() { base.deallocate() }
  }

  /// The arrays the walk reads, as pointers (``SortedKeyTrie`` and the index storage's).
  private let lcp: UnsafePointer<UInt8>
  private let tail: UnsafePointer<UInt32>
  private let lcpMinima: UnsafePointer<UInt8>
  private let runStarts: UnsafePointer<UInt32>
  private let runLabels: UnsafePointer<UInt8>
  private let firstChildEntries: UnsafePointer<UInt32>?
  private let childLabelBits: UnsafePointer<UInt64>?
  private let lookaheadMasks: UnsafePointer<UInt64>
  private let pairSets: UnsafePointer<UInt64>
  /// Per depth of ``SortedKeyTrie/pairSetDepths``: where its pair sets start in
  /// ``SortedKeyTrie/pairSets``, its first entry in ``SortedKeyTrie/runStarts``, and the words each
  /// bit of its sets takes there.
  private let pairSetStarts: [(start: Int, entry: Int, stride: Int)]
  /// The pattern's character classes and pairs of them, checked against
  /// ``SortedKeyTrie/lookaheadMasks`` and ``SortedKeyTrie/pairSets``.
  private let classes: PatternClasses
  private let runStartOffsets: [Int]
  private let forward: UnsafePointer<UInt32>
  private let starts: UnsafePointer<UInt32>
  private let bytes: UnsafePointer<UInt8>
  /// The number of ``bytes``: no read goes past them, even where a forged file's `lcp` or `tail`
  /// say a key goes on (see SortedKeyTrie+Structure).
  private let byteCount: Int
  /// The end of the root's range of sorted positions: every key, or the keys the walk covers.
  private let rootEnd: Int
  private let asciiIDs: UnsafePointer<Int32>
  /// The pattern's cluster numbers, in order (``TypoPattern/ids``).
  private let ids: [Int32]
  /// Per cluster number, its byte when it is one ASCII byte (``TypoPattern/asciiBytesByID``).
  private let asciiBytes: [UInt8]
  private let pattern: TypoPattern
  private let band: OSABand
  /// Prefix mode (`true`) or exact mode.
  private let isPrefix: Bool
  /// Sorted, disjoint ranges of sorted positions outside of which nothing can match (see
  /// ``TypoScope``), or `nil`.
  private let allowed: [Range<Int>]?
  /// Per row `i`: the largest lead byte of the pattern clusters a key's `i`-th cluster can pair
  /// with (those `i - k - 2 ..< i + k`, by match or swap), 0xFF when one of them is not ASCII. A
  /// child whose lead byte is larger gets the row of an absent cluster, so where that row leads
  /// nowhere, the children after it (sorted by lead byte) are left unseen.
  private let windowTops: [UInt8]
  /// The lanes of the row of a node's children of absent scalars, as ``expand(_:into:)`` screens
  /// those children with (``screenAdmits(_:count:)``): per lane, the classes of its window's
  /// pattern clusters and the typos it has left. Room for every lane of the largest budget.
  private let screen = UnsafeMutablePointer<(classes: UInt64, left: Int)>.allocate(
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

  /// The byte at `depth` of the key at sorted `position` (0xFF where the key ends), given that
  /// `depth` is not below the key's `lcp`: from ``SortedKeyTrie/tail`` when it holds it, else from
  /// the key's bytes (each key is followed by the 0xFF separator).
  @inline(__always)
  private func byte(at position: Int, _ depth: Int) -> UInt8 {
    let offset = depth &- Int(lcp[position])
    if offset >= 0 && offset < 4 && lcp[position] < SortedKeyTrie.lcpCap {
      return UInt8(truncatingIfNeeded: tail[position] >> UInt32(8 * offset))
    }
    let index = Int(starts[Int(forward[position])]) &+ depth
    return index < byteCount ? bytes[index] : 0xFF
  }

  /// The byte at `depth` of the key at sorted `position`, for any depth: keys before it that share
  /// more than `depth` bytes with it have the same byte there, so it is read from the first of them,
  /// where ``SortedKeyTrie/tail`` is more likely to hold it (the walk stays within a node, whose first
  /// key shares fewer bytes with the one before).
  @inline(__always)
  private func sharedByte(at position: Int, _ depth: Int) -> UInt8 {
    var first = position
    while first > 0 && Int(lcp[first]) > depth && lcp[first] < SortedKeyTrie.lcpCap { first -= 1 }
    return byte(at: first, depth)
  }

  /// The length and pattern cluster number of the scalar led by `lead` at `depth` of the key at
  /// sorted `position`: a wide scalar's bytes are read only when the pattern has wide scalars.
  @inline(__always)
  private func scalar(leadBy lead: UInt8, at position: Int, _ depth: Int) -> (length: Int, cluster: Int32) {
    if lead < 0x80 { return (1, asciiIDs[Int(lead)]) }
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard pattern.hasWideScalars else { return (length, TypoPattern.absent) }
    let start = Int(starts[Int(forward[position])]) + depth
    guard start + length <= byteCount else { return (length, TypoPattern.absent) }
    return (length, pattern.wideID(of: UnsafeBufferPointer(start: bytes + start, count: length)))
  }

  /// Whether the key at sorted `position`, which shares `depth` bytes with its node, ends there.
  @inline(__always)
  private func ends(at position: Int, _ depth: Int) -> Bool {
    let shared = Int(lcp[position])
    // Sharing more than `depth` bytes with the previous key, it is longer than `depth`.
    if shared > depth && shared < SortedKeyTrie.lcpCap { return false }
    return byte(at: position, depth) == 0xFF
  }

  /// The end of the run from `start` (below `end`) whose keys share their first `depth` bytes: the
  /// first later position whose `lcp` is below `depth`, skipping blocks whose minimum is not and
  /// testing eight `lcp` bytes at a time in between.
  @inline(__always)
  private func runEnd(from start: Int, below end: Int, sharing depth: Int) -> Int {
    guard depth <= SortedKeyTrie.lcpCap else {
      return Self.slowRunEnd(
        from: start, below: end, sharing: depth, bytes: bytes, byteCount: byteCount, starts: starts,
        forward: forward)
    }
    let threshold = UInt8(truncatingIfNeeded: depth)
    var position = start + 1
    guard depth <= 128 else {
      while position < end && lcp[position] >= threshold { position += 1 }
      return position
    }
    while position < end && position & 7 != 0 {
      if lcp[position] < threshold { return position }
      position += 1
    }
    let blockSize = SortedKeyTrie.blockSize
    // A byte of `word` is below the threshold when its subtraction borrows without its top bit set
    // (exact for the lowest such byte, the one wanted; thresholds up to 128).
    let subtrahend = 0x0101_0101_0101_0101 &* UInt64(threshold)
    while position + 8 <= end {
      if position & (blockSize - 1) == 0 && position + blockSize <= end
        && lcpMinima[position / blockSize] >= threshold
      {
        position += blockSize
        continue
      }
      let word = UInt64(littleEndian: UnsafeRawPointer(lcp + position).loadUnaligned(as: UInt64.self))
      let below = (word &- subtrahend) & ~word & 0x8080_8080_8080_8080
      if below != 0 { return position + below.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < end {
      if lcp[position] < threshold { return position }
      position += 1
    }
    return end
  }

  /// ``runEnd(from:below:sharing:)`` past the `lcp` cap: comparing the keys' bytes. Static, so that
  /// calling it from ``expand(_:into:)`` does not copy the walk.
  private static func slowRunEnd(
    from start: Int, below end: Int, sharing depth: Int, bytes: UnsafePointer<UInt8>, byteCount: Int,
    starts: UnsafePointer<UInt32>,
    forward: UnsafePointer<UInt32>
  ) -> Int {
    let first = Int(starts[Int(forward[start])])
    guard first + depth <= byteCount else { return start + 1 }
    var position = start + 1
    while position < end {
      let other = Int(starts[Int(forward[position])])
      guard other + depth <= byteCount, memcmpFast(bytes + first, bytes + other, depth) else { break }
      position += 1
    }
    return position
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
      // The node's first child's entry, one entry further per key that ends at the node.
      cursor = Int(firstChildEntries[Int(frame.entry)]) + (position - frame.range.lowerBound)
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

  /// Fills ``screen`` with the lanes of `absentRow` — the row every child of a scalar absent from
  /// the pattern gets at row `i` — that the lookahead test of such a child
  /// (``lookaheadRulesOut(_:row:bound:entry:depth:)``) would check, and returns how many; 0 when no
  /// screen applies: where the row is within the budget (a child records it, and its bound may
  /// change), or where a lane's window has no pattern cluster tracked (it admits every child).
  ///
  /// A child whose lookahead mask lacks more than a lane's typos left of the classes of the lane's
  /// window lacks at least as many of the window's clusters, so that lane cannot keep it; a child no
  /// lane keeps is one the lookahead test leaves. Screening the children against these few words
  /// before visiting them spares most of their visits: a node's children of absent scalars are most
  /// of its children, and most of those are left by their masks.
  @inline(__always)
  private func screenLanes(of absentRow: OSABand.Row, row i: Int, bound: Int) -> Int {
    let k = pattern.budget
    if band.distance(absentRow, row: i) <= k { return 0 }
    var lanes = (absentRow &>> UInt32(truncatingIfNeeded: 8 &* bound)) & band.validLanes(row: i)
    var count = 0
    while lanes != 0 {
      let t = lanes.trailingZeroBitCount
      lanes &= lanes &- 1
      let window = classes.windowClasses(from: i &+ t &- k)
      if window == 0 { return 0 }
      screen[count] = (window, Self.typosLeft(absentRow, lane: t, bound: bound))
      count &+= 1
    }
    return count
  }

  /// Whether a child of an absent scalar whose lookahead mask is `mask` may pass its lookahead
  /// test, by the first `count` lanes of ``screen`` (``screenLanes(of:row:bound:)``).
  @inline(__always)
  private func screenAdmits(_ mask: UInt64, count: Int) -> Bool {
    for index in 0..<count {
      let (window, left) = screen[index]
      var missing = window & ~mask
      // At most `left` (0, 1 or 2) classes missing: clear the lowest `left` bits.
      if left > 0 { missing &= missing &- 1 }
      if left > 1 { missing &= missing &- 1 }
      if missing == 0 { return true }
    }
    return false
  }

  /// The typos lane `t` of `row` has left under `bound` (`bound - D[i][j]`), given that it is
  /// within it: how many of the row's bytes below `bound` hold it, summed into byte 2 (at most two
  /// bytes, no carries).
  @inline(__always)
  private static func typosLeft(_ row: OSABand.Row, lane t: Int, bound: Int) -> Int {
    let below: UInt32 = (1 &<< UInt32(truncatingIfNeeded: 8 &* bound)) &- 1
    let bits = (row &>> UInt32(truncatingIfNeeded: t)) & 0x0001_0101 & below
    return Int(truncatingIfNeeded: ((bits &* 0x0001_0101) &>> 16) & 0xFF)
  }

  /// Whether a child led by a scalar of number `cluster` may be recorded or lead anywhere, given
  /// the node's ``aliveClusters(_:row:bound:)`` and whether an absent scalar's child is skipped.
  @inline(__always)
  private static func mayLead(_ cluster: Int32, alive: UInt64, skipsAbsent: Bool) -> Bool {
    cluster == TypoPattern.absent ? !skipsAbsent : cluster >= 64 || alive & (1 &<< UInt64(cluster)) != 0
  }

  /// The numbers of the pattern clusters whose child of `frame`'s node (at row `i`) can lead
  /// somewhere when an absent scalar's cannot: a bit per number below 64 (every number of a pattern
  /// of at most 64 clusters). Such a child's row can only be within `bound` through a term an absent
  /// scalar's lacks (see ``OSABand``): a lane of `R_bound` whose pattern cluster it matches, or a
  /// swap. A swap needs no bit of its own: where key clusters `a_(i-1) a_i` are pattern clusters
  /// `b_j b_(j-1)` swapped from `D[i-2][j-2] ≤ bound - 1`, the key's extra `a_(i-1)` gives
  /// `D[i-1][j-2] ≤ bound`, a lane of `R_bound` whose pattern cluster `b_(j-1)` is `a_i`. The terms
  /// every child shares, and the steps that carry bits to larger typo counts, cannot bring a row's
  /// minimum back within the bound.
  @inline(__always)
  private func aliveClusters(_ frame: Frame, row i: Int, bound: Int) -> UInt64 {
    let k = pattern.budget
    let valid = band.validLanes(row: i)
    var alive: UInt64 = 0
    // Lane t of row i compares pattern cluster i + t - k - 1.
    var lanes = (frame.last &>> UInt32(truncatingIfNeeded: 8 &* bound)) & valid
    while lanes != 0 {
      let index = i &+ lanes.trailingZeroBitCount &- k &- 1
      lanes &= lanes &- 1
      if index >= 0 && index < pattern.count { alive |= 1 &<< UInt64(truncatingIfNeeded: ids[index] & 63) }
    }
    return alive
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

  /// Whether no key below the node of `entry` (at row `i`) can be within `bound` of the pattern,
  /// by the node's lookahead mask (``SortedKeyTrie/lookaheadMasks``): the classes its keys hold in
  /// the `W` = ``SortedKeyTrie/lookaheadWidth`` scalars after its prefix, key clusters `i ..< i + W`.
  ///
  /// A lower bound, for lane `j` of the row: `D[i][j]` plus the number of pattern clusters among
  /// `j ..< j + W - 1` whose class the mask lacks. Each of those is substituted or deleted (a typo
  /// of its own), or paired (matched, or swapped) with a key cluster past the window. The key's
  /// `W` clusters of the window all pair before the first such cluster `p`, with a pattern cluster
  /// of `j ..< p` or none (an extra key cluster, a typo) — or, when `p` is swapped, but one: so
  /// `W ≤ (p - j) + extras + 1`, and the clusters from `p` on, at most `j + W - 1 - p ≤ extras`,
  /// are no more than the extra key clusters. Any way to a key within `bound` passes through some
  /// cell `(i, j)` with a cost of at least this bound, or swaps across row `i` from
  /// `D[i-1][j-1]` — then lane `j + 1` bounds it: `D[i][j+1] ≤ D[i-1][j-1] + 1`, and from
  /// `(i + 1, j + 1)` the window is `W - 1` clusters long, as many as the pattern clusters counted.
  /// The node is left when every lane's bound is over `bound`. Cost: a few word operations per
  /// lane; on the benchmark's two-typo queries over the embedded cities it leaves about three
  /// quarters of the nodes of depths 2 to 4 unwalked (in a simulation of the walk).
  @inline(__always)
  private func lookaheadRulesOut(_ row: OSABand.Row, row i: Int, bound: Int, entry: Int32, depth: Int) -> Bool
  {
    let absent = classes.positions(missingFrom: lookaheadMasks[Int(entry)])
    let level = depth &- SortedKeyTrie.pairSetDepths.lowerBound
    let hasPairs = SortedKeyTrie.pairSetDepths.contains(depth)
    if absent == 0 && !hasPairs { return false }
    let k = pattern.budget
    let window: UInt64 = (1 &<< UInt64(SortedKeyTrie.lookaheadWidth - 1)) &- 1
    // Each lane within the bound once (byte `bound` of the row).
    var lanes = (row &>> UInt32(truncatingIfNeeded: 8 &* bound)) & band.validLanes(row: i)
    while lanes != 0 {
      let t = lanes.trailingZeroBitCount
      lanes &= lanes &- 1
      let j = i &+ t &- k
      let left = Self.typosLeft(row, lane: t, bound: bound)
      // Each of the window's pattern clusters whose class is absent is a typo. Positions past the
      // first 64 are not tracked: none counts as absent there.
      let absentInWindow = j < 64 ? ((absent &>> UInt64(truncatingIfNeeded: j)) & window).nonzeroBitCount : 0
      if absentInWindow <= left
        && !(hasPairs && pairsRuleOut(column: j, left: left, level: level, entry: entry))
      {
        return false
      }
    }
    return true
  }

  /// Whether a lane of pattern column `j` with `c` = `left` typos left can lead to no key below
  /// the node of `entry`, at level `level` of ``SortedKeyTrie/pairSetDepths``, by the node's pair
  /// set (``SortedKeyTrie/pairSets``): the pairs of neighbouring character classes its keys hold in
  /// the `W` = ``SortedKeyTrie/lookaheadWidth`` key clusters `i + 1 ... i + W` after its prefix
  /// (1-based).
  ///
  /// Take the `L = W - 1 - c` pattern clusters from `j` on (0-based; fewer where the pattern ends).
  /// A key within the bound through cell `(i, j)` makes at most `c` typos from there; every pair of
  /// neighbouring pattern clusters among those `L` that both match neighbouring key clusters is a
  /// pair the key holds. A substitution or a deletion breaks at most two such pairs (those on either
  /// side of its cluster), an extra key cluster one, a swap three (the swapped pair and one on
  /// either side): at most `3c` of the `L - 1` pairs are missing. The key clusters matched with
  /// them come after cluster `i` and no later than `i + L + c = i + W - 1`, inside the window. A way
  /// through no cell of row `i` swaps across it from `(i - 1, j - 1)` to `(i + 1, j + 1)`: lane
  /// `j + 1` bounds it as for the lookahead masks (``lookaheadRulesOut(_:row:bound:entry:depth:)``),
  /// with the same `c` or more, and its pairs from cluster `j + 1` on end by key cluster
  /// `i + 1 + L + c = i + W`. So the lane is out when more than `3c` of its pairs are missing from
  /// the set; hashing pairs into the set only adds pairs to it. Only lanes with `c ≤ 1` can be left
  /// this way (with `c = 2`, `3c` is more pairs than the window has).
  @inline(__always)
  private func pairsRuleOut(column j: Int, left c: Int, level: Int, entry: Int32) -> Bool {
    let limit = 3 &* c
    let (start, firstEntry, stride) = pairSetStarts[level]
    let end = min(j &+ SortedKeyTrie.lookaheadWidth &- 2 &- c, classes.pairCount)
    // Too few pairs to miss more than `limit`.
    if end &- j <= limit { return false }
    // The node's bit of each pair's column.
    let column = Int(entry) &- firstEntry
    let words = pairSets + (start &+ column &>> 6)
    let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: column & 63)
    var missing = 0
    var p = j
    while p < end {
      if words[classes.pairBit(level: level, at: p) &* stride] & mask == 0 {
        missing &+= 1
        if missing > limit { return true }
      } else if end &- p &- 1 &+ missing <= limit {
        // Even if every pair after this one is missing.
        return false
      }
      p &+= 1
    }
    return false
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

  /// Whether `range` overlaps one of the sorted, disjoint `ranges`.
  static func overlaps(_ ranges: [Range<Int>], _ range: Range<Int>) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < ranges.count && ranges[low].lowerBound < range.upperBound
  }

  /// The records flattened: disjoint ranges, each with the best typos and kind of the records that
  /// cover it, best first.
  func segments() -> [Record] {
    // Records nest like the trie, and an inner record is never worse than one around it, so the
    // innermost record covering a position is its best.
    let sorted = records.sorted {
      if $0.range.lowerBound != $1.range.lowerBound { return $0.range.lowerBound < $1.range.lowerBound }
      if $0.range.upperBound != $1.range.upperBound { return $0.range.upperBound > $1.range.upperBound }
      return $1.isBetter(than: $0)
    }
    // Each record emits at most two segments (before a record inside it, and after the last).
    var segments: [Record] = []
    segments.reserveCapacity(2 * sorted.count)
    var open: [Record] = []
    open.reserveCapacity(min(sorted.count, 32))
    var cursor = 0
    func emit(upTo position: Int, _ record: Record) {
      if cursor < position {
        segments.append(Record(range: cursor..<position, typos: record.typos, kind: record.kind))
      }
      cursor = max(cursor, position)
    }
    for record in sorted {
      while let top = open.last, top.range.upperBound <= record.range.lowerBound {
        emit(upTo: top.range.upperBound, top)
        open.removeLast()
      }
      if let top = open.last { emit(upTo: record.range.lowerBound, top) }
      cursor = max(cursor, record.range.lowerBound)
      open.append(record)
    }
    while let top = open.popLast() { emit(upTo: top.range.upperBound, top) }
    return segments.sorted { $0.isBetter(than: $1) }
  }
}
