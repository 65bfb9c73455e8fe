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
    var copy = original
    let ranges = copy.withUTF8 { source in
      sourceOffsets.withUnsafeBufferPointer {
        ClusterSpans.sourceRanges(of: foldedRanges, offsets: $0, in: source)
      }
    }
    let view = original.utf8
    return ranges.map {
      view.index(
        view.startIndex, offsetBy: $0.lowerBound)..<view.index(view.startIndex, offsetBy: $0.upperBound)
    }
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
