/// Lookahead masks and pair sets: per node near the root, the classes of the characters its keys
/// hold in the next few scalars, and for the largest nodes the pairs of neighbouring classes there
/// — what lets ``TypoTrieWalk`` leave a node whose keys lack too many of the query's next
/// characters, or of their pairs, before walking it (``SortedKeyTrie/lookaheadMasks``,
/// ``SortedKeyTrie/pairSets``).
extension SortedKeyTrie {
  /// How many scalars past a node's prefix its ``lookaheadMasks`` and ``pairSets`` entries cover.
  static let lookaheadWidth = 8

  /// The byte depths whose nodes have ``pairSets``: nodes of one byte have too many keys for a set
  /// of pairs to leave any out, and those of four bytes are many and small, left well by their
  /// masks.
  static let pairSetDepths = 2...3

  /// How many bits a node's pair set at byte depth `depth` (in ``pairSetDepths``) has: the few
  /// nodes of two bytes keep every pair of classes, folding the classes that are not letters,
  /// digits or space into one (38 × 38 bits); the many of three bytes a hash of them into 256 bits.
  @inline(__always)
  static func pairSetBits(depth: Int) -> Int { depth == 2 ? 38 * 38 : 256 }

  /// How many words a node's pair set takes while it is built, one node after the other.
  static func pairSetWords(depth: Int) -> Int { (pairSetBits(depth: depth) + 63) / 64 }

  /// The words each bit of the pair sets of byte depth `depth` (in ``pairSetDepths``) takes in
  /// ``pairSets``, given ``runStartOffsets``: one bit per entry of ``runStarts`` of that depth.
  static func pairSetStride(depth: Int, runStartOffsets: [Int]) -> Int {
    (runStartOffsets[depth] - runStartOffsets[depth - 1] + 63) / 64
  }

  /// Where the pair sets of byte depth `depth` (in ``pairSetDepths``) start in ``pairSets``, given
  /// ``runStartOffsets``: after those of the depths above it, ``pairSetStride(depth:runStartOffsets:)``
  /// words per bit of ``pairSetBits(depth:)``.
  static func pairSetStart(depth: Int, runStartOffsets: [Int]) -> Int {
    pairSetDepths.prefix { $0 < depth }.reduce(0) {
      $0 + pairSetBits(depth: $1) * pairSetStride(depth: $1, runStartOffsets: runStartOffsets)
    }
  }

  /// The bit of the pair of classes `first`, `second` (bit numbers of ``lookaheadBit(_:)``) in a
  /// pair set of a node at byte depth `depth`: in sets of two bytes, a bit per pair of letters,
  /// digits, space or other; in sets of three, a multiplicative hash of the pair, so different pairs
  /// may share a bit. Either way a set may hold a pair it lacks, never lack one it holds.
  @inline(__always)
  static func pairBit(_ first: Int, _ second: Int, depth: Int) -> Int {
    if depth == 2 { return min(first, 37) &* 38 &+ min(second, 37) }
    let hash = UInt32(truncatingIfNeeded: first &* 64 &+ second) &* 0x9E37_79B1
    return Int(hash >> 24)
  }

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

