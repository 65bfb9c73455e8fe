import AutocompleteCore
import Foundation

/// A text cut into styled runs that cover it exactly, in order, with no empty run: what a row
/// label or the inline completion draws.
public struct StyledText: Sendable, Hashable {
  /// The whole text.
  public var text: String
  /// Runs covering ``text`` from start to end.
  public var runs: [TextRun]

  /// Creates styled text from runs that are already complete.
  public init(text: String, runs: [TextRun]) {
    self.text = text
    self.runs = runs
  }

  /// `text` with the `highlights` (UTF-16 ranges, in any order, possibly overlapping or out of
  /// bounds) as ``TextRun/Style/matched`` runs and the rest ``TextRun/Style/plain``. Ranges are
  /// clamped to the text and merged; a range that would cut a surrogate pair is widened to it.
  public init(text: String, highlights: [NSRange]) {
    self.text = text
    let length = text.utf16.count
    let clamped =
      highlights
      .filter { $0.location != NSNotFound }
      .map { range -> (Int, Int) in
        let lower = min(max(0, range.location), length)
        return (lower, min(length, max(lower, lower + max(0, range.length))))
      }
      .map { Self.widenedToScalars($0, in: text) }
      .filter { $0.0 < $0.1 }
      .sorted { $0.0 < $1.0 }
    var merged: [(Int, Int)] = []
    for range in clamped {
      if let last = merged.last, range.0 <= last.1 {
        merged[merged.count - 1].1 = max(last.1, range.1)
      } else {
        merged.append(range)
      }
    }
    var runs: [TextRun] = []
    var position = 0
    for (lower, upper) in merged {
      if lower > position {
        runs.append(TextRun(range: NSRange(location: position, length: lower - position), style: .plain))
      }
      runs.append(TextRun(range: NSRange(location: lower, length: upper - lower), style: .matched))
      position = upper
    }
    if position < length {
      runs.append(TextRun(range: NSRange(location: position, length: length - position), style: .plain))
    }
    self.runs = runs
  }

  /// A suggestion's display text with its matched characters.
  public init(_ suggestion: Suggestion) {
    self.init(text: suggestion.displayText, highlights: suggestion.utf16Highlights)
  }

  /// An inline completion: the typed text as ``TextRun/Style/typed``, the suggested rest as
  /// ``TextRun/Style/completion``.
  public init(_ completion: InlineCompletion) {
    self.text = completion.typedText + completion.suffix
    let typed = completion.typedText.utf16.count
    let suffix = completion.suffix.utf16.count
    var runs: [TextRun] = []
    if typed > 0 { runs.append(TextRun(range: NSRange(location: 0, length: typed), style: .typed)) }
    if suffix > 0 {
      runs.append(TextRun(range: NSRange(location: typed, length: suffix), style: .completion))
    }
    self.runs = runs
  }

  /// The text of one run.
  public func substring(for run: TextRun) -> String {
    guard let range = Range(run.range, in: text) else { return "" }
    return String(text[range])
  }

  /// Widens a UTF-16 range so it neither starts nor ends inside a surrogate pair.
  private static func widenedToScalars(_ range: (Int, Int), in text: String) -> (Int, Int) {
    let utf16 = text.utf16
    func isTrailingSurrogate(_ offset: Int) -> Bool {
      guard offset > 0, offset < utf16.count else { return false }
      return UTF16.isTrailSurrogate(utf16[utf16.index(utf16.startIndex, offsetBy: offset)])
    }
    var (lower, upper) = range
    if isTrailingSurrogate(lower) { lower -= 1 }
    if isTrailingSurrogate(upper) { upper += 1 }
    return (lower, upper)
  }
}
