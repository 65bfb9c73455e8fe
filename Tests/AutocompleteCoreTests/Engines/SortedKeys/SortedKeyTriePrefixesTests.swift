import TestSupport
import Testing

@testable import AutocompleteCore

/// `lcp` and `tail` (``SortedKeyTrie/prefixes(keys:)``), which compare eight bytes at a time and
/// read a tail as one word, are what a byte-by-byte reading of the sorted keys gives: keys sharing
/// prefixes of every length around the eight-byte steps and the cap of 255, keys ending inside a
/// step, empty keys and bytes that are not ASCII.
@Suite("Sorted key trie: lcp and tail")
struct SortedKeyTriePrefixesTests {
  /// The reference: one byte at a time.
  static func reference(_ keys: [[UInt8]]) -> (lcp: [UInt8], tail: [UInt32]) {
    var lcp: [UInt8] = []
    var tail: [UInt32] = []
    var previous: [UInt8] = []
    for key in keys {
      var common = 0
      while common < min(previous.count, key.count, SortedKeyTrie.lcpCap) && previous[common] == key[common] {
        common += 1
      }
      lcp.append(UInt8(common))
      var bytes: UInt32 = .max
      if common < SortedKeyTrie.lcpCap {
        bytes = 0
        for offset in 0..<4 {
          bytes |= UInt32(common + offset < key.count ? key[common + offset] : 0xFF) << UInt32(8 * offset)
        }
      }
      tail.append(bytes)
      previous = key
    }
    return (lcp, tail)
  }

  @Test(.offThePool, arguments: [1, 2, 3])
  func prefixesAreThoseOfAByteByByteReading(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet: [UInt8] = [0x61, 0x62, 0x20, 0xC3, 0xA9, 0x7A]
    let stems = (0..<40).map { _ in
      (0..<Int(random.next() % 300)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }
    var keys: [[UInt8]] = [[]]
    for _ in 0..<2_000 {
      let stem = stems[Int(random.next() % UInt64(stems.count))]
      let cut = Int(random.next() % UInt64(stem.count + 1))
      let rest = (0..<Int(random.next() % 12)).map { _ in
        alphabet[Int(random.next() % UInt64(alphabet.count))]
      }
      keys.append(Array(stem[..<cut]) + rest)
    }
    keys.sort { $0.lexicographicallyPrecedes($1) }
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    for key in keys {
      starts.append(UInt32(bytes.count))
      bytes += key + [IndexStorage.separator]
    }
    starts.append(UInt32(bytes.count))
    let forward = (0..<UInt32(keys.count)).map { $0 }
    let made = SortedKeyTrie.withKeys(bytes: bytes, starts: starts, forward: forward) {
      SortedKeyTrie.prefixes(keys: $0)
    }
    let expected = Self.reference(keys)
    #expect(made.lcp.count == keys.count && made.tail.count == keys.count)
    let wrong = keys.indices.first { made.lcp[$0] != expected.lcp[$0] || made.tail[$0] != expected.tail[$0] }
    #expect(wrong == nil, "first wrong at \(wrong.map { "\($0): \(keys[$0].count) bytes" } ?? "")")
    #expect(
      expected.lcp.contains(UInt8(SortedKeyTrie.lcpCap)) && expected.lcp.contains { (9..<16).contains($0) })
  }
}
