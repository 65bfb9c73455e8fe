extension IndexStorage {
  /// Builds unsorted storage straight from lines of valid UTF-8, one key per line, for a
  /// one-shot search: no `String` per line, and ranks by length then line order.
  /// - Throws: ``LineFilter/InputError/foldedTooLarge(line:)`` naming the first line (from 1) whose
  ///   folded text does not fit 32-bit offsets (folding can make text longer: U+FDFA gives 18
  ///   characters).
  init(
    lines buffer: UnsafeBufferPointer<UInt8>, count lineCount: Int, range: (Int) -> Range<Int>,
    folder: TextFolder
  ) throws(LineFilter.InputError) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buffer.count + lineCount + 16)
    var starts: [UInt32] = []
    starts.reserveCapacity(lineCount + 1)
    var lengths: [UInt32] = []  // for the ranks below
    lengths.reserveCapacity(lineCount)
    var humpPositions: [Int] = []
    var longest = 0
    for line in 0..<lineCount {
      let range = range(line)
      lengths.append(UInt32(range.count))
      let start = bytes.count
      guard let offset = UInt32(exactly: start) else { throw .foldedTooLarge(line: line) }
      starts.append(offset)
      let line = UnsafeBufferPointer(rebasing: buffer[range])  // as it is: see `isSorted`
      longest = max(longest, range.count)
      let (isASCII, hasHump) = Self.survey(line)
      if !folder.isCaseSensitive && isASCII {
        // The common case: copy, then lower A-Z in place, noting camel humps on the way.
        bytes.append(contentsOf: line)
        bytes.withUnsafeMutableBufferPointer { folded in
          var previousIsLower = false
          for index in start..<folded.count {
            let byte = folded[index]
            let isUpper = byte &- 0x41 < 26
            if isUpper && previousIsLower { humpPositions.append(index) }
            previousIsLower = byte &- 0x61 < 26
            folded[index] = byte &+ (isUpper ? 0x20 : 0)
          }
        }
      } else {
        folder.appendFolded(utf8: line, to: &bytes)
        if !folder.isCaseSensitive && hasHump {
          Self.appendHumps(utf8: line, foldedFrom: start, folder: folder, to: &humpPositions)
        }
      }
      bytes.append(Self.separator)
    }
    guard let end = UInt32(exactly: bytes.count) else { throw .foldedTooLarge(line: lineCount) }
    starts.append(end)
    let ranks = Self.ranksByLength(lengths, longest: longest)
    let humps = HumpMask.bits(marking: humpPositions, count: bytes.count)
    self.init(
      bytes: bytes, starts: starts, owners: [], keyIndexes: [], humps: humps, ranks: ranks)
  }

  /// Each line's rank: shorter first, then earlier. A stable counting sort when the longest line is
  /// short next to the number of lines (its table has one entry per length), else a sort — a 10 MB
  /// line must not cost an 80 MB table.
  static func ranksByLength(_ lengths: [UInt32], longest: Int) -> [UInt32] {
    guard longest < max(1 << 16, 4 * lengths.count) else {
      let order = lengths.indices.sorted { lengths[$0] != lengths[$1] ? lengths[$0] < lengths[$1] : $0 < $1 }
      var ranks = [UInt32](repeating: 0, count: lengths.count)
      for (rank, line) in order.enumerated() { ranks[line] = UInt32(rank) }
      return ranks
    }
    var counts = [Int](repeating: 0, count: longest + 2)
    for length in lengths { counts[Int(length) + 1] += 1 }
    for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
    var ranks = lengths  // reused in place: each length becomes its line's rank
    for line in ranks.indices {
      let length = Int(ranks[line])
      ranks[line] = UInt32(counts[length])
      counts[length] += 1
    }
    return ranks
  }

  /// Whether `line` is all ASCII, and whether it has an ASCII capital after an ASCII small letter.
  /// Each byte is compared with the one before it, without a flag carried from byte to byte, so
  /// that the loop is vectorized (a long non-ASCII line was surveyed a byte at a time).
  @inline(__always)
  static func survey(_ line: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasHump: Bool) {
    guard let base = line.baseAddress, !line.isEmpty else { return (true, false) }
    var union = base[0]
    var humps: UInt8 = 0
    for index in 1..<line.count {
      let byte = base[index]
      let before = base[index - 1]
      union |= byte
      humps |= (byte &- 0x41 < 26 ? 1 : 0) & (before &- 0x61 < 26 ? 1 : 0)
    }
    return (union < 0x80, humps != 0)
  }
}
