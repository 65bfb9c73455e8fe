import TestSupport
import Testing

@testable import AutocompleteCore

/// The positions of the keys that start with a prefix, read off the trie's run starts, and the
/// prefix ranges of the index's sorted keys found through them, against a scan of every key.
@Suite("Sorted key trie: positions of a prefix")
struct SortedKeyTriePositionsTests {
  /// Keys over letters of one, two and three bytes, space and a digit, some empty, some repeated.
  static func keys(count: Int, seed: UInt64) -> [String] {
    let alphabet = ["a", "b", "n", " ", "7", "é", "ж", "中", "😀"]
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 0...7, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        .joined()
    }
  }

  /// Every prefix of every key (and a few that no key has), up to six bytes.
  static func prefixes(of storage: IndexStorage) -> Set<[UInt8]> {
    var prefixes: Set<[UInt8]> = [
      [], [0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61], [0x7A], [0xE4, 0xB8], [0xFF], [0x61, 0xFF],
      [0x61, 0x61, 0x61, 0xFF],
    ]
    for key in 0..<storage.keyCount {
      let bytes = Array(storage.bytes[storage.keyRange(key)])
      for length in 0...min(bytes.count, 6) { prefixes.insert(Array(bytes[..<length])) }
      if let last = bytes.last { prefixes.insert(bytes.dropLast() + [last &+ 1]) }
    }
    return prefixes
  }

  @Test(
    .disabled(
      if: isSanitized, "single-threaded: nothing for ThreadSanitizer to check, and 10× slower under it"),
    .offThePool, arguments: [1, 2, 3])
  func positionsAreThoseOfTheKeysStartingWithThePrefix(seed: UInt64) throws {
    let index = SearchIndex(Self.keys(count: 2_000, seed: seed).map { AutocompleteItem($0) })
    let storage = index.storage
    let trie = try #require(storage.trie)
    let sorted = (0..<storage.forward.count).map {
      Array(storage.bytes[storage.keyRange(Int(storage.forward[$0]))])
    }
    for prefix in Self.prefixes(of: storage) {
      let depth = min(prefix.count, SortedKeyTrie.shallowDepth)
      let head = prefix[..<depth]
      let expected = sorted.indices.filter { sorted[$0].starts(with: head) }
      let found = prefix.withUnsafeBufferPointer { trie.positions(startingWith: $0) }
      #expect(found.depth == depth)
      if expected.isEmpty {
        #expect(found.range.isEmpty, "\(prefix)")
      } else {
        #expect(found.range == expected.first!..<(expected.last! + 1), "\(prefix)")
      }
      // The whole prefix, through the trie and a binary search within its node.
      let whole = sorted.indices.filter { sorted[$0].starts(with: prefix) }
      let range = storage.bytes.withUnsafeBufferPointer { buffer in
        prefix.withUnsafeBufferPointer { storage.forwardRange(of: $0, in: buffer) }
      }
      #expect(Array(range) == whole || (range.isEmpty && whole.isEmpty), "\(prefix)")
    }
  }
}
