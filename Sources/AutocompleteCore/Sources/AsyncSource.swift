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

  /// Awaits the fetch.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try await fetch(query)
  }
}
