/// UTF-8 offsets into a string and the character (grapheme cluster) boundaries among them: the
/// arithmetic mentions are tracked with, since an offset stays meaningful across edits while a
/// `String.Index` belongs to one string.
enum TextOffsets {
  /// The UTF-8 offset of `index` in `text`.
  static func offset(of index: String.Index, in text: String) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index)
  }

  /// The index at UTF-8 offset `offset` of `text` (clamped to the text).
  static func index(at offset: Int, in text: String) -> String.Index {
    let utf8 = text.utf8
    return utf8.index(utf8.startIndex, offsetBy: min(max(0, offset), utf8.count))
  }

  /// Whether a character boundary lies at UTF-8 offset `offset` (the ends of the text are
  /// boundaries; offsets outside the text are not).
  static func isBoundary(_ offset: Int, in text: String) -> Bool {
    guard offset >= 0, offset <= text.utf8.count else { return false }
    return index(at: offset, in: text).samePosition(in: text) != nil
  }

  /// The character boundary at or before `offset`.
  static func roundedDown(_ offset: Int, in text: String) -> Int {
    let position = index(at: offset, in: text)
    guard position < text.endIndex, position.samePosition(in: text) == nil else {
      return min(max(0, offset), text.utf8.count)
    }
    // An unaligned index is rounded down by the standard library: step over its character and back.
    return self.offset(of: text.index(before: text.index(after: position)), in: text)
  }

  /// The character boundary at or after `offset`.
  static func roundedUp(_ offset: Int, in text: String) -> Int {
    let position = index(at: offset, in: text)
    guard position < text.endIndex, position.samePosition(in: text) == nil else {
      return min(max(0, offset), text.utf8.count)
    }
    return self.offset(of: text.index(after: position), in: text)
  }

  /// The UTF-16 length of the UTF-8 range `range` of `text`.
  static func utf16Count(_ range: Range<Int>, in text: String) -> Int {
    let lower = index(at: range.lowerBound, in: text)
    let upper = index(at: range.upperBound, in: text)
    return text.utf16.distance(from: lower, to: upper)
  }

  /// The UTF-16 offset of UTF-8 offset `offset` (a scalar boundary) in `text`.
  static func utf16Offset(_ offset: Int, in text: String) -> Int {
    text.utf16.distance(from: text.startIndex, to: index(at: offset, in: text))
  }
}
