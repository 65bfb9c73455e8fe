/// A text with highlight tags (Typesense's `highlight_start_tag`/`highlight_end_tag`) read as the
/// plain text and the ranges the tags enclosed, so that a server's highlights become ours.
///
/// The tags are private-use characters (U+E000, U+E001) so that no text of a document can be
/// mistaken for one. The ranges are mapped onto the document's own text — the very `String` the
/// row shows — so UTF-16 positions (`NSRange`) follow from them safely, and each is widened to whole
/// grapheme clusters (a tag inside "é" written as e + U+0301 highlights the whole "é").
struct MarkedText {
  static let startTag: Unicode.Scalar = "\u{E000}"
  static let endTag: Unicode.Scalar = "\u{E001}"

  /// The text without tags.
  var plain: String
  /// The tagged ranges, as scalar offsets into ``plain``.
  var scalarRanges: [Range<Int>]

  init(_ marked: String) {
    var plain = String.UnicodeScalarView()
    var ranges: [Range<Int>] = []
    var start: Int?
    var offset = 0
    for scalar in marked.unicodeScalars {
      switch scalar {
      case Self.startTag: start = start ?? offset
      case Self.endTag:
        if let begin = start, begin < offset { ranges.append(begin..<offset) }
        start = nil
      default:
        plain.append(scalar)
        offset += 1
      }
    }
    if let begin = start, begin < offset { ranges.append(begin..<offset) }
    self.plain = String(plain)
    self.scalarRanges = ranges
  }

  /// The ranges in `text`, which must read as ``plain`` (else there are none), widened to whole
  /// characters and merged where they touch.
  func ranges(in text: String) -> [Range<String.Index>] {
    guard text.unicodeScalars.elementsEqual(plain.unicodeScalars) else { return [] }
    let scalars = text.unicodeScalars
    var result: [Range<String.Index>] = []
    for range in scalarRanges {
      var lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
      var upper = scalars.index(scalars.startIndex, offsetBy: range.upperBound)
      while lower.samePosition(in: text) == nil { lower = scalars.index(before: lower) }
      while upper < scalars.endIndex && upper.samePosition(in: text) == nil {
        upper = scalars.index(after: upper)
      }
      if let last = result.last, last.upperBound >= lower {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, upper)
      } else {
        result.append(lower..<upper)
      }
    }
    return result
  }
}
