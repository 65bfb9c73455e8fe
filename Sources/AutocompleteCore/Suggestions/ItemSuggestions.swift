extension Sequence where Element: AutocompleteSearchable {
  /// Rows for items that something else chose for `query` — a server, a database, an API — in
  /// `ranking` order, at most `query.options.limit` of them.
  ///
  /// Every item is kept, also one the engine does not match (a server may know better, such as its
  /// own synonyms): each item is matched with its own ``AutocompleteSearchable/match(_:)`` for its
  /// highlights and ranking key, and an item that does not match has no highlights and the key of
  /// a ``MatchKind/custom`` match with `Int32.max` typos, which the standard ranking puts after
  /// every match. ``SearchRanking/serverOrder``
  /// keeps the items' order. A row's id is the item's own when it is `Identifiable`, else its
  /// completion text.
  public func suggestions(answering query: SuggestionQuery, ranking: SearchRanking = .standard)
    -> [Suggestion]
  {
    suggestions(answering: query, ranking: ranking, isBoosted: { _ in false })
  }

  /// ``suggestions(answering:ranking:)`` with the items that satisfy the query's
  /// ``SearchOptions/boost`` marked by `isBoosted` (a server that filtered them knows which): among
  /// equally good matches, they rank first, as in a local search.
  public func suggestions(
    answering query: SuggestionQuery, ranking: SearchRanking = .standard, isBoosted: (Element) -> Bool
  ) -> [Suggestion] {
    let prepared = query.prepared
    var keyed: [(key: RankingKey, item: Element, match: TextMatch?)] = []
    for (offset, item) in enumerated() {
      let match = item.match(prepared)
      var key = RankingKey(
        kind: match?.kind ?? .custom, score: match?.score ?? 0, weight: item.weight,
        length: item.searchText.utf8.count, offset: offset, keyIndex: match?.keyIndex ?? 0,
        typos: match?.typos ?? Int(Int32.max), isReading: match?.reading != nil,
        isRetyped: match?.retypedQuery != nil)
      key.isBoosted = isBoosted(item)
      keyed.append((key, item, match))
    }
    keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = query.options.limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map { entry in
      let id = (entry.item as? any Identifiable).map { String(describing: $0.id) }
      return Suggestion(item: entry.item, match: entry.match, id: id)
    }
  }
}
