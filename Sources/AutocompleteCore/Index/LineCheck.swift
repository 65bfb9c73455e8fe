/// One pass over a line's bytes, eight at a time, telling whether it is ASCII and whether it is
/// valid for ``StreamingLineFilter``: no NUL byte, and valid UTF-8 (checked by
/// ``LineFilter/firstInvalidUTF8(_:)`` only when the line is not ASCII). The common line — ASCII
/// without NUL — is read once, and the screen that follows knows it is ASCII without reading it again.
struct LineCheck {
  /// Whether every byte is below 0x80.
  let isASCII: Bool
  /// Whether the line has no NUL byte and is valid UTF-8.
  let isValid: Bool

  /// Checks the `count` bytes at `line`.
  @inline(__always)
  init(_ line: UnsafePointer<UInt8>, count: Int) {
    let raw = UnsafeRawPointer(line)
    var union: UInt64 = 0
    var zero: UInt64 = 0
    var index = 0
    while index &+ 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      union |= word
      // Nonzero under the high bits exactly when some byte of the word is 0 (the classic test).
      zero |= (word &- 0x0101_0101_0101_0101) & ~word
      index &+= 8
    }
    var tailZero = false
    while index < count {
      let byte = line[index]
      union |= UInt64(byte)
      tailZero = tailZero || byte == 0
      index &+= 1
    }
    let isASCII = union & 0x8080_8080_8080_8080 == 0
    let hasNUL = tailZero || zero & 0x8080_8080_8080_8080 != 0
    self.isASCII = isASCII
    self.isValid =
      !hasNUL
      && (isASCII || LineFilter.firstInvalidUTF8(UnsafeBufferPointer(start: line, count: count)) == nil)
  }
}
