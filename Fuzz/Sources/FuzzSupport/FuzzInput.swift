/// The bytes libFuzzer hands a target, read front to back as the choices of one test case: small
/// numbers, flags, picks from a list, and the rest as text. When the bytes run out every choice is
/// 0, so any input, even an empty one, is a whole test case.
public struct FuzzInput {
  /// The bytes.
  public let bytes: UnsafeBufferPointer<UInt8>
  /// Where the next choice is read.
  public private(set) var position = 0

  /// Reads `bytes`.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether every byte was read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<bound` (0 when `bound` is 0 or less), from one or two bytes.
  public mutating func number(below bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    let value = bound > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
    return value % bound
  }

  /// A flag.
  public mutating func flag() -> Bool { byte() & 1 == 1 }

  /// One of `choices` (which must not be empty).
  public mutating func pick<T>(_ choices: [T]) -> T { choices[number(below: choices.count)] }

  /// The next `count` bytes (fewer at the end).
  public mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8> {
    let end = min(bytes.count, position + max(0, count))
    defer { position = end }
    return UnsafeBufferPointer(rebasing: bytes[min(position, end)..<end])
  }

  /// Every byte not read yet.
  public mutating func rest() -> UnsafeBufferPointer<UInt8> { take(bytes.count - position) }

  /// Text made of pieces of `alphabet`, `count` of them: hostile text from a few bytes.
  public mutating func text(from alphabet: [String], count: Int) -> String {
    var text = ""
    for _ in 0..<count { text += pick(alphabet) }
    return text
  }
}

/// Pieces of text that exercise folding, clusters and matching: ASCII letters and separators,
/// accents (precomposed and combining), ligatures and expanding folds, emoji with modifiers and ZWJ,
/// flags, Devanagari with vowel signs and viramas, Hangul jamo, kana with voicing marks, RTL letters,
/// controls, invisible characters.
public let hostileAlphabet: [String] = [
  "a", "b", "A", "B", "s", "S", " ", "-", ".", "1", "\t", "\r", "\n", "é", "e\u{301}", "\u{301}", "ß", "ﬁ",
  "Æ",
  "ǅ", "\u{FDFA}", "İ", "ı", "Σ", "ς", "👍", "🏽", "\u{200D}", "👩", "❤\u{FE0F}", "🇺", "🇸", "🇫", "🇷", "क",
  "ि", "\u{94D}", "ष", "\u{1100}", "\u{1161}", "\u{11A8}", "가", "か", "\u{3099}", "が", "ש", "ل", "\u{200B}",
  "\u{AD}", "\u{202E}", "\u{0}", "\u{7F}", "\u{85}", "東", "Ⓐ", "①", "\u{E0100}",
]
