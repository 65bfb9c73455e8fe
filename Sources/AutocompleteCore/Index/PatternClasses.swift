/// The character classes of a typo pattern's clusters (``SortedKeyTrie/lookaheadBit(_:)``), and
/// where each class occurs: what a mask of the classes some keys hold is checked against. Each
/// pattern cluster whose class is not in the mask pairs with none of the characters the mask covers
/// (a substitution or a deletion, one typo each) — so ``positions(missingFrom:)`` counts typos that
/// any alignment confined to those characters must make. ``TypoTrieWalk`` checks the lookahead
/// masks of nodes near the root with it; the index checks the keys it matches one by one.
struct PatternClasses {
  /// The classes of the pattern's clusters: one bit each (a cluster of more than one byte, or not
  /// ASCII, is bit 63).
  let classes: UInt64
  /// Per class (a bit number), the positions of the pattern's first 64 clusters in that class.
  private let positions: [UInt64]

  init(_ pattern: TypoPattern) {
    var positions = [UInt64](repeating: 0, count: 64)
    var classes: UInt64 = 0
    for index in 0..<min(pattern.count, 64) {
      let start = pattern.starts[index]
      let bit =
        pattern.starts[index + 1] - start == 1 ? SortedKeyTrie.lookaheadBit(pattern.bytes[start]) : 1 &<< 63
      positions[bit.trailingZeroBitCount] |= 1 &<< UInt64(index)
      classes |= bit
    }
    self.positions = positions
    self.classes = classes
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
