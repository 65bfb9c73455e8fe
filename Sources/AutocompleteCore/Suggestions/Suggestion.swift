import Foundation

/// One row of the suggestion list: what to show, what to insert, where the query matched, and the
/// app's own value.
///
/// The session is not generic over an item type: rows from different sources and triggers (people,
/// tags, emoji) sit in one list, and front ends render every row the same way. The original item
/// travels in ``payload``; read it back with ``payload(as:)``.
public struct Suggestion: Sendable, Identifiable, Equatable {
  /// A stable identity within one answer (the source position by default).
  public var id: String
  /// The text shown in the list.
  public var displayText: String
  /// The text that replaces the typed token (or the whole field) when the row is picked.
  public var completionText: String
  /// A secondary line, such as the alternate key that matched.
  public var detailText: String?
  /// The matched characters as ranges of ``displayText``, for bold or coloured highlights.
  public var highlights: [Range<String.Index>]
  /// How many typos the query had against this row (see ``TypoTolerance``); 0 for an exact match.
  public var typos: Int
  /// A cell style identifier for front ends with several row layouts (MJ's custom cell per trigger).
  public var cellStyle: String?
  /// The app's value: for rows made from a search result, the item itself.
  public var payload: (any Sendable)?
  /// Whether the row is a remembered pick (``SessionRecents``): front ends show a clock and a way
  /// to forget it.
  public var isRecent = false

  /// Creates a row.
  /// - Parameters:
  ///   - displayText: What the user sees.
  ///   - completionText: What is inserted on pick; defaults to `displayText`.
  ///   - id: An identity; defaults to `completionText`.
  ///   - detailText: A secondary line.
  ///   - highlights: Ranges of `displayText` to highlight.
  ///   - cellStyle: A cell style identifier.
  ///   - typos: How many typos the query had against this row.
  ///   - payload: A value of your own.
  public init(
    _ displayText: String, completionText: String? = nil, id: String? = nil, detailText: String? = nil,
    highlights: [Range<String.Index>] = [], cellStyle: String? = nil, typos: Int = 0,
    payload: (any Sendable)? = nil
  ) {
    self.displayText = displayText
    self.completionText = completionText ?? displayText
    self.id = id ?? completionText ?? displayText
    self.detailText = detailText
    self.highlights = highlights
    self.typos = typos
    self.cellStyle = cellStyle
    self.payload = payload
  }

  /// Creates a row from a search result; the item becomes the ``payload``.
  ///
  /// The completion text is ``AutocompleteItem/completionText`` for an ``AutocompleteItem`` and the
  /// search text otherwise. Highlights are kept when the display text is, or starts with, the text
  /// that matched; when an alternate key matched, it becomes the ``detailText``.
  public init<Item: AutocompleteSearchable>(_ result: SearchResult<Item>) {
    self.init(item: result.item, match: result.match, id: String(result.offset))
  }

  /// Creates a row from an item and, optionally, how it matched.
  public init<Item: AutocompleteSearchable>(item: Item, match: TextMatch?, id: String? = nil) {
    let completion = (item as? AutocompleteItem)?.completionText ?? item.searchText
    var highlights: [Range<String.Index>] = []
    var detail: String?
    if let match {
      if item.displayText.hasPrefix(match.matchedText) {  // "São Paulo" in "São Paulo, Brazil" too
        highlights = Self.ranges(match.ranges, from: match.matchedText, in: item.displayText)
      } else if match.keyIndex > 0 {
        detail = match.matchedText
      }
    }
    self.init(
      item.displayText, completionText: completion, id: id ?? completion, detailText: detail,
      highlights: highlights, typos: match?.typos ?? 0, payload: item)
  }

  /// The highlights as UTF-16 `NSRange`s of ``displayText``, for attributed strings.
  public var utf16Highlights: [NSRange] {
    highlights.map { NSRange($0, in: displayText) }
  }

  /// The payload as `T`, or `nil` when it is something else.
  public func payload<T>(as type: T.Type) -> T? {
    payload as? T
  }

  /// Rows are equal when everything but the payload is equal.
  public static func == (lhs: Suggestion, rhs: Suggestion) -> Bool {
    lhs.id == rhs.id && lhs.displayText == rhs.displayText && lhs.completionText == rhs.completionText
      && lhs.detailText == rhs.detailText && lhs.highlights == rhs.highlights
      && lhs.cellStyle == rhs.cellStyle && lhs.typos == rhs.typos && lhs.isRecent == rhs.isRecent
  }

  /// Rebuilds ranges of `source` as ranges of `target`, which equals or starts with it, through
  /// UTF-8 offsets.
  static func ranges(_ ranges: [Range<String.Index>], from source: String, in target: String)
    -> [Range<String.Index>]
  {
    let sourceUTF8 = source.utf8
    let targetUTF8 = target.utf8
    return ranges.compactMap { range in
      let lower = sourceUTF8.distance(from: sourceUTF8.startIndex, to: range.lowerBound)
      let upper = sourceUTF8.distance(from: sourceUTF8.startIndex, to: range.upperBound)
      guard lower >= 0, upper <= targetUTF8.count, lower <= upper else { return nil }
      let start = targetUTF8.index(targetUTF8.startIndex, offsetBy: lower)
      let end = targetUTF8.index(targetUTF8.startIndex, offsetBy: upper)
      return start..<end
    }
  }
}
