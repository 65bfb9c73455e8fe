/// The character classes of a typo pattern's clusters (``SortedKeyTrie/lookaheadBit(_:)``), and
/// where each class occurs: what a mask of the classes some keys hold is checked against. Each
/// pattern cluster whose class is not in the mask pairs with none of the characters the mask covers
/// (a substitution or a deletion, one typo each) — so ``positions(missingFrom:)`` counts typos that
/// any alignment confined to those characters must make. Also the classes of each window of
/// clusters a lookahead test looks at (``windowClasses(from:)``: each one missing from a mask is at
/// least one missing cluster), and the pattern's pairs of neighbouring classes, as the bits of
/// ``SortedKeyTrie/pairSets`` (``pairBit(level:at:)``). Built once per search:
/// ``TypoTrieWalk`` checks the lookahead masks and pair sets of nodes near the root with it, the
/// index the keys it matches one by one.
struct PatternClasses {
  /// The classes of the pattern's first 64 clusters: one bit each (a cluster of more than one
  /// byte, or not ASCII, is bit 63).
  let classes: UInt64
  /// Per class (a bit number), the positions of the pattern's first 64 clusters in that class.
  private let positions: [UInt64]
  /// Per position `j` of the first 64: the classes of the clusters from `j` on in a window of
  /// ``SortedKeyTrie/lookaheadWidth`` - 1 (among the first 64).
  private let windows: [UInt64]
  /// How many pairs of neighbouring clusters the pattern has (one less than its clusters).
  let pairCount: Int
  /// Per level (depth of ``SortedKeyTrie/pairSetDepths``), ``pairCount`` entries: at `p`, the bit
  /// (``SortedKeyTrie/pairBit(_:_:depth:)``) of the pair of clusters `p`, `p + 1` in that depth's
  /// sets.
  private let pairBits: [Int]

  init(_ pattern: TypoPattern) {
    // One pass over the clusters, in loops (set up on every search: little code to load).
    let count = pattern.count
    let tracked = min(count, 64)
    let width = SortedKeyTrie.lookaheadWidth - 1
    let levels = SortedKeyTrie.pairSetDepths
    var positions = [UInt64](filledWith: 0, count: 64)
    var windows = [UInt64](filledWith: 0, count: tracked)
    var pairBits = [Int](filledWith: 0, count: levels.count * max(0, count - 1))
    var classes: UInt64 = 0
    var previous = 0
    for index in 0..<count {
      // The cluster's class, as a bit number.
      let start = pattern.starts[index]
      let number =
        pattern.starts[index + 1] - start == 1
        ? SortedKeyTrie.lookaheadBit(pattern.bytes[start]).trailingZeroBitCount : 63
      if index < 64 {
        let bit: UInt64 = 1 &<< UInt64(number)
        positions[number] |= 1 &<< UInt64(index)
        classes |= bit
        // The windows of the positions this cluster is in.
        for j in max(0, index - width + 1)...index { windows[j] |= bit }
      }
      if index > 0 {
        for (level, depth) in levels.enumerated() {
          pairBits[level * (count - 1) + index - 1] = SortedKeyTrie.pairBit(previous, number, depth: depth)
        }
      }
      previous = number
    }
    self.positions = positions
    self.classes = classes
    self.windows = windows
    self.pairCount = max(0, count - 1)
    self.pairBits = pairBits
  }

  /// The classes of the clusters in the window of ``SortedKeyTrie/lookaheadWidth`` - 1 from
  /// position `j` (among the first 64); none past them.
  @inline(__always)
  func windowClasses(from j: Int) -> UInt64 {
    j >= 0 && j < windows.count ? windows[j] : 0
  }

  /// The bit in the pair sets of level `level` (depth of ``SortedKeyTrie/pairSetDepths``) of the
  /// pair of clusters `p`, `p + 1` (`p < pairCount`).
  @inline(__always)
  func pairBit(level: Int, at p: Int) -> Int {
    pairBits[level &* pairCount &+ p]
  }

  /// The positions (among the first 64) of the pattern clusters whose class `mask` lacks, one bit
  /// each.
  @inline(__always)
  func positions(missingFrom mask: UInt64) -> UInt64 {
    var missing = classes & ~mask
    var absent: UInt64 = 0
    while missing != 0 {
      absent |= positions[missing.trailingZeroBitCount]
      missing &= missing &- 1
    }
    return absent
  }
}
