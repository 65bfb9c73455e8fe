import TestSupport
import Testing

@testable import AutocompleteCore

/// The lookahead masks and pair sets that ``TypoTrieWalk`` leaves nodes by, against a brute force:
/// for every node of the first bytes, the classes (and pairs of neighbouring classes) its keys hold
/// in the scalars after its prefix, recomputed key by key from their scalars.
@Suite("Sorted key trie: lookahead masks and pair sets")
struct SortedKeyTrieLookaheadTests {
  /// Keys over letters of one, two and three bytes, space, a digit and punctuation.
  static func keys(count: Int, seed: UInt64) -> [String] {
    let alphabet = ["a", "e", "n", "s", "t", " ", "7", "-", "é", "λ", "ж", "中"]
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      (0..<Int.random(in: 1...14, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        .joined()
    }
  }

  @Test(.offThePool) func masksAndPairSetsHoldWhatTheKeysBelowHold() throws {
    let index = SearchIndex(Self.keys(count: 3_000, seed: 11).map { AutocompleteItem($0) })
    let storage = index.storage
    let trie = try #require(storage.trie)
    let offsets = trie.runStartOffsets
    var pairStart = 0
    var checked = 0
    for depth in 1...SortedKeyTrie.shallowDepth {
      let bits = SortedKeyTrie.pairSetDepths.contains(depth) ? SortedKeyTrie.pairSetBits(depth: depth) : 0
      if bits > 0 {
        #expect(SortedKeyTrie.pairSetStart(depth: depth, runStartOffsets: offsets) == pairStart)
      }
      for entry in offsets[depth - 1]..<(offsets[depth] - 1) {
        var mask: UInt64 = 0
        var pairs = Set<Int>()
        for position in Int(trie.runStarts[entry])..<Int(trie.runStarts[entry + 1]) {
          let key = Array(storage.bytes[storage.keyRange(Int(storage.forward[position]))])
          guard key.count >= depth else { continue }
          // The classes of the scalars after the one holding byte `depth - 1`, by their first byte.
          let owner = key[..<depth].filter { $0 < 0x80 || $0 >= 0xC0 }.count - 1
          let leads = key.filter { $0 < 0x80 || $0 >= 0xC0 }
          let window = leads.dropFirst(owner + 1).prefix(SortedKeyTrie.lookaheadWidth)
          let classes = window.map { SortedKeyTrie.lookaheadBit($0).trailingZeroBitCount }
          for bit in classes { mask |= 1 << UInt64(bit) }
          guard bits > 0 else { continue }
          for (first, second) in zip(classes, classes.dropFirst()) {
            pairs.insert(SortedKeyTrie.pairBit(first, second, depth: depth))
          }
        }
        #expect(trie.lookaheadMasks[entry] == mask, "depth \(depth) entry \(entry)")
        if bits > 0 {
          // Bit by bit: a bit per entry of the depth, in `stride` words per pair bit.
          let stride = SortedKeyTrie.pairSetStride(depth: depth, runStartOffsets: offsets)
          let column = entry - offsets[depth - 1]
          let stored = Set(
            (0..<bits).filter {
              trie.pairSets[pairStart + $0 * stride + column / 64] & (1 << UInt64(column % 64)) != 0
            })
          #expect(stored == pairs, "depth \(depth) entry \(entry)")
        }
        checked += 1
      }
      if bits > 0 {
        pairStart += bits * SortedKeyTrie.pairSetStride(depth: depth, runStartOffsets: offsets)
      }
    }
    #expect(checked > 1_000)
    #expect(pairStart == trie.pairSets.count)
  }
}