  /// Builds ``lookaheadMasks`` and ``pairSets`` from the sorted keys, given in order with the bytes
  /// each shares with the one before: a run of depth `d` starts at each key sharing fewer than `d`
  /// bytes.
  struct LookaheadBuilder {
    /// Each byte's class.
    private let classes = (0...255).map { SortedKeyTrie.lookaheadBit(UInt8($0)) }
    /// Per depth, the masks of the complete runs.
    private var complete = [[UInt64]](repeating: [], count: SortedKeyTrie.shallowDepth)
    /// Per depth (a lane for each of the ``SortedKeyTrie/shallowDepth`` depths, four), the mask of
    /// the run the last key is in.
    private var open = SIMD4<UInt64>.zero
    /// Per depth of ``SortedKeyTrie/pairSetDepths``, the pair sets of the complete runs, one after
    /// the other.
    private var completePairs = [[UInt64]](repeating: [], count: SortedKeyTrie.pairSetDepths.count)
    /// The pair sets of the runs the last key is in, one depth of ``SortedKeyTrie/pairSetDepths``
    /// after the other, from ``openPairStarts``.
    private var openPairs = [UInt64](
      repeating: 0,
      count: SortedKeyTrie.pairSetDepths.reduce(0) { $0 + SortedKeyTrie.pairSetWords(depth: $1) })
    /// Where each depth's set starts in ``openPairs``.
    private let openPairStarts = SortedKeyTrie.pairSetDepths.reduce(into: [0]) {
      $0.append($0.last! + SortedKeyTrie.pairSetWords(depth: $1))
    }
    private var isEmpty = true

    /// Adds the next sorted key, which shares `common` bytes with the one before.
    mutating func add(_ key: UnsafeBufferPointer<UInt8>, sharing common: Int) {
      for depth in 1...SortedKeyTrie.shallowDepth where !isEmpty && common < depth {
        complete[depth - 1].append(open[depth - 1])
        open[depth - 1] = 0
      }
      for (index, depth) in SortedKeyTrie.pairSetDepths.enumerated() where !isEmpty && common < depth {
        let words = openPairStarts[index]..<openPairStarts[index + 1]
        completePairs[index] += openPairs[words]
        for word in words { openPairs[word] = 0 }
      }
      open |= lookaheads(of: key)
      isEmpty = false
    }

    /// The pair sets of each depth of ``SortedKeyTrie/pairSetDepths`` (one after the other), bit
    /// by bit: for each bit of ``SortedKeyTrie/pairSetBits(depth:)``, one bit per entry of
    /// ``SortedKeyTrie/runStarts`` of the depth (an empty set for its end entry), in
    /// ``SortedKeyTrie/pairSetStride(depth:runStartOffsets:)`` words. A walk checks the same few
    /// pairs of the query at sibling nodes, whose entries are neighbours: laid out this way, those
    /// checks share a cache line, where a set per node would spread them over its words.
    func pairSets() -> [UInt64] {
      var sets: [UInt64] = []
      for (index, depth) in SortedKeyTrie.pairSetDepths.enumerated() {
        let words = SortedKeyTrie.pairSetWords(depth: depth)
        var nodes = completePairs[index]
        if !isEmpty { nodes += openPairs[openPairStarts[index]..<openPairStarts[index + 1]] }
        nodes += [UInt64](repeating: 0, count: words)
        let entries = nodes.count / words
        let stride = (entries + 63) / 64
        var columns = [UInt64](repeating: 0, count: SortedKeyTrie.pairSetBits(depth: depth) * stride)
        for entry in 0..<entries {
          for word in 0..<words {
            var bits = nodes[entry * words + word]
            while bits != 0 {
              let bit = word * 64 + bits.trailingZeroBitCount
              bits &= bits - 1
              columns[bit * stride + entry / 64] |= 1 << UInt64(entry % 64)
            }
          }
        }
        sets += columns
      }
      return sets
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
    private mutating func lookaheads(of key: UnsafeBufferPointer<UInt8>) -> SIMD4<UInt64> {
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
          // The pairs of neighbouring scalars within the same window.
          guard SortedKeyTrie.pairSetDepths.contains(depth) else { continue }
          let set = openPairStarts[depth - SortedKeyTrie.pairSetDepths.lowerBound]
          for index in (first + 1)..<(first + width) where index + 1 <= scalar {
            let bit = SortedKeyTrie.pairBit(
              bits[index].trailingZeroBitCount, bits[index + 1].trailingZeroBitCount, depth: depth)
            openPairs[set + bit >> 6] |= 1 &<< UInt64(bit & 63)
          }
        }
        return masks
      }
    }
  }
}
