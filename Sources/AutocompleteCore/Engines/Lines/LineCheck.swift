/// One pass over a line's bytes, eight at a time, telling whether it is ASCII, whether it is valid
/// for ``StreamingLineFilter`` — no NUL byte, and valid UTF-8 (checked by
/// ``LineFilter/firstInvalidUTF8(_:)`` only when the line is not ASCII) — and whether it holds a
/// given byte in either case (the query's rarest, ``Needle``). The common line, ASCII without NUL,
/// is read once, and the screen that follows knows it is ASCII and whether it can hold the query
/// without reading it again.
struct LineCheck {
  /// Whether every byte is below 0x80.
  let isASCII: Bool
  /// Whether the line has no NUL byte and is valid UTF-8.
  let isValid: Bool
  /// Whether some byte of the line is the needle's (either case).
  let hasNeedle: Bool
  /// Whether the line folds to itself (``SelfFoldingCheck``): known only for a valid line checked
  /// with one, else `false`.
  let foldsToItself: Bool

  /// A byte to look for in both ASCII cases, eight copies to a word.
  struct Needle {
    let lower: UInt64
    let upper: UInt64

    /// `byte`, and its other case when it is an ASCII letter.
    init(_ byte: UInt8) {
      let other = byte &- 0x61 < 26 ? byte - 0x20 : byte &- 0x41 < 26 ? byte + 0x20 : byte
      lower = UInt64(byte) &* Self.ones
      upper = UInt64(other) &* Self.ones
    }

    /// The rarest byte of `query` (a space and letters by their usual frequency in Latin-script
    /// text; any other byte counts as rare), to test for as few lines as possible; `nil` for an
    /// empty query.
    static func rarest(in query: UnsafeBufferPointer<UInt8>) -> Needle? {
      // From most to least frequent.
      let order = Array(" etaoinsrhldcumfpgwybvkxjqz".utf8)
      var best: UInt8?
      var bestRank = -1
      for byte in query {
        let rank = order.firstIndex(of: byte) ?? order.count
        if rank > bestRank { (best, bestRank) = (byte, rank) }
      }
      return best.map(Needle.init)
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
  }

  static let highBits: UInt64 = 0x8080_8080_8080_8080
  static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// The high bit of each byte of `word` that is 0, exactly (no borrow from one byte to the next).
  @inline(__always)
  static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & lowBits) &+ lowBits) | word) & highBits
  }

  /// Checks the `count` bytes at `line`, which may read up to `readable` bytes from `line` (at least
  /// `count`): a short line is read as one word when eight bytes can be. With `selfFolding` (for a
  /// query that is not ASCII), the line is checked by it alone, which also tells whether it folds
  /// to itself; the needle is not looked for.
  @inline(__always)
  init(
    _ line: UnsafePointer<UInt8>, count: Int, readable: Int, needle: Needle?,
    selfFolding: SelfFoldingCheck? = nil
  ) {
    if let selfFolding {
      (isValid, isASCII, foldsToItself) = selfFolding.check(UnsafeBufferPointer(start: line, count: count))
      hasNeedle = true
      return
    }
    let raw = UnsafeRawPointer(line)
    var union: UInt64 = 0
    var zero: UInt64 = 0
    var found: UInt64 = 0
    let lower = needle?.lower ?? 0
    let upper = needle?.upper ?? 0
    @inline(__always) func take(_ word: UInt64, keeping mask: UInt64) {
      union |= word & mask
      zero |= Self.zeroBytes(word) & mask
      found |= (Self.zeroBytes(word ^ lower) | Self.zeroBytes(word ^ upper)) & mask
    }
    if count >= 8 {
      var index = 0
      while index &+ 8 <= count {
        take(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), keeping: .max)
        index &+= 8
      }
      // The last bytes, in a word that overlaps the one before.
      if index < count { take(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), keeping: .max) }
    } else if count > 0 && readable >= 8 {
      // The line's bytes as the word's low bytes.
      take(
        UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
        keeping: UInt64.max >> (64 &- 8 &* UInt64(count)))
    } else {
      for index in 0..<count {
        take(UInt64(line[index]), keeping: 0xFF)
      }
    }
    isASCII = union & Self.highBits == 0
    hasNeedle = needle == nil || found != 0
    isValid =
      zero == 0
      && (isASCII || LineFilter.firstInvalidUTF8(UnsafeBufferPointer(start: line, count: count)) == nil)
    foldsToItself = false
  }
}
