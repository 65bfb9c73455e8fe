/// An index over a fixed collection that answers a keystroke on a million items within a frame.
///
/// PLACEHOLDER: linear until the sorted-key implementation lands; the API is final.
public final class SearchIndex<Item: AutocompleteSearchable>: Sendable {
  /// The items, in the order given.
  public let items: [Item]
  /// Whether the index folds case and diacritics away (`false`, the default) or keeps them.
  public let isCaseSensitive: Bool

  /// Builds the index.
  public init(_ items: [Item], isCaseSensitive: Bool = false) {
    self.items = items
    self.isCaseSensitive = isCaseSensitive
  }

  /// Answers `query` with up to `options.limit` results, best first.
  /// - Throws: `CancellationError` when the calling task is cancelled mid-search.
  public func search(
    _ query: String, options: SearchOptions = SearchOptions(), ranking: SearchRanking = .standard
  ) throws -> [SearchResult<Item>] {
    try Task.checkCancellation()
    let prepared = SearchQuery(query, options: options)
    var results: [(key: RankingKey, result: SearchResult<Item>)] = []
    for (offset, item) in items.enumerated() {
      guard let match = prepared.bestMatch(searchText: item.searchText, alternates: item.alternateSearchTexts)
      else { continue }
      let key = RankingKey(
        kind: match.kind, score: match.score, weight: item.weight, length: match.matchedText.utf8.count,
        offset: offset)
      results.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    results.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = options.limit, results.count > limit { results.removeSubrange(limit...) }
    return results.map(\.result)
  }
}
