extension Collection where Element: AutocompleteSearchable {
  /// Matches every element with its own ``AutocompleteSearchable/match(_:)`` (so custom predicates
  /// apply) and returns the results in ranking order, at most `query.options.limit` of them.
  ///
  /// This visits every element; use ``SearchIndex`` for large collections.
  public func rankedMatches(for query: SearchQuery, ranking: SearchRanking = .standard) -> [SearchResult<
    Element
  >] {
    rankedMatches(for: query, ranking: ranking, transliteration: .none)
  }

  /// ``rankedMatches(for:ranking:)``, with ``Transliteration/latin`` also through the Latin readings
  /// of each element's keys (a reading's match counts when it is better than the element's own).
  func rankedMatches(for query: SearchQuery, ranking: SearchRanking, transliteration: Transliteration)
    -> [SearchResult<Element>]
  {
    var results: [(key: RankingKey, result: SearchResult<Element>)] = []
    for (offset, item) in enumerated() {
      guard
        let match = ReadingKeys.better(
          item.match(query), orReadingOf: item, query: query, transliteration: transliteration)
      else { continue }
      let key = RankingKey(match, weight: item.weight, length: item.searchText.utf8.count, offset: offset)
      results.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    results.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = query.options.limit, results.count > limit {
      results.removeSubrange(limit...)
    }
    return results.map(\.result)
  }
}
