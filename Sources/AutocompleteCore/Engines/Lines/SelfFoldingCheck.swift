/// UTF-8 validation that also tells whether a line folds to itself under the insensitive fold, in
/// the one pass over its scalars: the check ``LineCheck`` makes of every line when the query is
/// not ASCII (then no ASCII line can match, and nothing else is asked of it), so that
/// ``StreamingLineFilter/SelfFoldingScreen`` can decide the line on its raw bytes without reading
/// it a second time.
///
/// A line folds to itself when it has no ASCII capital and every other scalar's ``FoldingLookup``
/// entry is 0 and it starts no Hangul composition (``InsensitiveFold``): then its folded text is
/// the line as it is. The usual three-byte scalar (most scripts but Latin and emoji) is validated
/// and looked up inline; the rest goes through ``LineFilter/validScalarLength(_:at:)``.
struct SelfFoldingCheck {
  /// One bit per scalar below U+10000, set when it folds to itself (``selfFolding``).
  let bits = Self.selfFolding
  /// ``bits`` for the scalars a three-byte sequence may encode: none below U+0800 (overlong) nor
  /// for surrogates.
  let threeByteBits = Self.threeByteSelfFolding
  let lookup = FoldingLookup.shared

  /// Whether `line` is valid for ``StreamingLineFilter`` (valid UTF-8 without a NUL byte),
  /// whether it is ASCII, and whether it folds to itself (only meaningful when valid).
  @inline(__always)
  func check(_ line: UnsafeBufferPointer<UInt8>) -> (isValid: Bool, isASCII: Bool, foldsToItself: Bool) {
    var folds = true
    var isASCII = true
    var index = 0
    let count = line.count
    let raw = UnsafeRawBufferPointer(line)
    while index < count {
      let lead = line[index]
      if lead < 0x80 {
        // Eight ASCII bytes at a time where two follow each other; a capital is at least 0x41 and
        // below 0x5B (adding to bytes below 0x80 carries into no other byte).
        if index &+ 8 <= count && line[index &+ 1] < 0x80 {
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0 {
            if LineCheck.zeroBytes(word) != 0 { return (false, false, false) }
            let capitals = (word &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(word &+ 0x2525_2525_2525_2525)
            if capitals & 0x8080_8080_8080_8080 != 0 { folds = false }
            index &+= 8
            continue
          }
        }
        if lead == 0 { return (false, false, false) }
        if lead &- 0x41 < 26 { folds = false }
        index &+= 1
        continue
      }
      isASCII = false
      if lead & 0xF0 == 0xE0 && index &+ 4 <= count {
        // The usual scalar: a lead byte and two continuation bytes (one comparison of a word) that
        // make a scalar with a bit in `threeByteBits` (none for overlong forms and surrogates).
        // Anything else takes the general path below.
        let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
        if word & 0x00C0_C0F0 == 0x0080_80E0 {
          let scalar = Int(word & 0x0F) << 12 | Int(word >> 2 & 0xFC0) | Int(word >> 16 & 0x3F)
          if threeByteBits.contains(scalar) {
            index &+= 3
            continue
          }
        }
      }
      guard let length = LineFilter.validScalarLength(line, at: index) else { return (false, false, false) }
      if folds {
        let scalar = InsensitiveFold.decodeScalar(line, at: index).0
        folds =
          scalar < 0x1_0000
          ? bits.contains(Int(scalar)) : InsensitiveFold.keepsUnchanged(scalar, lookup: lookup)
      }
      index &+= length
    }
    return (true, isASCII, folds)
  }

  /// One bit per scalar below U+10000, set when the insensitive fold leaves it as it is
  /// (``InsensitiveFold/keepsUnchanged(_:lookup:)``); surrogates, never valid, have none.
  static let selfFolding = ScalarBits { words in
    let lookup = FoldingLookup.shared
    for word in 0..<ScalarBits.wordCount {
      let first = UInt32(word * 64)
      // Most pages of the fold table are empty (every scalar folds to itself): a whole word at once,
      // outside ASCII, Hangul (jamo and syllables) and surrogates.
      if first >= 0x80 && lookup.pageIndex[Int(first >> 8)] == 0 && !(0x1100..<0x1200).contains(first)
        && !(0xAC00..<0xE000).contains(first)
      {
        words[word] = .max
        continue
      }
      for bit in 0..<64 {
        let scalar = first + UInt32(bit)
        if InsensitiveFold.keepsUnchanged(scalar, lookup: lookup) && scalar & 0xF800 != 0xD800 {
          words[word] |= 1 << UInt64(bit)
        }
      }
    }
  }

  /// ``selfFolding`` without the scalars below U+0800, which three bytes would encode overlong.
  static let threeByteSelfFolding = ScalarBits { words in
    words.update(from: selfFolding.words, count: ScalarBits.wordCount)
    words.update(repeating: 0, count: 0x800 / 64)
  }
}
