/// A synchronous filter closure as a source, for data the app already holds (RVS's custom
/// `getTextDictionaryFromThis(string:…)`).
public struct FilterSource: SuggestionSource {
  /// The section title.
  public var title: String?
  /// The filter.
  public let filter: @Sendable (SuggestionQuery) -> [Suggestion]

  /// Creates a source that calls `filter` on every query.
  public init(title: String? = nil, _ filter: @escaping @Sendable (SuggestionQuery) -> [Suggestion]) {
    self.title = title
    self.filter = filter
  }

  /// Calls the filter now.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { filter(query) }

  /// `true`: the same query gets the same answer while the session runs.
  public var isCacheable: Bool { true }

  /// Calls the filter.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] { filter(query) }
}
