/// Lookahead masks: per node near the root, the classes of the characters its keys hold in the
/// next few scalars — what lets ``TypoTrieWalk`` leave a node whose keys lack too many of the
/// query's next characters before walking it (``SortedKeyTrie/lookaheadMasks``).
extension SortedKeyTrie {
  /// How many scalars past a node's prefix its ``lookaheadMasks`` entry covers.
  static let lookaheadWidth = 8

  /// The bit of a character class: letters, digits and space one each, other ASCII bytes folded
  /// together by their value, every byte that is not ASCII bit 63. A pattern cluster whose class
  /// is not in a mask is in none of the keys' characters the mask covers.
  @inline(__always)
  static func lookaheadBit(_ byte: UInt8) -> UInt64 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 &<< UInt64(byte &- UInt8(ascii: "a"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 &<< UInt64(26 &+ byte &- UInt8(ascii: "0"))
    case UInt8(ascii: " "): 1 &<< 36
    case 0..<0x80: 1 &<< UInt64(37 &+ byte % 26)
    default: 1 &<< 63
    }
  }

  /// Builds ``lookaheadMasks`` from the sorted keys, given in order with the bytes each shares
  /// with the one before: a run of depth `d` starts at each key sharing fewer than `d` bytes.
  struct LookaheadBuilder {
    /// Each byte's class.
    private let classes = (0...255).map { SortedKeyTrie.lookaheadBit(UInt8($0)) }
    /// Per depth, the masks of the complete runs.
    private var complete = [[UInt64]](repeating: [], count: SortedKeyTrie.shallowDepth)
    /// Per depth (a lane for each of the ``SortedKeyTrie/shallowDepth`` depths, four), the mask of
    /// the run the last key is in.
    private var open = SIMD4<UInt64>.zero
    private var isEmpty = true

    /// Adds the next sorted key, which shares `common` bytes with the one before.
    mutating func add(_ key: UnsafeBufferPointer<UInt8>, sharing common: Int) {
      let masks = lookaheads(of: key)
      for depth in 1...SortedKeyTrie.shallowDepth where !isEmpty && common < depth {
        complete[depth - 1].append(open[depth - 1])
        open[depth - 1] = 0
      }
      open |= masks
      isEmpty = false
    }

    /// The masks, laid out as ``SortedKeyTrie/runStarts``: each depth's runs, then
    /// an entry for its end.
    func masks() -> [UInt64] {
      var masks: [UInt64] = []
      for depth in 1...SortedKeyTrie.shallowDepth {
        masks += complete[depth - 1]
        if !isEmpty { masks.append(open[depth - 1]) }
        masks.append(0)
      }
      return masks
    }

    /// The key's masks for each depth, in one pass over its first scalars: for depth `d`, the
    /// classes of the ``SortedKeyTrie/lookaheadWidth`` scalars after the one that byte `d - 1` is
    /// part of — the scalars right after the prefix of `d` bytes where that prefix ends a scalar,
    /// as it does at every node a walk asks about.
    private func lookaheads(of key: UnsafeBufferPointer<UInt8>) -> SIMD4<UInt64> {
      let width = SortedKeyTrie.lookaheadWidth
      let depths = SortedKeyTrie.shallowDepth
      let slots = depths + width
      if key.isEmpty { return .zero }
      return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: slots + depths) { buffer in
        // The classes of the key's first scalars (by their first byte: a scalar's other bytes are
        // not ASCII either), then the scalar of each of its first `depths` bytes.
        let bits = buffer.baseAddress!
        let owners = bits + slots
        var scalar = -1
        for position in 0..<key.count {
          let byte = key[position]
          // (A key starting with a continuation byte, not UTF-8, starts a scalar there.)
          if byte < 0x80 || byte >= 0xC0 || scalar < 0 {
            scalar += 1
            if scalar == slots { break }
            bits[scalar] = classes[Int(byte)]
          }
          if position < depths { owners[position] = UInt64(scalar) }
        }
        var masks = SIMD4<UInt64>.zero
        for depth in 1...min(depths, key.count) {
          let first = Int(owners[depth - 1])
          var mask: UInt64 = 0
          for index in (first + 1)..<(first + 1 + width) where index <= scalar { mask |= bits[index] }
          masks[depth - 1] = mask
        }
        return masks
      }
    }
  }
}
