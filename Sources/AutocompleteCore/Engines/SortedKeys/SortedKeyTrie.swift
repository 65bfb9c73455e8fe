/// The sorted keys of an index read as a trie, without building one: a node is the range of sorted
/// keys that share a prefix, and its children are the runs of keys that share one more scalar.
/// ``TypoTrieWalk`` walks it; the index's own binary searches never need it.
///
/// Five bytes per key find the children by a sequential scan instead of binary searches that jump
/// through memory: `lcp[p]`, how many leading bytes sorted key `p` shares with key `p - 1` (capped
/// at 255), and `tail[p]`, the four bytes of key `p` from where they part (0xFF past its end).
/// Within a node at depth `d`, a child ends at the first key whose `lcp` is below the child's
/// depth, a child starts with the byte `tail` names whenever `lcp` is exactly `d`, and the first
/// key of a node (which parted from its predecessor above `d`) usually has its byte at `d` in its
/// `tail` too — so the walk seldom follows a key number to its bytes, three dependent cache
/// misses. Block minima of `lcp` let a scan skip 64 keys at a time inside a large child.
///
/// Keys whose grapheme clusters are not all single scalars (Devanagari syllables, emoji with
/// modifiers, flags, Hangul jamo — any scalar ``ClusterBreaks`` does not call plain) are *complex*:
/// the walk steps by scalars, which for them are not clusters, so they are listed apart and matched
/// one by one. Keys that start with a character that is not ASCII (other scripts: they sort after
/// every ASCII-led key, from ``asciiLeadEnd`` on) are listed too when they hold an ASCII byte: a
/// query of ASCII characters longer than its budget can only match those of them, so its walk
/// leaves the whole region to the list.
///
/// For such a query, most listed keys cannot match at all. Each of a key's clusters that holds a
/// byte that is not ASCII equals no query cluster: it is substituted or deleted, a typo. Take a
/// prefix within `k` typos of a query of `m` clusters, holding `j ≤ k` such clusters: its other
/// clusters pair with as many query clusters at most, and every query cluster left unpaired is a
/// typo too (a substitution counts once for both sides), so the prefix has at least `m - k + j`
/// clusters. It ends before the key's `(j + 1)`-th such cluster, which therefore has at least
/// `m - k + j` clusters before it — and the `(k + 1)`-th (each later one a cluster further), at
/// least `m`. ``reachLists`` sort the listed keys by the clusters before their `(k + 1)`-th such
/// cluster (or a key with fewer such clusters by its length), so a search reads only the keys with
/// at least `m` — and turns most of those down with one word each: the classes of their ASCII
/// characters (``ReachList/classes``), where each query cluster of a class they lack is a typo.
struct SortedKeyTrie: Sendable {
  /// Per sorted position: the common prefix with the previous key, capped at ``lcpCap``.
  let lcp: Column<UInt8>
  /// Per sorted position: the key's four bytes from `lcp` on, the first in the low byte, 0xFF past
  /// the key's end (when `lcp` is under the cap).
  let tail: Column<UInt32>
  /// The smallest `lcp` of each block of ``blockSize`` sorted positions.
  let lcpMinima: Column<UInt8>
  /// For each byte depth `d` in 1...``shallowDepth``, from `runStartOffsets[d - 1]` on: the sorted
  /// positions that start a run of keys sharing their first `d` bytes (those whose `lcp` is below
  /// `d`; when ``mergesEqualKeys``, not a key equal to the one before, which stays in its run), then
  /// the key count. Near the root, where a node has many children, a walk steps from one
  /// child to the next here instead of reading the `lcp` of every key the child spans.
  let runStarts: Column<UInt32>
  /// Where each depth's entries begin in ``runStarts``, then its count.
  let runStartOffsets: [Int]
  /// Per entry of ``runStarts`` of depth `d`: the byte at `d - 1` of the run's keys, the last of
  /// the prefix they share (0xFF for a key that ends before it, and for each depth's last entry) —
  /// the label of the edge into the run's node, so a walk reads a node's children's first bytes
  /// one after the other instead of from each child's first key.
  let runLabels: Column<UInt8>
  /// For each entry of ``runStarts`` above the deepest depth (a run of depth `d` below
  /// ``shallowDepth``): the entry of depth `d + 1` that starts at the same position — its first
  /// child's, so a walk finds a node's children without a search.
  let firstChildEntries: Column<UInt32>
  /// For each entry of ``runStarts`` above the deepest depth, two words: one bit per ASCII byte that
  /// leads one of its node's children (its children's ``runLabels``). A child led by byte `b` is
  /// the node's first child entry (past the keys that end at the node) plus the number of bits
  /// below `b`: a walk that knows which bytes can lead anywhere finds those children at once.
  let childLabelBits: Column<UInt64>
  /// For each entry of ``runStarts``: one bit per class of
  /// character (``lookaheadBit(_:)``) that its keys hold in the ``lookaheadWidth`` scalars right
  /// after the prefix they share (see ``TypoTrieWalk``, which leaves a node whose keys lack too many
  /// of the query's next characters).
  let lookaheadMasks: Column<UInt64>
  /// For each entry of ``runStarts`` of a depth of ``pairSetDepths``: a set with a bit
  /// (``pairBit(_:_:depth:)``) per pair of neighbouring character classes its keys hold in the
  /// ``lookaheadWidth`` scalars after their shared prefix (see ``TypoTrieWalk``, which leaves a node
  /// whose keys lack too many of the pairs of the query's next characters). Stored bit by bit, one
  /// depth after the other: for each bit of ``pairSetBits(depth:)``, a bit per entry of the depth
  /// in ``pairSetStride(depth:runStartOffsets:)`` words, so checks of one pair at sibling nodes
  /// read one word.
  let pairSets: Column<UInt64>
  /// One bit per key number, set for complex keys.
  let complexBits: Column<UInt64>
  /// The complex keys' numbers, in order.
  let complexKeys: Column<UInt32>
  /// The first sorted position whose key starts with a byte that is not ASCII.
  let asciiLeadEnd: Int
  /// Whether keys equal to the key before them share its run at every depth (every trie built now,
  /// format ``formatVersion``), so that the keys ending at a node are one run; if not (a segment of
  /// the first format), each key shorter than a depth starts its own run there: a million equal
  /// one-letter keys took three entries each, a pair set of 212 bytes among them.
  let mergesEqualKeys: Bool

