/// How a ``SortedKeyTrie``'s tables follow from the sorted keys, computed the same way when the trie
/// is built and when one read from a file is checked.
///
/// The walk (``TypoTrieWalk``) and ``SortedKeyTrie/positions(startingWith:)`` index memory with the
/// numbers the run tables hold — run starts, first child entries, child bits counted into entry
/// numbers — and trust them, for speed. A file forged with valid checksums could make them read out
/// of bounds, so a checked open recomputes the run tables from the stored `lcp` and `tail` (a few
/// sequential passes over the positions) and requires the file's to be the same
/// (``hasConsistentTables(keyCount:)``). Recomputing `lcp` and `tail` themselves from the keys would
/// read every key in sorted order, a cache miss each (1.5 s for 1M keys here, against 38 ms for the
/// whole checked open): instead the walk never reads a key's bytes past the end of the key section,
/// so `lcp` and `tail` values that lie give wrong answers, as any forged content would, not a crash.
/// The bit sets (lookahead masks, pair sets, complex bits) hold no numbers the walk indexes with;
/// only their sizes are checked, and the listed keys' numbers.
extension SortedKeyTrie {
  /// The keys of an index in sorted order: `bytes` holds every key followed by a terminator byte,
  /// key number `k` from `starts[k]`; `forward` gives the key number at each sorted position.
  struct SortedKeys {
    /// Every key's bytes, each followed by its terminator.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where each key number's bytes start, then the end.
    let starts: UnsafeBufferPointer<UInt32>
    /// The key number at each sorted position.
    let forward: UnsafeBufferPointer<UInt32>

    /// The number of keys.
    var count: Int { forward.count }

    /// The bytes of the key at sorted position `position`, without its terminator.
    subscript(position: Int) -> UnsafeBufferPointer<UInt8> {
      let number = Int(forward[position])
      return UnsafeBufferPointer(rebasing: bytes[Int(starts[number])..<(Int(starts[number + 1]) - 1)])
    }
  }

