extension IndexStorage {
  /// Builds unsorted storage straight from lines of valid UTF-8, one key per line, for a
  /// one-shot search: no `String` per line, and ranks by length then line order.
  init(lines buffer: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], folder: TextFolder) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.count + ranges.count + 16)
    var starts: [UInt32] = []
    starts.reserveCapacity(ranges.count + 1)
    var humpPositions: [Int] = []
    var longest = 0
    for range in ranges {
      let start = bytes.count
      starts.append(UInt32(start))
      let line = UnsafeBufferPointer(rebasing: buffer[range])
      folder.appendFolded(utf8: line, to: &bytes)
      bytes.append(Self.separator)
      longest = max(longest, range.count)
      if !folder.isCaseSensitive {
        Self.appendHumps(utf8: line, foldedFrom: start, folder: folder, to: &humpPositions)
      }
    }
    starts.append(UInt32(bytes.count))
    // Ranks: shorter first, then earlier (a stable counting sort by length).
    var counts = [Int](repeating: 0, count: longest + 2)
    for range in ranges { counts[range.count + 1] += 1 }
    for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
    var ranks = [UInt32](repeating: 0, count: ranges.count)
    for (line, range) in ranges.enumerated() {
      ranks[line] = UInt32(counts[range.count])
      counts[range.count] += 1
    }
    let humps = HumpMask.bits(marking: humpPositions, count: bytes.count)
    self.init(
      bytes: bytes, starts: starts, owners: [], keyIndexes: [], humps: humps, ranks: ranks)
  }
}