  /// The format of the run tables a trie built now writes: 2, keys equal to the one before share
  /// its run (``mergesEqualKeys``); 1 (a segment without the number), each key ending before a depth
  /// its own.
  static let formatVersion: UInt64 = 2
  /// Per budget `k` from 1 (a search without typos never walks): the complex keys, and the keys
  /// (not complex) from ``asciiLeadEnd`` on that hold an ASCII byte, sorted by their reach for that
  /// budget, longest first.
  let reachLists: [ReachList]

  /// The listed keys by reach for a budget of `k` typos (1 ... ``largestBudget``).
  func reachList(forBudget k: Int) -> ReachList { reachLists[k - 1] }

  /// Listed keys sorted by reach: how many leading clusters a key has before its `(k + 1)`-th
  /// cluster holding a byte that is not ASCII — for a key with fewer such clusters, its cluster
  /// count plus `k`, since a prefix within `k` typos of a query of `m` clusters has at least
  /// `m - k` (``unbounded`` for a reach over 254).
  struct ReachList: Sendable {
    /// Key numbers, longest reach first.
    let keys: Column<UInt32>
    /// Each key's reach.
    let reaches: Column<UInt8>
    /// The classes of each key's ASCII characters (``SortedKeyTrie/asciiClasses(of:)``).
    let classes: Column<UInt64>

    /// A reach too long to count.
    static let unbounded: UInt8 = .max

