/// Leading and trailing whitespace of a folded key, which matching ignores (as fzf does): "  Lille "
/// is found by prefix "lil", suffix "ille" and exact "lille". Queries are not trimmed ("san "
/// still asks for a word boundary).
enum KeyTrimming {
  /// Whether a folded byte is whitespace: space, tab, line feed, vertical tab, form feed, carriage
  /// return. (Other spaces fold to the ASCII space.)
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte &- 0x09 < 5
  }

  /// The part of `bytes` without leading and trailing whitespace.
  @inline(__always)
  static func trimmedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var lower = 0
    var upper = bytes.count
    while upper > lower && isWhitespace(bytes[upper - 1]) { upper -= 1 }
    while lower < upper && isWhitespace(bytes[lower]) { lower += 1 }
    return lower..<upper
  }

  /// Drops a folded query's whitespace at the ends that `mode` anchors to a key's ends — the start for
  /// prefix, the end for suffix, both for exact — since keys are trimmed and it could never match
  /// there (`exact "  lille "` finds the line "  lille "). Elsewhere whitespace stays meaningful
  /// ("san " asks for a word boundary).
  static func trimQuery(_ query: inout [UInt8], for mode: MatchMode) {
    let trimsStart = mode == .prefix || mode == .exact
    let trimsEnd = mode == .suffix || mode == .exact
    if trimsEnd { while let last = query.last, isWhitespace(last) { query.removeLast() } }
    if trimsStart, let first = query.firstIndex(where: { !isWhitespace($0) }) {
      query.removeSubrange(..<first)
    } else if trimsStart {
      query.removeAll()
    }
  }

  /// Removes whitespace from both ends of the bytes of `buffer` from `start` on; returns how many
  /// leading bytes were removed.
  @inline(__always)
  static func trim(_ buffer: inout [UInt8], from start: Int) -> Int {
    while buffer.count > start, let last = buffer.last, isWhitespace(last) { buffer.removeLast() }
    var lead = 0
    while start + lead < buffer.count && isWhitespace(buffer[start + lead]) { lead += 1 }
    if lead > 0 { buffer.removeSubrange(start..<(start + lead)) }
    return lead
  }
}
