/// How good a match is, best first: the first key of the ranking.
public enum MatchKind: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// The text equals the query.
  case exact
  /// The text starts with the query.
  case prefix
  /// The query starts a word of the text (or, in ``MatchMode/words`` mode, every query word does).
  case wordPrefix
  /// The query occurs inside a word.
  case contains
  /// The query's characters occur in order; ``TextMatch/score`` orders these.
  case fuzzy
  /// A custom predicate said yes.
  case custom

  /// Better kinds compare as smaller.
  public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
