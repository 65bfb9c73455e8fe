/// Where suggestions come from: a list, an index, a closure, a server.
///
/// ``suggestions(for:)`` is called in a task that the session cancels as soon as a newer query
/// starts; check `Task.isCancelled` or call cancellable APIs so cancellation reaches your work.
/// A source that can answer at once (a list, an index, a filter closure) also implements
/// ``immediateSuggestions(for:)`` so the list updates in the same keystroke, without a task.
public protocol SuggestionSource: Sendable {
  /// The section title when the session shows several sources; `nil` by default.
  var title: String? { get }
  /// Whether answers may be kept in the session's cache of recent answers; `true` by default.
  var isCacheable: Bool { get }
  /// Returns the suggestions for `query`, best first, at most `query.options.limit` of them.
  /// - Throws: `CancellationError` when cancelled, or any error to show as a failure.
  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion]
  /// Returns the suggestions synchronously when the source can, or `nil` (the default) to be asked
  /// through ``suggestions(for:)``.
  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]?
  /// What the session calls on the main actor before asking through ``suggestions(for:)``: by
  /// default ``immediateSuggestions(for:)``. Implement it instead for a source that reads
  /// main-actor state synchronously, such as a view controller acting as a data source.
  @MainActor func mainActorSuggestions(for query: SuggestionQuery) -> [Suggestion]?
}

extension SuggestionSource {
  /// No title by default.
  public var title: String? { nil }
  /// Cacheable by default.
  public var isCacheable: Bool { true }
  /// Asynchronous only by default.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }
  /// The ``immediateSuggestions(for:)`` answer by default.
  @MainActor public func mainActorSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    immediateSuggestions(for: query)
  }
}
