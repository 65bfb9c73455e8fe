/// A static list of items, matched with each item's own ``AutocompleteSearchable/match(_:)`` (so a
/// custom predicate like seed 000's `search(_:) -> Bool` applies) and ranked by the core ranking.
///
/// ```swift
/// let source = ListSource(["Jon Snow", "Sansa Stark"] as [AutocompleteItem])
/// ```
public struct ListSource<Item: AutocompleteSearchable>: SuggestionSource {
  /// The items.
  public var items: [Item]
  /// The section title.
  public var title: String?
  /// The ranking.
  public var ranking: SearchRanking
  /// Whether items also match through their keys' Latin readings and queries also retyped through
  /// other keyboard layouts (``Transliteration``). A list reads its items' keys on each query:
  /// for large collections use a ``SearchIndex``, which reads them once.
  public var transliteration: Transliteration
  /// A filter every query is limited to, whatever its options' filter (a user's or a team's
  /// items); `nil` for none.
  public var scope: AttributeFilter?
  /// String attributes (of items that are ``AttributedSearchable``) whose values are searched too,
  /// after the alternate keys, each after the one before, as ``SearchIndex`` searches its
  /// `searchableAttributes`. A query's ``SearchOptions/fields`` may also weigh an attribute not
  /// listed here: a list reads its items on each query, so it searches that one as well.
  public var searchableAttributes: [String]

  /// Creates a source over `items`.
  /// - Parameters:
  ///   - items: The items.
  ///   - title: The section title.
  ///   - ranking: The ranking.
  ///   - transliteration: Whether items also match through Latin readings of their keys.
  ///   - scope: A filter no query can widen.
  ///   - searchableAttributes: String attributes whose values are searched too (default: none).
  public init(
    _ items: [Item], title: String? = nil, ranking: SearchRanking = .standard,
    transliteration: Transliteration = .none, scope: AttributeFilter? = nil,
    searchableAttributes: [String] = []
  ) {
    self.searchableAttributes = searchableAttributes
    self.items = items
    self.title = title
    self.ranking = ranking
    self.transliteration = transliteration
    self.scope = scope
  }

  /// Matches and ranks the items.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    let transliteration = transliteration(for: query)
    let searchable = SearchableAttributes(searchableAttributes)
    let results = items.rankedMatches(
      for: query.prepared, ranking: ranking, scope: scope, transliteration: transliteration,
      searchable: searchable)
    guard transliteration == .latin else { return results.map(Suggestion.init) }
    return RetypedQueries.merged(
      results, query: query.text, options: query.options, ranking: ranking, isWorthTrying: { _ in true },
      search: {
        items.rankedMatches(
          for: SearchQuery($0, options: query.options), ranking: ranking, scope: scope,
          transliteration: transliteration, searchable: searchable)
      }
    ).map(Suggestion.init)
  }

  /// The transliteration `query` is answered with: ``Transliteration/latin`` when the source or the
  /// query's options (the session's switch) ask for it.
  func transliteration(for query: SuggestionQuery) -> Transliteration {
    query.options.transliteration == .latin ? .latin : transliteration
  }

  /// How many of the items that match `query` have each value of `attribute` (the query's filter
  /// and the scope applied): most first, ties by value, the first `limit` when given.
  public func facetCounts(of attribute: String, for query: SuggestionQuery, limit: Int? = nil) -> [FacetCount]
  {
    var options = query.options
    (options.maximumCount, options.boost, options.distinct) = (nil, nil, nil)
    options.keepsOneResultPerDisplayText = false
    var counts: [String: Int] = [:]
    let matches = items.rankedMatches(
      for: SearchQuery(query.text, options: options), ranking: .standard, scope: scope,
      transliteration: .none, searchable: SearchableAttributes(searchableAttributes))
    for result in matches {
      let value = (result.item as? any AttributedSearchable)?.attributes[attribute]
      for text in Set(value?.facetValues ?? []) { counts[text, default: 0] += 1 }
    }
    return counts.map { FacetCount(value: $0.key, count: $0.value) }.facetOrdered(limit: limit)
  }

  /// `true`: the same query gets the same answer while the session runs.
  public var isCacheable: Bool { true }

  /// Matches and ranks the items.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return immediateSuggestions(for: query) ?? []
  }
}
