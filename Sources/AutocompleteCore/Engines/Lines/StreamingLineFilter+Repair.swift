/// Lines that are not valid UTF-8 or hold a NUL byte, searched instead of refused (issue 22): an fzf
/// user piping `find` with one Latin-1 file name must not lose every result.
///
/// Only a block that has such a line takes this path. Its lines are copied with each ill-formed
/// sequence replaced by U+FFFD (Swift's `String(decoding:as:)`, the Unicode "maximal subpart"
/// practice) and each NUL byte by U+FFFD too; the copy is searched as any block, and every hit is
/// given back its line's range in the original bytes, so the caller prints the line as it was read.
/// A repaired line can be longer than the original (one bad byte becomes three), so the block's hits
/// are sorted again once their lengths are the original ones.
extension StreamingLineFilter {
  /// Searches `block` (whole lines at byte `offset` of the text), which has a bad line, through a
  /// repaired copy; hits are ranges of the original bytes.
  static func searchRepairing(
    _ block: UnsafeBufferPointer<UInt8>, from offset: Int, folded query: [UInt8], mode: MatchMode,
    limit: Int?, keepsEmptyLines: Bool, folder: TextFolder, typos: TypoMatcher?, separator: UInt8 = 0x0A,
    pattern: ExtendedPattern? = nil
  ) -> Result<BlockAnswer, LineFilter.InputError> {
    guard let base = block.baseAddress else { return .success(BlockAnswer(hits: [], lineCount: 0)) }
    var repaired: [UInt8] = []
    repaired.reserveCapacity(block.count + block.count / 8)
    // For each line: where it starts in the copy, and its start and end (without "\r") in `block`.
    var copyStarts: [Int] = []
    var originals: [Range<Int>] = []
    var firstRepairedLine: Int?
    var start = 0
    while start < block.count {
      let end = memchrFast(base + start, separator, block.count - start).map { $0 - base } ?? block.count
      var stop = end
      if separator == 0x0A && stop > start && base[stop - 1] == 0x0D { stop -= 1 }
      copyStarts.append(repaired.count)
      originals.append(start..<stop)
      let line = UnsafeBufferPointer(rebasing: block[start..<stop])
      if LineFilter.problem(in: line, separator: separator) == nil {
        repaired.append(contentsOf: line)
      } else {
        if firstRepairedLine == nil { firstRepairedLine = originals.count }
        repaired.append(contentsOf: repairedLine(line))
      }
      repaired.append(separator)
      start = end + 1
    }
    let result = repaired.withUnsafeBufferPointer { copy in
      search(
        copy, from: 0, folded: query, mode: mode, limit: nil, keepsEmptyLines: keepsEmptyLines,
        folder: folder, typos: typos, repairsInvalidLines: false, separator: separator, pattern: pattern)
    }
    let copyHits: [Hit]
    switch result {
    case .success(let answer): copyHits = answer.hits
    case .failure(let error): return .failure(error)
    }
    var hits = copyHits.map { hit in
      // The line whose copy starts at the hit: the last copy start not after it.
      var low = 0
      var high = copyStarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if copyStarts[middle] <= Int(hit.start) { low = middle } else { high = middle - 1 }
      }
      var original = hit
      original.start = UInt32(offset + originals[low].lowerBound)
      original.length = UInt32(originals[low].count)
      return original
    }
    hits.sort { $0.isBetter(than: $1) }
    if let limit, hits.count > limit { hits.removeSubrange(limit...) }
    return .success(
      BlockAnswer(hits: hits, lineCount: originals.count, firstRepairedLine: firstRepairedLine))
  }

  /// `line` as valid UTF-8 without NUL: each ill-formed sequence (Unicode's "maximal subpart"
  /// practice, as `String(decoding:as:)` does) and each NUL byte is U+FFFD — what a line is searched
  /// as when ``repairsInvalidLines`` is on, and what a picker shows of it.
  public static func repairedLine(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(line.count + 8)
    for byte in String(decoding: line, as: UTF8.self).utf8 {
      if byte == 0 {
        bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
      } else {
        bytes.append(byte)
      }
    }
    return bytes
  }
}

extension StreamingLineFilter {
  /// The number (from 1) of the first line of `utf8` (ended by `separator`) that
  /// ``repairsInvalidLines`` repairs — the first with a NUL byte (unless NUL is the separator) or
  /// invalid UTF-8 — or `nil` when every line is valid.
  public static func firstRepairedLine(in utf8: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A) -> Int? {
    guard let base = utf8.baseAddress else { return nil }
    let nul = separator == 0 ? nil : memchrFast(base, 0, utf8.count).map { $0 - base }
    // Only the bytes before the first NUL can hold an earlier bad line.
    let invalid = LineFilter.firstInvalidUTF8(UnsafeBufferPointer(rebasing: utf8[..<(nul ?? utf8.count)]))
    guard let first = [nul, invalid].compactMap({ $0 }).min() else { return nil }
    return LineFilter.line(containing: first, in: utf8, separator: separator)
  }
}
