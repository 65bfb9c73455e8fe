/// Knuth–Morris–Pratt substring search: one pass over the haystack whatever the needle, so a long or
/// repetitive query ("aaaa…ab" in "aaaa…a") costs O(haystack + needle), not their product.
///
/// ``ByteSearch`` uses it for needles longer than ``ByteSearch/shortNeedleLength``; shorter ones
/// keep the `memchr` + `memcmp` loop, which is faster in practice and bounded by the short length.
struct KMPSearch {
  /// The needle.
  let needle: UnsafeBufferPointer<UInt8>
  /// For each prefix of the needle, the length of its longest proper border.
  private let borders: [Int32]

  /// Prepares `needle` (not empty).
  init(_ needle: UnsafeBufferPointer<UInt8>) {
    self.needle = needle
    var borders = [Int32](repeating: 0, count: needle.count)
    var k = 0
    for index in needle.indices.dropFirst() {
      while k > 0 && needle[index] != needle[k] { k = Int(borders[k - 1]) }
      if needle[index] == needle[k] { k += 1 }
      borders[index] = Int32(k)
    }
    self.borders = borders
  }

  /// The first position at or after `start` where the needle occurs in `haystack` and `accept`
  /// holds, or `nil`.
  func firstIndex(
    in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0, where accept: (Int) -> Bool = { _ in true }
  ) -> Int? {
    let m = needle.count
    guard m > 0 else { return start <= haystack.count ? start : nil }
    var matched = 0
    var index = start
    while index < haystack.count {
      let byte = haystack[index]
      while matched > 0 && byte != needle[matched] { matched = Int(borders[matched - 1]) }
      if byte == needle[matched] { matched += 1 }
      if matched == m {
        let position = index + 1 - m
        if accept(position) { return position }
        matched = Int(borders[m - 1])
      }
      index += 1
    }
    return nil
  }
}