    /// How many keys a query of `needed` ASCII clusters may match within this list's budget: those
    /// whose reach is at least `needed`, the first ones of the list.
    func count(reaching needed: Int) -> Int {
      var low = 0
      var high = keys.count
      // The first key whose reach falls short.
      while low < high {
        let middle = (low + high) / 2
        let reach = reaches[middle]
        if reach == Self.unbounded || Int(reach) >= needed { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  static let blockSize = 64
  /// The deepest byte depth with ``runStarts``: nodes deeper than that have few children.
  static let shallowDepth = 4
  /// `lcp` values at the cap mean "at least this many".
  static let lcpCap = 255

  /// The sorted positions of the keys that start with the first `depth` bytes of `prefix`, where
  /// `depth` is its length or ``shallowDepth``, whichever is smaller; an empty range when no key
  /// does. Read off the run starts of each depth (a node's children are the runs of its first
  /// child entry on, keys that end at the node first, then by their next byte): a few cache lines a
  /// byte, where a binary search over every key reads a key's bytes at each of its probes.
  func positions(startingWith prefix: UnsafeBufferPointer<UInt8>) -> (range: Range<Int>, depth: Int) {
    let depth = min(prefix.count, Self.shallowDepth)
    guard depth > 0 else { return (0..<lcp.count, 0) }
    // The entries of the root's children, then of the found node's.
    var first = runStartOffsets[0]
    var end = runStartOffsets[1] - 1
    var entry = -1
    for level in 0..<depth {
      if level > 0 {
        first = Int(firstChildEntries[entry])
        end = Int(firstChildEntries[entry + 1])
      }
      let byte = prefix[level]
      entry = -1
      // No key holds 0xFF (it labels the keys that end at a node).
      if byte == 0xFF { return (0..<0, depth) }
      for candidate in first..<end {
        let label = runLabels[candidate]
        if label == byte {
          entry = candidate
          break
        }
        // Keys ending at the node (0xFF) come first, then the children by their byte.
        if label != 0xFF && label > byte { break }
      }
      if entry < 0 { return (0..<0, depth) }
    }
    return (Int(runStarts[entry])..<Int(runStarts[entry + 1]), depth)
  }

  /// The bytes these arrays take.
  var byteCount: Int {
    lcp.count + 4 * tail.count + lcpMinima.count + 5 * runStarts.count + 4 * firstChildEntries.count
      + 8 * childLabelBits.count + 8 * lookaheadMasks.count + 8 * pairSets.count
      + 8 * complexBits.count
      + 4 * complexKeys.count
      + reachLists.reduce(0) { $0 + 13 * $1.keys.count }
  }

  /// The most typos a reach is kept for.
  static let largestBudget = 2

  /// The trie of the sorted keys (see ``SortedKeyTrie/SortedKeys``), in the current format, or
  /// with `mergesEqualKeys` false in the first one (as a segment of that format holds it; tests).
  init(bytes: [UInt8], starts: [UInt32], forward: [UInt32], mergesEqualKeys: Bool = true) {
    let n = forward.count
    let (lcp, tail) = Self.withKeys(bytes: bytes, starts: starts, forward: forward) {
      Self.prefixes(keys: $0)
    }
    var complexBits = [UInt64](repeating: 0, count: (n + 63) / 64)
    var complexKeys: [UInt32] = []
    var listed: [(key: UInt32, reaches: UInt64, classes: UInt64)] = []
    var asciiLeadEnd = n
    var lookahead = LookaheadBuilder()
    Self.withKeys(bytes: bytes, starts: starts, forward: forward) { keys in
      let buffer = keys.bytes
      for position in 0..<n {
        // A key equal to the one before shares its runs at every depth (see `runStarts`).
        let key = keys[position]
        let common = Int(lcp[position])
        lookahead.add(
          key, sharing: position == 0 ? -1 : mergesEqualKeys && common == key.count ? .max : common)
      }
      for number in 0..<n {
        let range = Int(starts[number])..<(Int(starts[number + 1]) - 1)
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        if !ClusterBreaks.hasOnlyPlainScalars(text) {
          complexBits[number >> 6] |= 1 << UInt64(number & 63)
          complexKeys.append(UInt32(number))
          listed.append((UInt32(number), Self.reaches(of: text), Self.asciiClasses(of: text)))
        }
      }
      while asciiLeadEnd > 0, let first = keys[asciiLeadEnd - 1].first, first >= 0x80 { asciiLeadEnd -= 1 }
      for position in asciiLeadEnd..<n {
        let number = forward[position]
        let text = keys[position]
        if complexBits[Int(number >> 6)] & (1 << UInt64(number & 63)) == 0
          && text.contains(where: { $0 < 0x80 })
        {
          listed.append((number, Self.reaches(of: text), Self.asciiClasses(of: text)))
        }
      }
    }
    self.lcp = Column(lcp)
    self.tail = Column(tail)
    let runs = lcp.withUnsafeBufferPointer { lcp in
      tail.withUnsafeBufferPointer { Self.runs(lcp: lcp, tail: $0, mergesEqualKeys: mergesEqualKeys) }
    }
    self.mergesEqualKeys = mergesEqualKeys
    self.lcpMinima = Column(runs.lcpMinima)
    self.runStarts = Column(runs.runStarts)
    self.runStartOffsets = runs.runStartOffsets
    self.runLabels = Column(runs.runLabels)
    self.firstChildEntries = Column(runs.firstChildEntries)
    self.childLabelBits = Column(runs.childLabelBits)
    self.lookaheadMasks = Column(lookahead.masks())
    self.pairSets = Column(lookahead.pairSets())
    assert(lookaheadMasks.count == runStarts.count)
    self.complexBits = Column(complexBits)
    self.complexKeys = Column(complexKeys)
    self.asciiLeadEnd = asciiLeadEnd
    self.reachLists = (1...Self.largestBudget).map { k in
      // A search reads the list for a query of more than `k` clusters (a shorter one matches every
      // key): a key that reaches no further is never read. Most keys of other scripts are such,
      // their first cluster a typo already.
      func reach(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: listed[index].reaches >> UInt64(8 * k)) }
      let order = listed.indices.filter { reach($0) > k }.sorted {
        reach($0) != reach($1) ? reach($0) > reach($1) : listed[$0].key < listed[$1].key
      }
      return ReachList(
        keys: Column(order.map { listed[$0].key }), reaches: Column(order.map(reach)),
        classes: Column(order.map { listed[$0].classes }))
    }
  }

  /// The classes (``lookaheadBit(_:)``) of the ASCII characters of `text`, a listed key: the only
  /// characters of it that the clusters of a query of ASCII characters can pair with (a cluster
  /// holding a byte that is not ASCII equals none of them), so each query cluster whose class is
  /// missing is a typo (``PatternClasses``).
  static func asciiClasses(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var classes: UInt64 = 0
    for byte in text where byte < 0x80 { classes |= lookaheadBit(byte) }
    return classes
  }

  /// A key's reach for each budget `k` up to ``largestBudget`` (see ``ReachList``), in byte `k`.
  static func reaches(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var reaches: UInt64 = 0
    var found = 0
    var clusters = 0
    var position = 0
    while position < text.count && found <= largestBudget && clusters < Int(ReachList.unbounded) {
      let end = ClusterBreaks.clusterEnd(in: text, from: position)
      if text[position..<end].contains(where: { $0 >= 0x80 }) {
        reaches |= UInt64(clusters) << UInt64(8 * found)
        found += 1
      }
      clusters += 1
      position = end
    }
    // Without a `(k + 1)`-th such cluster, the key's length bounds it: a prefix within `k` typos of
    // a query of `m` clusters has at least `m - k` clusters (each one it lacks is a deletion), so
    // the key reaches a query of `clusters + k` clusters at most.
    let whole = position < text.count ? Int(ReachList.unbounded) : clusters
    while found <= largestBudget {
      let reach = min(Int(ReachList.unbounded), whole == Int(ReachList.unbounded) ? whole : whole + found)
      reaches |= UInt64(reach) << UInt64(8 * found)
      found += 1
    }
    return reaches
  }

  /// The arrays a walk reads (``TypoTrieWalk``), as pointers valid within ``withPointers(_:)``.
  struct Pointers {
    let lcp: UnsafePointer<UInt8>
    let tail: UnsafePointer<UInt32>
    let lcpMinima: UnsafePointer<UInt8>
    let runStarts: UnsafePointer<UInt32>
    let runLabels: UnsafePointer<UInt8>
    /// `nil` when no key is longer than one byte (no run has children with entries).
    let firstChildEntries: UnsafePointer<UInt32>?
    let childLabelBits: UnsafePointer<UInt64>?
    let lookaheadMasks: UnsafePointer<UInt64>
    let pairSets: UnsafePointer<UInt64>
    let runStartOffsets: [Int]
    /// ``SortedKeyTrie/mergesEqualKeys``.
    let mergesEqualKeys: Bool
  }

  /// Calls `body` with pointers to this trie's arrays; the trie must not be empty.
  func withPointers<Result>(_ body: (Pointers) throws -> Result) rethrows -> Result {
    try lcp.withUnsafeBufferPointer { lcp in
      try tail.withUnsafeBufferPointer { tail in
        try lcpMinima.withUnsafeBufferPointer { lcpMinima in
          try runStarts.withUnsafeBufferPointer { runStarts in
            try runLabels.withUnsafeBufferPointer { runLabels in
              try firstChildEntries.withUnsafeBufferPointer { firstChildEntries in
                try childLabelBits.withUnsafeBufferPointer { childLabelBits in
                  try lookaheadMasks.withUnsafeBufferPointer { lookaheadMasks in
                    try pairSets.withUnsafeBufferPointer { pairSets in
                      try body(
                        Pointers(
                          lcp: lcp.baseAddress!, tail: tail.baseAddress!, lcpMinima: lcpMinima.baseAddress!,
                          runStarts: runStarts.baseAddress!, runLabels: runLabels.baseAddress!,
                          firstChildEntries: firstChildEntries.baseAddress,
                          childLabelBits: childLabelBits.baseAddress,
                          lookaheadMasks: lookaheadMasks.baseAddress!, pairSets: pairSets.baseAddress!,
                          runStartOffsets: runStartOffsets, mergesEqualKeys: mergesEqualKeys))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Whether key `key` (a key number) is complex, by ``complexBits`` (`bits`): static, so that a
  /// closure that asks for every key of a range captures the bits alone, not a copy of the trie.
  @inline(__always)
  static func isComplex(_ key: UInt32, in bits: Column<UInt64>) -> Bool {
    bits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0
  }
}
