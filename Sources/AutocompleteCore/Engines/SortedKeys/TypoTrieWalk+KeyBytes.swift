// How a ``TypoTrieWalk`` reads the sorted keys: a key's bytes and scalars at a depth (from
// ``SortedKeyTrie/tail`` where it can), where a key ends, and where a run of keys sharing a prefix ends.

extension TypoTrieWalk {
  /// The byte at `depth` of the key at sorted `position` (0xFF where the key ends), given that
  /// `depth` is not below the key's `lcp`: from ``SortedKeyTrie/tail`` when it holds it, else from
  /// the key's bytes (each key is followed by the 0xFF separator).
  @inline(__always)
  func byte(at position: Int, _ depth: Int) -> UInt8 {
    let offset = depth &- Int(lcp[position])
    if offset >= 0 && offset < 4 && lcp[position] < SortedKeyTrie.lcpCap {
      return UInt8(truncatingIfNeeded: tail[position] >> UInt32(8 * offset))
    }
    let index = Int(starts[Int(forward[position])]) &+ depth
    return index < byteCount ? bytes[index] : 0xFF
  }

  /// The byte at `depth` of the key at sorted `position`, for any depth: keys before it that share
  /// more than `depth` bytes with it have the same byte there, so it is read from the first of them,
  /// where ``SortedKeyTrie/tail`` is more likely to hold it (the walk stays within a node, whose first
  /// key shares fewer bytes with the one before).
  @inline(__always)
  func sharedByte(at position: Int, _ depth: Int) -> UInt8 {
    var first = position
    while first > 0 && Int(lcp[first]) > depth && lcp[first] < SortedKeyTrie.lcpCap { first -= 1 }
    return byte(at: first, depth)
  }

  /// The length and pattern cluster number of the scalar led by `lead` at `depth` of the key at
  /// sorted `position`: a wide scalar's bytes are read only when the pattern has wide scalars.
  @inline(__always)
  func scalar(leadBy lead: UInt8, at position: Int, _ depth: Int) -> (length: Int, cluster: Int32) {
    if lead < 0x80 { return (1, asciiIDs[Int(lead)]) }
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard pattern.hasWideScalars else { return (length, TypoPattern.absent) }
    let start = Int(starts[Int(forward[position])]) + depth
    guard start + length <= byteCount else { return (length, TypoPattern.absent) }
    return (length, pattern.wideID(of: UnsafeBufferPointer(start: bytes + start, count: length)))
  }

  /// Whether the key at sorted `position`, which shares `depth` bytes with its node, ends there.
  @inline(__always)
  func ends(at position: Int, _ depth: Int) -> Bool {
    let shared = Int(lcp[position])
    // Sharing more than `depth` bytes with the previous key, it is longer than `depth`.
    if shared > depth && shared < SortedKeyTrie.lcpCap { return false }
    return byte(at: position, depth) == 0xFF
  }

  /// The end of the run from `start` (below `end`) whose keys share their first `depth` bytes: the
  /// first later position whose `lcp` is below `depth`, skipping blocks whose minimum is not and
  /// testing eight `lcp` bytes at a time in between.
  @inline(__always)
  func runEnd(from start: Int, below end: Int, sharing depth: Int) -> Int {
    guard depth <= SortedKeyTrie.lcpCap else {
      return Self.slowRunEnd(
        from: start, below: end, sharing: depth, bytes: bytes, byteCount: byteCount, starts: starts,
        forward: forward)
    }
    let threshold = UInt8(truncatingIfNeeded: depth)
    var position = start + 1
    guard depth <= 128 else {
      while position < end && lcp[position] >= threshold { position += 1 }
      return position
    }
    while position < end && position & 7 != 0 {
      if lcp[position] < threshold { return position }
      position += 1
    }
    let blockSize = SortedKeyTrie.blockSize
    // A byte of `word` is below the threshold when its subtraction borrows without its top bit set
    // (exact for the lowest such byte, the one wanted; thresholds up to 128).
    let subtrahend = 0x0101_0101_0101_0101 &* UInt64(threshold)
    while position + 8 <= end {
      if position & (blockSize - 1) == 0 && position + blockSize <= end
        && lcpMinima[position / blockSize] >= threshold
      {
        position += blockSize
        continue
      }
      let word = UInt64(littleEndian: UnsafeRawPointer(lcp + position).loadUnaligned(as: UInt64.self))
      let below = (word &- subtrahend) & ~word & 0x8080_8080_8080_8080
      if below != 0 { return position + below.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < end {
      if lcp[position] < threshold { return position }
      position += 1
    }
    return end
  }

  /// ``runEnd(from:below:sharing:)`` past the `lcp` cap: comparing the keys' bytes. Static, so that
  /// calling it from ``expand(_:into:)`` does not copy the walk.
  private static func slowRunEnd(
    from start: Int, below end: Int, sharing depth: Int, bytes: UnsafePointer<UInt8>, byteCount: Int,
    starts: UnsafePointer<UInt32>,
    forward: UnsafePointer<UInt32>
  ) -> Int {
    let first = Int(starts[Int(forward[start])])
    guard first + depth <= byteCount else { return start + 1 }
    var position = start + 1
    while position < end {
      let other = Int(starts[Int(forward[position])])
      guard other + depth <= byteCount, memcmpFast(bytes + first, bytes + other, depth) else { break }
      position += 1
    }
    return position
  }
}
