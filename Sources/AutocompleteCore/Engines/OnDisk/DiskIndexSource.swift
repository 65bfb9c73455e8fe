/// A ``DiskIndex`` as a source: a prebuilt or growing index on disk behind an autocomplete field.
///
/// Not cacheable: the index may change between keystrokes (``DiskIndex/add(_:)``,
/// ``DiskIndex/remove(id:)``), and every search sees its latest state.
public struct DiskIndexSource: SuggestionSource {
  /// The index.
  public let index: DiskIndex
  /// The section title.
  public var title: String?
  /// The ranking.
  public var ranking: SearchRanking
  /// Whether the index answers in the keystroke (`true`, the default) or in a task.
  public var answersImmediately: Bool
  /// A filter every search is limited to, whatever a query's filter says (a user's or a team's
  /// items): a query's own filter narrows it, never widens it.
  public let scope: AttributeFilter?

  /// Answers change as the index does, so a session must not reuse an earlier answer.
  public var isCacheable: Bool { false }

  /// Creates a source over `index`, limited to `scope` when given (as
  /// ``IndexSource`` over a ``SearchIndex``).
  public init(
    _ index: DiskIndex, title: String? = nil, ranking: SearchRanking = .standard,
    answersImmediately: Bool = true, scope: AttributeFilter? = nil
  ) {
    self.index = index
    self.scope = scope
    self.title = title
    self.ranking = ranking
    self.answersImmediately = answersImmediately
  }

  /// Searches the index now, unless ``answersImmediately`` is off.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    guard answersImmediately else { return nil }
    return (try? index.search(query.text, options: scoped(query.options), ranking: ranking))?.map(
      Suggestion.init)
  }

  /// Searches the index; throws `CancellationError` when the task is cancelled, or the
  /// ``DiskIndexError`` of a damaged result.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try index.search(query.text, options: scoped(query.options), ranking: ranking).map(Suggestion.init)
  }

  /// `options` with their filter limited to ``scope``.
  private func scoped(_ options: SearchOptions) -> SearchOptions {
    var options = options
    options.filter = AttributeFilter.combined(scope, options.filter)
    return options
  }
}
