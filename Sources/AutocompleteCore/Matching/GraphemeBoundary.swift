/// Grapheme-cluster boundaries in folded UTF-8, so that a match never starts or ends inside a
/// user-perceived character: "🇸🇫" does not match inside "🇺🇸🇫🇷", "👍" not inside "👍🏽", "か" not
/// inside "が" (folded か + U+3099).
///
/// Between two ASCII bytes there is always a boundary (except inside CR LF), so ASCII text costs
/// two byte reads; elsewhere the standard library's grapheme breaking decides, on the text from the
/// last sure boundary before the position to the end of the scalar at it.
enum GraphemeBoundary {
  /// Whether a grapheme-cluster boundary lies before byte `position` of the valid UTF-8 `text`
  /// (the start and the end of the text are boundaries).
  @inline(__always)
  static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    if position <= 0 || position >= text.count { return true }
    let after = text[position]
    if after & 0xC0 == 0x80 { return false }  // inside a scalar
    let before = text[position - 1]
    if after < 0x80 && before < 0x80 { return !(before == 0x0D && after == 0x0A) }
    return slowIsBoundary(text, at: position)
  }

  /// Whether the occurrence of `count` bytes at `position` starts and ends on boundaries.
  @inline(__always)
  static func isAligned(_ text: UnsafeBufferPointer<UInt8>, at position: Int, count: Int) -> Bool {
    isBoundary(text, at: position) && isBoundary(text, at: position + count)
  }

  /// The general case: grapheme breaking over the text since the last sure boundary.
  static func slowIsBoundary(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    // A sure boundary: the start, or between two ASCII bytes that are not CR LF.
    var start = position - 1
    while start > 0 {
      if text[start] < 0x80, text[start - 1] < 0x80, !(text[start - 1] == 0x0D && text[start] == 0x0A) {
        break
      }
      start -= 1
    }
    var end = position + 1
    while end < text.count && text[end] & 0xC0 == 0x80 { end += 1 }
    let window = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    let target = position - start
    var offset = 0
    var index = window.startIndex
    while index < window.endIndex && offset < target {
      let next = window.index(after: index)
      offset += window.utf8.distance(from: index, to: next)
      index = next
    }
    return offset == target
  }

  /// Whether the query's clusters occur in `text` in order, each on cluster boundaries: the fuzzy
  /// test for a query with non-ASCII bytes, whose byte subsequence could otherwise be spread over
  /// parts of other characters.
  static func hasAlignedSubsequence(_ query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var queryStart = 0
    var from = 0
    while queryStart < query.count {
      var queryEnd = queryStart + 1
      while queryEnd < query.count && !isBoundary(query, at: queryEnd) { queryEnd += 1 }
      let cluster = UnsafeBufferPointer(rebasing: query[queryStart..<queryEnd])
      guard let found = firstAlignedIndex(of: cluster, in: text, from: from) else { return false }
      from = found + cluster.count
      queryStart = queryEnd
    }
    return true
  }

  /// The first occurrence of `needle` at or after `start` that starts and ends on boundaries.
  static func firstAlignedIndex(
    of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    var found = ByteSearch.firstIndex(of: needle, in: text, from: start)
    while let position = found, !isAligned(text, at: position, count: needle.count) {
      found = ByteSearch.firstIndex(of: needle, in: text, from: position + 1)
    }
    return found
  }
}
