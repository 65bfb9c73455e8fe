/// The order results come in.
///
/// The ``standard`` ranking puts every match without typos before every match with typos; then come
/// exact, prefix, word prefix, contains, then fuzzy, with fewer typos first within a kind; then a
/// match on an item's own search text comes before a match on an alternate key ("par" lists Paris
/// before Perth, whose alternate name "paratha" matched), then a match on a searchable attribute's
/// value (each attribute after the one before, in the order the index or list lists them; a search's
/// ``SearchOptions/fields`` weigh them instead), which comes before a match through a Latin
/// reading ("bei" lists Beirut before 北京), and the query as typed before the query retyped through
/// another keyboard layout (``Transliteration/latin``); then the higher fuzzy score, an item that
/// satisfies the ``SearchOptions/boost`` before one that does not, the heavier
/// item, the shorter search text and the earlier item. It is total and deterministic.
/// A ``custom(_:)`` ranking replaces it (an index then collects every match before ordering).
public struct SearchRanking: Sendable {
  /// Returns `true` when the first candidate ranks before the second.
  public let areInIncreasingOrder: @Sendable (RankingKey, RankingKey) -> Bool
  /// Whether this is the built-in ranking, which indexes can answer without visiting every match.
  let isStandard: Bool

  /// The built-in ranking.
  public static let standard = SearchRanking(areInIncreasingOrder: standardOrder, isStandard: true)

  /// The order the items came in: for answers that a server already ranked
  /// (``AsyncSource/init(title:isCacheable:ranking:_:)-(_,_,_,(SuggestionQuery)->[Item])``).
  public static let serverOrder = SearchRanking.custom { $0.offset < $1.offset }

  /// A ranking of your own; it must be a strict weak ordering.
  public static func custom(_ areInIncreasingOrder: @escaping @Sendable (RankingKey, RankingKey) -> Bool)
    -> SearchRanking
  {
    SearchRanking(areInIncreasingOrder: areInIncreasingOrder, isStandard: false)
  }

  private init(areInIncreasingOrder: @escaping @Sendable (RankingKey, RankingKey) -> Bool, isStandard: Bool) {
    self.areInIncreasingOrder = areInIncreasingOrder
    self.isStandard = isStandard
  }
}

@Sendable func standardOrder(_ lhs: RankingKey, _ rhs: RankingKey) -> Bool {
  standardOrder(lhs, rhs, fieldRank: { $0.field })
}

/// The standard order (``MatchGrade``) with the fields ordered by `fieldRank` (smaller first).
func standardOrder(_ lhs: RankingKey, _ rhs: RankingKey, fieldRank: (RankingKey) -> Int) -> Bool {
  MatchGrade(lhs, fieldRank: fieldRank(lhs)) < MatchGrade(rhs, fieldRank: fieldRank(rhs))
}

extension MatchGrade {
  /// The grade of a candidate of the standard ranking whose field ranks `fieldRank`.
  init(_ key: RankingKey, fieldRank: Int) {
    self.init(
      typos: key.typos, kind: key.kind, isRetyped: key.isRetyped, isReading: key.isReading,
      fieldRank: fieldRank, score: key.score, isBoosted: key.isBoosted, weight: key.weight,
      length: key.length, itemRank: key.offset)
  }
}
