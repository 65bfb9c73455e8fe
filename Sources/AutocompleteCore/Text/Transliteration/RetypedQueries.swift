/// Answers a query also retyped through other keyboard layouts (``KeyboardLayouts``), for
/// ``Transliteration/latin``: each retyping is searched like the query, its matches marked with
/// ``TextMatch/retypedQuery``, and the answers merged — an item keeps its best match, and a retyped
/// match ranks below a match of the same kind of the query as typed (``SearchRanking/standard``).
/// The query without a place name's administrative suffix (``PlaceNameSuffixes``) is tried the same
/// way, its matches kept only where they went through a Latin reading, and so is the query's
/// consonant skeleton (``HebrewSkeleton``), which reaches unvoweled Hebrew through its skeleton.
enum RetypedQueries {
  /// `results` (the query's own) merged with `search`'s answers to each retyping of `query` that
  /// `isWorthTrying` accepts, in `ranking`'s order, at most `options.limit`.
  static func merged<Item: AutocompleteSearchable>(
    _ results: [SearchResult<Item>], query: String, options: SearchOptions, ranking: SearchRanking,
    isWorthTrying: (String) -> Bool, search: (String) throws -> [SearchResult<Item>]
  ) rethrows -> [SearchResult<Item>] {
    guard !query.isEmpty else { return results }
    var best = BestPerItem(results, item: \.offset) { ranking.areInIncreasingOrder(key($0), key($1)) }
    for (retyped, readingsOnly) in variants(of: query, isWorthTrying: isWorthTrying) {
      for var result in try search(retyped) where !readingsOnly || result.match.reading != nil {
        result.match.retypedQuery = retyped
        best.offer(result, for: result.offset)
      }
    }
    return best.hasChanged ? best.sorted(limit: options.limit) : results
  }

  /// The queries tried besides `query` (not empty): its retypings that `isWorthTrying` accepts, then
  /// the query without a place-name suffix and the query's consonant skeleton (when `isWorthTrying`
  /// accepts it: it starts with א, so the keys must hold Hebrew), whose matches count only through a reading
  /// (`readingsOnly`). The index search above and the streaming line filter try the same ones.
  static func variants(of query: String, isWorthTrying: (String) -> Bool = { _ in true })
    -> [(text: String, readingsOnly: Bool)]
  {
    var variants = KeyboardLayouts.retypings(of: query).filter(isWorthTrying).map {
      (text: $0, readingsOnly: false)
    }
    if let stripped = PlaceNameSuffixes.stripped(query) { variants.append((stripped, true)) }
    if let skeleton = HebrewSkeleton.query(query), isWorthTrying(skeleton) {
      variants.append((skeleton, true))
    }
    return variants
  }

  private static func key<Item: AutocompleteSearchable>(_ result: SearchResult<Item>) -> RankingKey {
    RankingKey(
      result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
      offset: result.offset)
  }

  /// Whether every non-ASCII lead byte of `query` occurs in a storage with these byte counts: a
  /// query in a script the keys lack is not worth a search.
  static func scriptOccurs(_ query: String, byteCounts: [Int]) -> Bool {
    query.utf8.allSatisfy { $0 < 0xC0 || byteCounts[Int($0)] > 0 }
  }
}
