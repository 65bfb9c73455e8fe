/// Substring search over raw bytes, the primitive under contains, suffix and word matching.
enum ByteSearch {
  /// Needles up to this long use `memchr` + `memcmp` (at most this many comparisons per haystack
  /// byte); longer ones use ``KMPSearch`` (one pass).
  static let shortNeedleLength = 32

  /// The first index at or after `start` where `needle` occurs in `haystack`, or `nil`.
  @inline(__always)
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0
  ) -> Int? {
    firstIndex(of: needle, in: haystack, from: start) { _ in true }
  }

  /// The first index at or after `start` where `needle` occurs in `haystack` and `accept` holds, or
  /// `nil`; linear in the haystack for long needles, however many occurrences `accept` rejects.
  /// `reject`, when given, is asked first about every place the needle could start (before its
  /// bytes are compared, so also where it does not occur): a cheap test that turns most candidates
  /// down saves the comparison. It is not used with long needles.
  @inline(__always)
  static func firstIndex(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0,
    rejecting reject: (Int) -> Bool = { _ in false }, where accept: (Int) -> Bool
  ) -> Int? {
    let n = needle.count
    let h = haystack.count
    guard n > 0 else { return start <= h ? start : nil }
    guard n <= h - start, let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
      return nil
    }
    if n > shortNeedleLength { return KMPSearch(needle).firstIndex(in: haystack, from: start, where: accept) }
    // Jump between occurrences of one needle byte: the first, unless it is the lead byte of a 3- or
    // 4-byte scalar, which a whole script shares (every Devanagari letter starts with E0), while the
    // last byte tells letters apart.
    let anchor = needleBase[0] >= 0xE0 ? n - 1 : 0
    let byte = needleBase[anchor]
    var i = start + anchor
    let last = h - n + anchor
    while i <= last {
      guard let found = firstIndex(of: byte, in: base, from: i, through: last) else { return nil }
      let position = found - anchor
      if !reject(position) && (n == 1 || memcmpFast(base + position, needleBase, n)) && accept(position) {
        return position
      }
      i = position + anchor + 1
    }
    return nil
  }

  /// The first index from `start` through `last` where `base` holds `byte`. A script's letter
  /// recurs every few bytes: the next eight are tested inline before calling `memchr`.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, through last: Int)
    -> Int?
  {
    var start = start
    if start &+ 8 <= last &+ 1 {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
      let hits = LineCheck.zeroBytes(word ^ (UInt64(byte) &* LineCheck.Needle.ones))
      if hits != 0 { return start &+ hits.trailingZeroBitCount >> 3 }
      start &+= 8
    }
    return memchrFast(base + start, byte, last - start + 1).map { $0 - base }
  }

  /// Whether `text` starts with `prefix`.
  @inline(__always)
  static func hasPrefix(_ text: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
    guard prefix.count <= text.count else { return false }
    guard let a = text.baseAddress, let b = prefix.baseAddress else { return prefix.isEmpty }
    return memcmpFast(a, b, prefix.count)
  }

  /// Whether `text` ends with `suffix`.
  @inline(__always)
  static func hasSuffix(_ text: UnsafeBufferPointer<UInt8>, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
    guard suffix.count <= text.count else { return false }
    guard let a = text.baseAddress, let b = suffix.baseAddress else { return suffix.isEmpty }
    return memcmpFast(a + (text.count - suffix.count), b, suffix.count)
  }
}

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@inline(__always)
func memchrFast(_ start: UnsafePointer<UInt8>, _ byte: UInt8, _ count: Int) -> UnsafePointer<UInt8>? {
  guard count > 0, let raw = memchr(start, Int32(byte), count) else { return nil }
  return UnsafePointer(raw.assumingMemoryBound(to: UInt8.self))
}

@inline(__always)
func memcmpFast(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  memcmp(a, b, count) == 0
}

@inline(__always)
func memcmpOrder(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
  memcmp(a, b, count)
}
