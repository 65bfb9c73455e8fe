/// Which bytes of a folded text start a camel-case hump, as a view of a bit set: folding lowers
/// every letter, so the fuzzy score learns about "fooBar"'s "B" from here.
struct HumpMask {
  /// The bit set; bit `base + i` is byte `i` of the text.
  let words: UnsafeBufferPointer<UInt64>
  /// Where the text starts in the bit set.
  let base: Int

  /// Whether byte `index` of the text starts a hump.
  @inline(__always)
  func contains(_ index: Int) -> Bool {
    let position = base + index
    return words[position >> 6] & (1 << UInt64(position & 63)) != 0
  }

  /// A bit set marking `positions`, big enough for `count` bytes; empty when there are no positions
  /// (text without humps, such as a huge all-lowercase line, costs no bit set).
  static func bits(marking positions: some Collection<Int>, count: Int) -> [UInt64] {
    guard !positions.isEmpty else { return [] }
    var words = [UInt64](repeating: 0, count: count / 64 + 1)
    for position in positions { words[position >> 6] |= 1 << UInt64(position & 63) }
    return words
  }
}
