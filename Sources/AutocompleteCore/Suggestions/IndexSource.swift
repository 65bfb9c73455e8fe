/// A core ``SearchIndex`` as a source: the fast path for large fixed collections.
public struct IndexSource<Item: AutocompleteSearchable>: SuggestionSource {
  /// The index.
  public let index: SearchIndex<Item>
  /// The section title.
  public var title: String?
  /// The ranking.
  public var ranking: SearchRanking
  /// Whether the index answers in the keystroke (`true`, the default) or in a task.
  public var answersImmediately: Bool

  /// Creates a source over `index`.
  /// - Parameters:
  ///   - index: The index.
  ///   - title: The section title.
  ///   - ranking: The ranking.
  ///   - answersImmediately: Whether the index answers in the keystroke.
  ///   - scope: A filter no query can widen (``SearchIndex/scoped(to:)``).
  public init(
    _ index: SearchIndex<Item>, title: String? = nil, ranking: SearchRanking = .standard,
    answersImmediately: Bool = true, scope: AttributeFilter? = nil
  ) {
    self.index = scope.map { index.scoped(to: $0) } ?? index
    self.title = title
    self.ranking = ranking
    self.answersImmediately = answersImmediately
  }

  /// Searches the index now, unless ``answersImmediately`` is off.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    guard answersImmediately else { return nil }
    return (try? index.search(query.text, options: query.options, ranking: ranking))?.map(Suggestion.init)
  }

  /// `true`: the same query gets the same answer while the session runs.
  public var isCacheable: Bool { true }

  /// Searches the index; throws `CancellationError` when the task is cancelled.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try index.search(query.text, options: query.options, ranking: ranking).map(Suggestion.init)
  }
}
