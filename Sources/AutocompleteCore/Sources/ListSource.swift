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

  /// Creates a source over `items`.
  public init(_ items: [Item], title: String? = nil, ranking: SearchRanking = .standard) {
    self.items = items
    self.title = title
    self.ranking = ranking
  }

  /// Matches and ranks the items.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    items.rankedMatches(for: query.prepared, ranking: ranking).map(Suggestion.init)
  }

  /// Matches and ranks the items.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return immediateSuggestions(for: query) ?? []
  }
}
