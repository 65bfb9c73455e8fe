/// Folded byte ranges mapped back to the bytes of the text they were folded from, each widened to
/// whole grapheme clusters: what ``FoldedText/originalRanges(forFoldedRanges:)`` gives, in UTF-8
/// offsets, and what `filter --highlight` writes around each line's matched characters without
/// making a `String` of the line (``SearchQuery/matchedByteRanges(inUTF8:)``).
///
/// Each folded range starts at the scalar its first byte came from and ends after the scalar its
/// last byte came from; the spans, sorted, are widened by walking the text's clusters forward once
/// (``ClusterBreaks``, which break as `String` does), and spans that touch or overlap are merged.
/// Cost: the clusters up to the end of the last span, each read once.
enum ClusterSpans {
  /// The ranges of `source` that the folded `ranges` came from (`offsets` gives, for each folded
  /// byte, the offset in `source` of the scalar it came from), widened to whole clusters, in order
  /// and merged where they touch. Empty ranges and ranges outside the folded text are ignored.
  static func sourceRanges(
    of ranges: [Range<Int>], offsets: UnsafeBufferPointer<Int32>, in source: UnsafeBufferPointer<UInt8>
  ) -> [Range<Int>] {
    var spans: [(start: Int, end: Int)] = []
    for range in ranges where !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= offsets.count {
      let start = Int(offsets[range.lowerBound])
      let last = Int(offsets[range.upperBound - 1])
      guard start >= 0, start <= last, last < source.count else { continue }
      spans.append((start, last + FoldedText.scalarLength(lead: source[last])))
    }
    guard !spans.isEmpty, !source.isEmpty else { return [] }
    spans.sort { $0.start < $1.start }

    var result: [Range<Int>] = []
    var clusterStart = 0
    var clusterEnd = ClusterBreaks.clusterEnd(in: source, from: 0)
    for span in spans {
      while clusterEnd <= span.start {
        clusterStart = clusterEnd
        clusterEnd = ClusterBreaks.clusterEnd(in: source, from: clusterStart)
      }
      let lower = clusterStart
      while clusterEnd < span.end {
        clusterStart = clusterEnd
        clusterEnd = ClusterBreaks.clusterEnd(in: source, from: clusterStart)
      }
      if let previous = result.last, previous.upperBound >= lower {
        result[result.count - 1] = previous.lowerBound..<max(previous.upperBound, clusterEnd)
      } else {
        result.append(lower..<clusterEnd)
      }
    }
    return result
  }
}
