/// Where suggestions come from: a list, an index, a closure, a server.
///
/// ``suggestions(for:)`` is called in a task that the session cancels as soon as a newer query
/// starts; check `Task.isCancelled` or call cancellable APIs so cancellation reaches your work.
/// A source that can answer at once (a list, an index, a filter closure) answers in
/// ``immediateSuggestions(for:)`` too, so the list updates in the same keystroke, without a task;
/// any other source returns `nil` there.
///
/// ``title``, ``isCacheable``, ``immediateSuggestions(for:)`` and ``suggestions(for:)`` are
/// required, so a near-miss — `var isCachable`, `var title: String`,
/// `immediateSuggestions(for text: String)` — is a compiler error rather than a member that is
/// never called:
///
/// ```swift
/// struct PeopleSource: SuggestionSource {
///   let directory: Directory
///   let title: String? = "People"
///   let isCacheable = false  // the directory changes while the app runs
///   func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }
///   func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
///     try await directory.people(matching: query.text).suggestions(answering: query)
///   }
/// }
/// ```
public protocol SuggestionSource: Sendable {
  /// The section title when the session shows several sources, or `nil` for none.
  var title: String? { get }
  /// Whether answers may be kept in the session's cache of recent answers: `false` for a source
  /// whose answer to one query can change while the session runs (its data changes under it).
  var isCacheable: Bool { get }
  /// Returns the suggestions for `query`, best first, at most `query.options.limit` of them.
  /// - Throws: `CancellationError` when cancelled, or any error to show as a failure.
  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion]
  /// Returns the suggestions synchronously when the source can, or `nil` to be asked through
  /// ``suggestions(for:)``.
  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]?
  /// What the session calls on the main actor before asking through ``suggestions(for:)``: by
  /// default ``immediateSuggestions(for:)``. Implement it instead for a source that reads
  /// main-actor state synchronously, such as a view controller acting as a data source.
  @MainActor func mainActorSuggestions(for query: SuggestionQuery) -> [Suggestion]?
}

extension SuggestionSource {
  /// The ``immediateSuggestions(for:)`` answer by default.
  @MainActor public func mainActorSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    immediateSuggestions(for: query)
  }
}
