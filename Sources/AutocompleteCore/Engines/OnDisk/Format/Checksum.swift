/// The 64-bit checksum of the index files' parts: eight bytes a step (multiply, rotate, multiply),
/// a final avalanche. It finds damage — flipped bits, zeroed pages, a torn write — not forgery; it is
/// the same on every run and machine (unlike `Hasher`, seeded per process), so it also hashes ids
/// for the id table. About as fast as memory reads.
enum Checksum {
  /// The checksum of `bytes`.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    let count = bytes.count
    var index = 0
    while index + 8 <= count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      hash = mix(hash, word)
      index += 8
    }
    if index < count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while index < count {
        word |= UInt64(bytes[index]) << shift
        shift += 8
        index += 1
      }
      hash = mix(hash, word)
    }
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    return hash
  }

  /// The checksum of a string's UTF-8 bytes.
  static func of(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let scrambled = word &* 0x87C3_7B91_1142_53D5
    let combined = hash ^ ((scrambled << 31) | (scrambled >> 33))
    return ((combined << 27) | (combined >> 37)) &* 0x4CF5_AD43_2745_937F &+ 0x52DC_E729
  }
}
