/// One bit per scalar of the Basic Multilingual Plane (below U+10000, 8 KiB), built once and never
/// freed nor written after, so any thread reads it without a lock: the tables of
/// ``SelfFoldingCheck`` and ``StreamingLineFilter/SelfFoldingScreen``. A lookup is one memory read.
struct ScalarBits: @unchecked Sendable {
  /// The bits, 64 scalars to a word.
  let words: UnsafePointer<UInt64>

  /// The table from the words `body` writes (all zero before).
  init(words body: (UnsafeMutablePointer<UInt64>) -> Void) {
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: Self.wordCount)
    words.initialize(repeating: 0, count: Self.wordCount)
    body(words)
    self.words = UnsafePointer(words)
  }

  static let wordCount = 0x1_0000 / 64

  /// Whether the bit of `scalar` (below U+10000) is set.
  @inline(__always)
  func contains(_ scalar: Int) -> Bool {
    words[scalar >> 6] & (1 << UInt64(scalar & 63)) != 0
  }
}
