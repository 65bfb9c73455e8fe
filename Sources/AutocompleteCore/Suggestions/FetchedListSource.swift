/// A fetched list filtered by a hook: MJAutoComplete's `itemList:` plus its in-place filter.
///
/// The fetch returns the candidate items; the filter removes (and may reorder) them in place. The
/// default filter is ``beginsWith(_:_:)``: MJ's `autoCompleteString beginswith[cd] %@`, the core's
/// folded prefix mode.
public struct FetchedListSource<Item: AutocompleteSearchable>: SuggestionSource {
  /// The section title.
  public var title: String?
  /// Whether answers may be cached.
  public var isCacheable: Bool
  /// Fetches the candidate items.
  public let fetch: @Sendable (SuggestionQuery) async throws -> [Item]
  /// Filters the candidates in place.
  public let filter: @Sendable (inout [Item], SuggestionQuery) -> Void

  /// Creates a source from a fetch and a filter hook.
  public init(
    title: String? = nil, isCacheable: Bool = true,
    filter: @escaping @Sendable (inout [Item], SuggestionQuery) -> Void = FetchedListSource.beginsWith,
    fetch: @escaping @Sendable (SuggestionQuery) async throws -> [Item]
  ) {
    self.title = title
    self.isCacheable = isCacheable
    self.fetch = fetch
    self.filter = filter
  }

  /// Creates a source over a fixed list (MJ's `trigger.autoCompleteItemList`) with a filter hook.
  public init(
    _ items: [Item], title: String? = nil,
    filter: @escaping @Sendable (inout [Item], SuggestionQuery) -> Void = FetchedListSource.beginsWith
  ) {
    self.init(title: title, filter: filter) { _ in items }
  }

  /// The default filter: keeps items whose search text begins with the query, ignoring case and
  /// diacritics unless the query's options are case sensitive.
  public static func beginsWith(_ items: inout [Item], _ query: SuggestionQuery) {
    let prepared = SearchQuery(
      query.text,
      options: SearchOptions(
        mode: .prefix, isCaseSensitive: query.options.isCaseSensitive,
        typoTolerance: query.options.typoTolerance))
    items.removeAll { prepared.match($0.searchText) == nil }
  }

  /// `nil`: the source answers only through ``suggestions(for:)``.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  /// Fetches, filters, limits and highlights.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    var items = try await fetch(query)
    try Task.checkCancellation()
    filter(&items, query)
    if let limit = query.options.limit, items.count > limit { items.removeSubrange(limit...) }
    let highlightQuery = SearchQuery(
      query.text,
      options: SearchOptions(
        mode: .prefix, isCaseSensitive: query.options.isCaseSensitive,
        typoTolerance: query.options.typoTolerance))
    return items.enumerated().map { offset, item in
      Suggestion(item: item, match: highlightQuery.match(item.displayText), id: String(offset))
    }
  }
}
