/// The answers of several searches of one text merged, each item once with its best match: how a
/// query's own answer and its other readings' answers (the query retyped through another keyboard
/// layout, the lines' Latin readings) become one list, in every engine that tries more than one.
///
/// An item offered again replaces the match it holds only when the new one ranks strictly before
/// it (`isBetter`, which engines build from ``MatchGrade``): of two equal matches the first offered
/// stays. ``sorted(limit:)`` lists the kept matches best first.
struct BestPerItem<Item: Hashable, Match> {
  private var best: [Item: Match] = [:]
  private let isBetter: (Match, Match) -> Bool
  /// Whether an offer replaced a match or added an item since ``init(_:isBetter:)``'s matches.
  private(set) var hasChanged = false

  /// A merge that starts from `matches` (one search's answer, each item once, as `item` names it)
  /// and ranks by `isBetter`.
  init(
    _ matches: some Sequence<Match>, item: (Match) -> Item, isBetter: @escaping (Match, Match) -> Bool
  ) {
    self.isBetter = isBetter
    for match in matches { best[item(match)] = match }
  }

  /// Keeps `match` for `item` unless the item holds a match as good already.
  mutating func offer(_ match: Match, for item: Item) {
    if let current = best[item], !isBetter(match, current) { return }
    best[item] = match
    hasChanged = true
  }

  /// The kept matches, best first, at most `limit`.
  func sorted(limit: Int?) -> [Match] {
    var matches = best.values.sorted(by: isBetter)
    if let limit, matches.count > limit { matches.removeSubrange(limit...) }
    return matches
  }
}
