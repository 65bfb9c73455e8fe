/// Checks newline-separated UTF-8 that arrives in pieces (a pipe, a file read a chunk at a time) as
/// ``LineFilter/validate(utf8:separator:)`` checks it whole: no NUL byte, valid UTF-8. Each call checks what
/// arrived since the last one, up to its last whole scalar — a scalar split between two reads is
/// checked once, whole — so a reader stops at the first bad chunk instead of holding a bad input
/// first; an error names the line in the whole text.
///
/// ```swift
/// var validator = UTF8LineValidator()
/// try validator.check(bytesSoFar, isComplete: false)  // after each read
/// try validator.check(bytesSoFar, isComplete: true)   // at the end of input
/// ```
public struct UTF8LineValidator: Sendable {
  /// How many bytes, from the start of the text, have been checked.
  public private(set) var checkedCount = 0
  /// How many separators the checked bytes hold.
  private var lineBreaks = 0
  /// The byte that ends each line: `\n` (the default), or NUL for NUL-separated items, which may
  /// hold any other byte but must be valid UTF-8.
  public let separator: UInt8

  /// A validator that has checked nothing yet, for lines ended by `separator`.
  public init(separator: UInt8 = 0x0A) {
    self.separator = separator
  }

  /// Checks `text` — all of the text so far, which starts with the bytes the earlier calls saw —
  /// from ``checkedCount`` to its last whole scalar, or to its end when `isComplete` (then a scalar
  /// cut at the end is invalid).
  /// - Throws: ``LineFilter/InputError`` naming the first line, in the whole text, with a NUL byte or
  ///   invalid UTF-8; the same error again on every later call.
  public mutating func check(_ text: UnsafeBufferPointer<UInt8>, isComplete: Bool) throws(LineFilter
    .InputError)
  {
    let start = min(checkedCount, text.count)
    let end = isComplete ? text.count : Self.wholeScalarsEnd(text, from: start)
    guard start < end, let base = text.baseAddress else { return }
    let piece = UnsafeBufferPointer(rebasing: text[start..<end])
    if let problem = LineFilter.problem(in: piece, separator: separator) {
      throw StreamingLineFilter.renumbered(problem, linesBefore: lineBreaks)
    }
    var position = start
    while position < end, let found = memchrFast(base + position, separator, end - position) {
      lineBreaks += 1
      position = found - base + 1
    }
    checkedCount = end
  }

  /// Where the bytes of `text` stop being whole UTF-8 sequences: its end, or the start of a sequence
  /// that more bytes will complete (a look at the last four bytes at most).
  static func wholeScalarsEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let end = text.count
    var lead = end - 1
    while lead >= start, end - lead < 4, text[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= start, text[lead] >= 0xC0 else { return end }
    let length = text[lead] >= 0xF0 ? 4 : text[lead] >= 0xE0 ? 3 : 2
    return end - lead < length ? lead : end
  }
}
