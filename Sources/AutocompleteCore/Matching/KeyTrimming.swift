/// The whitespace rule of matching, one rule for both sides: an item's whitespace at an end counts
/// only when the query has whitespace at that end. A query that starts (ends) with something other
/// than whitespace is matched against the item without its leading (trailing) whitespace; a query
/// that starts (ends) with whitespace sees the item's whitespace there as it is. Queries are never
/// trimmed.
///
/// So prefix "lil", suffix "ille" and exact "lille" find "  Lille " (as fzf's `^` and `$` do), exact
/// "  lille " finds the line "  lille " and only it, and contains and fuzzy find exactly what
/// `grep -F` finds: contains "a " finds "xa " (the query's space meets the item's), and an
/// occurrence of a query without whitespace at its ends always lies inside the item's trimmed part.
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

  /// Which ends of an item a query ignores whitespace at: the start unless the query starts with
  /// whitespace, the end unless it ends with whitespace (an empty query, which matches everything,
  /// ignores both).
  struct Ends: Sendable, Equatable {
    /// Whether the item's leading whitespace is ignored.
    var trimsStart: Bool
    /// Whether the item's trailing whitespace is ignored.
    var trimsEnd: Bool

    /// The ends `query` (folded) ignores.
    init(query: UnsafeBufferPointer<UInt8>) {
      trimsStart = query.first.map { !KeyTrimming.isWhitespace($0) } ?? true
      trimsEnd = query.last.map { !KeyTrimming.isWhitespace($0) } ?? true
    }

    /// The ends `query` (folded) ignores.
    init(query: [UInt8]) {
      self = query.withUnsafeBufferPointer { Ends(query: $0) }
    }

    /// Whether the query has whitespace at one of its ends: then it must see the items'
    /// whitespace, which storage built for sorted lookups has dropped.
    var seesWhitespace: Bool { !trimsStart || !trimsEnd }

    /// The part of `key` the query is matched against: without the whitespace at the ignored ends.
    @inline(__always)
    func view(of key: UnsafeBufferPointer<UInt8>) -> Range<Int> {
      var lower = 0
      var upper = key.count
      if trimsEnd { while upper > lower && KeyTrimming.isWhitespace(key[upper - 1]) { upper -= 1 } }
      if trimsStart { while lower < upper && KeyTrimming.isWhitespace(key[lower]) { lower += 1 } }
      return lower..<upper
    }
  }

  /// Removes whitespace from both ends of the bytes of `buffer` from `start` on; returns how many
  /// leading bytes were removed and whether any byte was.
  @inline(__always)
  static func trim(_ buffer: inout [UInt8], from start: Int) -> (lead: Int, trimmed: Bool) {
    let count = buffer.count
    while buffer.count > start, let last = buffer.last, isWhitespace(last) { buffer.removeLast() }
    var lead = 0
    while start + lead < buffer.count && isWhitespace(buffer[start + lead]) { lead += 1 }
    if lead > 0 { buffer.removeSubrange(start..<(start + lead)) }
    return (lead, buffer.count != count)
  }
}
