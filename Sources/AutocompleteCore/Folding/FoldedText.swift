/// A folded text with a map back to the original, for highlighting matches.
///
/// ```swift
/// let folded = TextFolder().foldedWithMap("Thủ Đức")
/// // folded.utf8 is "thu duc"; bytes 4..<7 ("duc") map back to "Đức":
/// folded.originalRanges(forFoldedRanges: [4..<7]).map { folded.original[$0] }  // ["Đức"]
/// ```
public struct FoldedText: Sendable {
  /// The original text.
  public let original: String
  /// The folded text as UTF-8: valid UTF-8 that never contains the byte 0xFF.
  public let utf8: [UInt8]
  /// For each folded byte, the UTF-8 offset in ``original`` of the scalar it came from;
  /// non-decreasing.
  let sourceOffsets: [Int32]

  init(original: String, utf8: [UInt8], sourceOffsets: [Int32]) {
    self.original = original
    self.utf8 = utf8
    self.sourceOffsets = sourceOffsets
  }

  /// Maps ranges of folded bytes to ranges of ``original``.
  ///
  /// Each range is widened to whole grapheme clusters (a match on the "e" of a decomposed "é"
  /// highlights the whole "é"; a flag is never split). The results are in order, and ranges that
  /// touch or overlap are merged. Empty ranges and ranges outside ``utf8`` are ignored.
  public func originalRanges(forFoldedRanges foldedRanges: [Range<Int>]) -> [Range<String.Index>] {
    var spans: [(start: Int, end: Int)] = []
    var copy = original
    copy.withUTF8 { source in
      for range in foldedRanges
      where !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= utf8.count {
        let start = Int(sourceOffsets[range.lowerBound])
        let last = Int(sourceOffsets[range.upperBound - 1])
        guard start >= 0, start <= last, last < source.count else { continue }
        spans.append((start, last + Self.scalarLength(lead: source[last])))
      }
    }
    guard !spans.isEmpty, !original.isEmpty else { return [] }
    spans.sort { $0.start < $1.start }

    // Walk the clusters forward once, widening each span to the clusters it touches.
    let view = original.utf8
    var result: [Range<String.Index>] = []
    var clusterStart = original.startIndex
    var clusterEnd = original.index(after: clusterStart)
    var clusterEndOffset = view.distance(from: clusterStart, to: clusterEnd)
    func advance() {
      clusterStart = clusterEnd
      clusterEnd = original.index(after: clusterEnd)
      clusterEndOffset += view.distance(from: clusterStart, to: clusterEnd)
    }
    for span in spans {
      while clusterEndOffset <= span.start { advance() }
      let lower = clusterStart
      while clusterEndOffset < span.end { advance() }
      let upper = clusterEnd
      if let previous = result.last, previous.upperBound >= lower {
        result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, upper)
      } else {
        result.append(lower..<upper)
      }
    }
    return result
  }

  /// The length of a UTF-8 sequence from its lead byte.
  static func scalarLength(lead: UInt8) -> Int {
    switch lead {
    case ..<0xC0: 1
    case ..<0xE0: 2
    case ..<0xF0: 3
    default: 4
    }
  }
}
