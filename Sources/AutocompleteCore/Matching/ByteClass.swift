/// The character classes the matchers use on folded UTF-8 bytes.
///
/// Folded text is lower case, so classes come from bytes: ASCII letters and digits are word
/// characters, every byte of a multi-byte scalar counts as a letter, and the rest of ASCII
/// (spaces, punctuation) separates words.
enum ByteClass: UInt8 {
  case white, delimiter, nonWord, lower, upper, number

  @inline(__always)
  init(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lower
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .number
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .upper
    case 0x80...: self = .lower
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): self = .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
      self = .delimiter
    default: self = .nonWord
    }
  }

  /// Whether this class is part of a word.
  @inline(__always)
  var isWord: Bool { rawValue >= ByteClass.lower.rawValue }
}

/// Whether a word starts at `index` of `text`: the first byte, or a word byte after a non-word one.
@inline(__always)
func isWordStart(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
  guard index > 0 else { return true }
  let byte = text[index]
  if byte & 0xC0 == 0x80 { return false }  // inside a multi-byte scalar
  return !ByteClass(text[index - 1]).isWord && ByteClass(byte).isWord
}
