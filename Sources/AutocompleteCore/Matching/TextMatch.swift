import Foundation

/// How one text matched a query: the kind, a score and where, in the original text.
public struct TextMatch: Sendable, Hashable {
  /// How good the match is; the first key of the ranking.
  public var kind: MatchKind
  /// The fuzzy score (fzf-style; higher is better). Zero for the other kinds.
  public var score: Int
  /// How many typos the match forgave (see ``TypoTolerance``); 0 for an exact occurrence. A match
  /// without typos ranks before every match with typos.
  public var typos: Int
  /// The text that matched: the search text, one of the alternate keys, or a value of a searchable
  /// attribute (``attribute``).
  public var matchedText: String
  /// Which key matched: 0 for the search text, 1 for the first alternate key, and so on; the values
  /// of searchable attributes are numbered after the alternate keys.
  public var keyIndex: Int
  /// The searchable attribute whose value matched (``SearchFields``, `searchableAttributes`):
  /// ``matchedText`` is then that value and ``ranges`` fall on it. `nil` when the search text, an
  /// alternate key or a reading of one matched.
  public var attribute: String?
  /// The field that matched: 0 the search text, 1 an alternate key, 2 + i the i-th searchable
  /// attribute (``FieldOrder``).
  var field: Int
  /// The matched characters as ranges of ``matchedText``, in order, never splitting a
  /// grapheme cluster. With typos, the characters the query was aligned with: a substituted
  /// character is highlighted, one the query lacks is not.
  public var ranges: [Range<String.Index>]
  /// The Latin reading that matched ("bei jing" for 北京) when the match went through one
  /// (``Transliteration/latin``); then ``matchedText`` is the key read and ``ranges`` fall on its
  /// characters. `nil` when the key matched as written.
  public var reading: String?
  /// The query as retyped through another keyboard layout ("москва" for "vjcrdf"), or without a place
  /// name's administrative suffix ("goyang" for "goyang-si", matched through a reading), when that is
  /// what matched (``Transliteration/latin``); `nil` when the query matched as typed.
  public var retypedQuery: String?

  /// Creates a match.
  public init(
    kind: MatchKind, score: Int = 0, typos: Int = 0, matchedText: String, keyIndex: Int = 0,
    ranges: [Range<String.Index>] = []
  ) {
    self.kind = kind
    self.score = score
    self.typos = typos
    self.matchedText = matchedText
    self.keyIndex = keyIndex
    self.ranges = ranges
    self.field = keyIndex == 0 ? 0 : 1
  }

  /// The highlight ranges as UTF-16 `NSRange`s, for attributed strings in UIKit and AppKit.
  public var utf16Ranges: [NSRange] {
    ranges.map { NSRange($0, in: matchedText) }
  }
}
