import AutocompleteCore

/// A `SuggestionSource` over an ``AutofillDataSource``: asks the data source on
/// the main actor at every query (never cached, since the data source may change at any time).
///
/// The custom search receives the query text and the four RVS options taken from the query's
/// `SearchOptions`; its items are shown in its order and cut to the maximum
/// count. Otherwise ``AutofillDataSource/textDictionary`` is matched and ranked by the engine.
public struct DataSourceSource: SuggestionSource {
  private let answer: @MainActor @Sendable (SuggestionQuery) -> [Suggestion]

  /// Creates a source reading `dataSource`, which it does not retain.
  @MainActor
  public init(_ dataSource: any AutofillDataSource) {
    answer = { [weak dataSource] query in
      guard let dataSource else { return [] }
      return Self.suggestions(from: dataSource, for: query)
    }
  }

  /// The data source may change between two identical queries.
  public var isCacheable: Bool { false }

  /// Answers on the spot: the session asks on the main actor.
  @MainActor
  public func mainActorSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    answer(query)
  }

  /// No title.
  public var title: String? { nil }

  /// `nil`: the data source is read on the main actor (``mainActorSuggestions(for:)``).
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  /// Answers on the main actor.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return await answer(query)
  }

  /// The rows `dataSource` gives for `query`.
  @MainActor
  static func suggestions(from dataSource: any AutofillDataSource, for query: SuggestionQuery)
    -> [Suggestion]
  {
    let options = query.options
    let prepared = query.prepared
    if let custom = dataSource.autofillItems(
      for: query.text, isCaseSensitive: options.isCaseSensitive,
      isWildcardBefore: options.mode.isWildcardBefore, isWildcardAfter: options.mode.isWildcardAfter,
      maximumAutofillCount: options.maximumCount ?? -1)
    {
      let kept = options.limit.map { Array(custom.prefix($0)) } ?? custom
      return kept.enumerated().map { offset, item in
        Suggestion(item: item, match: item.match(prepared), id: String(offset))
      }
    }
    return dataSource.textDictionary.rankedMatches(for: prepared).map(Suggestion.init)
  }
}
