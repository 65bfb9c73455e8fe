/// An async closure as a source: a server, a database, anything awaited.
///
/// The closure runs in a task the session cancels when a newer query starts.
public struct AsyncSource: SuggestionSource {
  /// The section title.
  public var title: String?
  /// Whether answers may be cached.
  public var isCacheable: Bool
  /// The fetch.
  public let fetch: @Sendable (SuggestionQuery) async throws -> [Suggestion]

  /// Creates a source that awaits `fetch` on every query.
  public init(
    title: String? = nil, isCacheable: Bool = true,
    _ fetch: @escaping @Sendable (SuggestionQuery) async throws -> [Suggestion]
  ) {
    self.title = title
    self.isCacheable = isCacheable
    self.fetch = fetch
  }

  /// `nil`: the source answers only through ``suggestions(for:)``.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  /// Awaits the fetch.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try await fetch(query)
  }

  /// Creates a source whose `fetch` returns items (``AutocompleteItem`` or any
  /// ``AutocompleteSearchable``) rather than rows: the core matches them for highlights and orders
  /// them by `ranking` — ``SearchRanking/standard`` by default, ``SearchRanking/serverOrder`` to
  /// keep the order they came in (see `Sequence.suggestions(answering:ranking:)`).
  ///
  /// ```swift
  /// AsyncSource { query in try await api.tags(query.text) }  // tags: [AutocompleteItem]
  /// ```
  public init<Item: AutocompleteSearchable>(
    title: String? = nil, isCacheable: Bool = true, ranking: SearchRanking = .standard,
    _ fetch: @escaping @Sendable (SuggestionQuery) async throws -> [Item]
  ) {
    self.init(title: title, isCacheable: isCacheable) { query in
      try await fetch(query).suggestions(answering: query, ranking: ranking)
    }
  }
}
