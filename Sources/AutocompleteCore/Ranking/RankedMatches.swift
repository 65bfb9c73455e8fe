extension Collection where Element: AutocompleteSearchable {
  /// Matches every element with its own ``AutocompleteSearchable/match(_:)`` (so custom predicates
  /// apply) and returns the results in ranking order, at most `query.options.limit` of them.
  ///
  /// This visits every element; use ``SearchIndex`` for large collections.
  public func rankedMatches(for query: SearchQuery, ranking: SearchRanking = .standard) -> [SearchResult<
    Element
  >] {
    var results: [(key: RankingKey, result: SearchResult<Element>)] = []
    for (offset, item) in enumerated() {
      guard let match = item.match(query) else { continue }
      let key = RankingKey(
        kind: match.kind, score: match.score, weight: item.weight, length: item.searchText.utf8.count,
        offset: offset, keyIndex: match.keyIndex, typos: match.typos)
      results.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    results.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = query.options.limit, results.count > limit {
      results.removeSubrange(limit...)
    }
    return results.map(\.result)
  }
}