  /// Calls `body` with the sorted keys of these arrays.
  static func withKeys<Result>(
    bytes: [UInt8], starts: [UInt32], forward: [UInt32], _ body: (SortedKeys) -> Result
  ) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        forward.withUnsafeBufferPointer { body(SortedKeys(bytes: bytes, starts: starts, forward: $0)) }
      }
    }
  }

  /// ``prefixes(keys:)`` of the keys in `bytes` (key `k` at `starts[k]`) in the sorted order
  /// `forward`, as columns.
  static func prefixes(bytes: Column<UInt8>, starts: Column<UInt32>, forward: Column<UInt32>)
    -> (Column<UInt8>, Column<UInt32>)
  {
    let (lcp, tail) = bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        forward.withUnsafeBufferPointer {
          prefixes(keys: SortedKeys(bytes: bytes, starts: starts, forward: $0))
        }
      }
    }
    return (Column(lcp), Column(tail))
  }

  /// The run tables, which follow from `lcp` and `tail` alone.
  struct Runs: Equatable {
    var lcpMinima: [UInt8] = []
    var runStarts: [UInt32] = []
    var runStartOffsets: [Int] = []
    var runLabels: [UInt8] = []
    var firstChildEntries: [UInt32] = []
    var childLabelBits: [UInt64] = []
  }

  /// For each sorted position, the bytes the key shares with the previous one (capped at
  /// ``lcpCap``) and its four bytes from there (0xFF past its end; `.max` at the cap). Bytes are
  /// compared eight at a time and a tail read as one word where the keys are long enough: 755,000
  /// sorted words take a few milliseconds (a word dictionary's are made so when it is read).
  static func prefixes(keys: SortedKeys) -> (lcp: [UInt8], tail: [UInt32]) {
    let n = keys.count
    var lcp = [UInt8](repeating: 0, count: n)
    var tail = [UInt32](repeating: .max, count: n)
    guard let base = keys.bytes.baseAddress else { return (lcp, tail) }
    let bytes = UnsafeRawPointer(base)
    lcp.withUnsafeMutableBufferPointer { lcp in
      tail.withUnsafeMutableBufferPointer { tail in
        var (before, beforeCount) = (0, 0)
        for position in 0..<n {
          let number = Int(keys.forward[position])
          let start = Int(keys.starts[number])
          let count = Int(keys.starts[number + 1]) - 1 - start
          let limit = min(beforeCount, count, Self.lcpCap)
          var common = 0
          while common &+ 8 <= limit {
            let difference =
              bytes.loadUnaligned(fromByteOffset: before &+ common, as: UInt64.self)
              ^ bytes.loadUnaligned(fromByteOffset: start &+ common, as: UInt64.self)
            if difference != 0 {
              common &+= UInt64(littleEndian: difference).trailingZeroBitCount >> 3
              break
            }
            common &+= 8
          }
          while common < limit && base[before &+ common] == base[start &+ common] { common &+= 1 }
          lcp[position] = UInt8(truncatingIfNeeded: common)
          if common < Self.lcpCap {
            if common &+ 4 <= count {
              tail[position] = UInt32(
                littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ common, as: UInt32.self))
            } else {
              var word: UInt32 = 0
              for offset in 0..<4 {
                let byte = common &+ offset < count ? base[start &+ common &+ offset] : 0xFF
                word |= UInt32(byte) << UInt32(8 * offset)
              }
              tail[position] = word
            }
          }
          (before, beforeCount) = (start, count)
        }
      }
    }
    return (lcp, tail)
  }

  /// Whether the key at a sorted position other than the first, with these `lcp` and `tail`
  /// values, starts a run of depth `depth`: it shares fewer bytes with the key before — unless it
  /// equals that key (it ends where they part: its tail starts past its end) and `mergesEqualKeys`.
  @inline(__always)
  static func startsRun(lcp: UInt8, tail: UInt32, depth: Int, mergesEqualKeys: Bool) -> Bool {
    Int(lcp) < depth && !(mergesEqualKeys && Int(lcp) < Self.lcpCap && tail & 0xFF == 0xFF)
  }

  /// The run tables of keys with these `lcp` and `tail` values, keys equal to the one before in
  /// its runs when `mergesEqualKeys` (``SortedKeyTrie/mergesEqualKeys``).
  static func runs(
    lcp: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt32>, mergesEqualKeys: Bool
  ) -> Runs {
    let n = lcp.count
    var runs = Runs()
    runs.lcpMinima = stride(from: 0, to: n, by: Self.blockSize).map {
      lcp[$0..<min($0 + Self.blockSize, n)].min()!
    }
    for depth in 1...Self.shallowDepth {
      runs.runStartOffsets.append(runs.runStarts.count)
      for position in 0..<n
      where position == 0
        || Self.startsRun(
          lcp: lcp[position], tail: tail[position], depth: depth, mergesEqualKeys: mergesEqualKeys)
      {
        runs.runStarts.append(UInt32(position))
        // The key's byte at `depth - 1`: from its tail when it parts from the previous key at or
        // before it, which a run start does.
        let offset = depth - 1 - Int(lcp[position])
        runs.runLabels.append(
          offset < 0 ? 0xFF : UInt8(truncatingIfNeeded: tail[position] >> UInt32(8 * offset)))
      }
      runs.runStarts.append(UInt32(n))
      runs.runLabels.append(0xFF)
    }
    runs.runStartOffsets.append(runs.runStarts.count)
    // Each depth's run starts are among the next depth's: a merge finds them.
    for depth in 1..<Self.shallowDepth {
      var child = runs.runStartOffsets[depth]
      for entry in runs.runStartOffsets[depth - 1]..<runs.runStartOffsets[depth] {
        while runs.runStarts[child] < runs.runStarts[entry] { child += 1 }
        runs.firstChildEntries.append(UInt32(child))
      }
    }
    runs.childLabelBits = [UInt64](repeating: 0, count: 2 * runs.firstChildEntries.count)
    for depth in 1..<Self.shallowDepth {
      // The last entry of a depth (the key count) has no children.
      for entry in runs.runStartOffsets[depth - 1]..<(runs.runStartOffsets[depth] - 1) {
        for child in Int(runs.firstChildEntries[entry])..<Int(runs.firstChildEntries[entry + 1]) {
          let label = runs.runLabels[child]
          if label < 0x80 { runs.childLabelBits[2 * entry + Int(label >> 6)] |= 1 << UInt64(label & 63) }
        }
      }
    }
    return runs
  }

  /// Whether this trie's run tables are those that follow from its `lcp` and `tail`, and its other
  /// tables have the sizes and key numbers of a trie over `keyCount` keys: true of every trie built
  /// here, false of a forged one whose numbers the walk could not trust.
  func hasConsistentTables(keyCount n: Int) -> Bool {
    guard lcp.count == n, tail.count == n, asciiLeadEnd <= n else { return false }
    let expected = lcp.withUnsafeBufferPointer { lcp in
      tail.withUnsafeBufferPointer { Self.runs(lcp: lcp, tail: $0, mergesEqualKeys: mergesEqualKeys) }
    }
    let stored = Runs(
      lcpMinima: lcpMinima.array, runStarts: runStarts.array, runStartOffsets: runStartOffsets,
      runLabels: runLabels.array, firstChildEntries: firstChildEntries.array,
      childLabelBits: childLabelBits.array)
    let pairSetWords = Self.pairSetStart(
      depth: Self.pairSetDepths.upperBound + 1, runStartOffsets: expected.runStartOffsets)
    return stored == expected && lookaheadMasks.count == expected.runStarts.count
      && pairSets.count == pairSetWords && complexBits.count == (n + 63) / 64
      && complexKeys.allSatisfy { Int($0) < n }
      && reachLists.allSatisfy { list in list.keys.allSatisfy { Int($0) < n } }
  }
}
