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

  /// Creates a source over `items`.
  public init(
    _ items: [Item], title: String? = nil, ranking: SearchRanking = .standard,
    transliteration: Transliteration = .none
  ) {
    self.items = items
    self.title = title
    self.ranking = ranking
    self.transliteration = transliteration
  }

  /// Matches and ranks the items.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    let results = items.rankedMatches(for: query.prepared, ranking: ranking, transliteration: transliteration)
    guard transliteration == .latin else { return results.map(Suggestion.init) }
    return RetypedQueries.merged(
      results, query: query.text, options: query.options, ranking: ranking, isWorthTrying: { _ in true },
      search: {
        items.rankedMatches(
          for: SearchQuery($0, options: query.options), ranking: ranking, transliteration: transliteration)
      }
    ).map(Suggestion.init)
  }

  /// Matches and ranks the items.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return immediateSuggestions(for: query) ?? []
  }
}
