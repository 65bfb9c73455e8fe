/// A 32-bit summary of which bytes a text holds: one bit per ASCII letter, and shared bits for
/// digits, other ASCII and the bytes of non-ASCII scalars. A text can contain a query (in order
/// or not) only if its mask includes the query's mask: the cheap reject before reading a key.
enum ByteMask {
  /// The bit of `byte`.
  @inline(__always)
  static func bit(_ byte: UInt8) -> UInt32 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 << UInt32(byte &- UInt8(ascii: "a"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 << 26
    case 0x80...: 1 << (28 + UInt32(byte & 3))
    default: 1 << 27
    }
  }

  /// The mask of `bytes`.
  static func mask(of bytes: some Sequence<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 | bit($1) }
  }

  /// The mask of every key of a buffer whose key `k` spans `starts[k]..<starts[k + 1] - 1`.
  static func masks(of bytes: [UInt8], starts: [UInt32]) -> [UInt32] {
    let count = starts.count - 1
    return [UInt32](fullyInitializedCount: max(count, 0)) { masks in
      bytes.withUnsafeBufferPointer { bytes in
        for key in masks.indices {
          var mask: UInt32 = 0
          for index in Int(starts[key])..<(Int(starts[key + 1]) - 1) { mask |= bit(bytes[index]) }
          masks.initializeElement(at: key, to: mask)
        }
      }
    }
  }
}
