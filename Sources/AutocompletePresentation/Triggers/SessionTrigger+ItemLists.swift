import AutocompleteCore

extension SessionTrigger {
  /// A trigger over a fixed item list (MJAutoComplete's `trigger.autoCompleteItemList`), filtered in
  /// place by `filter` on every keystroke (by default MJ's `autoCompleteString beginswith[cd]`: a
  /// prefix of the search text, ignoring case and diacritics).
  ///
  /// The rows' cell style is `cellStyle`, or the delimiter, so a front end can give each trigger
  /// its own cell.
  public static func items<Item: AutocompleteSearchable>(
    _ delimiter: String, _ items: [Item], cellStyle: String? = nil, firesInsideWords: Bool = false,
    filter: @escaping @Sendable (inout [Item], SuggestionQuery) -> Void = FetchedListSource<Item>.beginsWith
  ) -> SessionTrigger {
    SessionTrigger(
      delimiter, source: FetchedListSource(items, filter: filter), cellStyle: cellStyle ?? delimiter,
      firesInsideWords: firesInsideWords)
  }

  /// A trigger whose list comes from a completion callback (MJ's data source `itemList:`), then is
  /// filtered in place. The callback may be called on any thread; only its first call counts, and a
  /// callback that never comes ends with the next keystroke.
  public static func itemList<Item: AutocompleteSearchable>(
    _ delimiter: String, cellStyle: String? = nil, firesInsideWords: Bool = false,
    filter: @escaping @Sendable (inout [Item], SuggestionQuery) -> Void = FetchedListSource<Item>.beginsWith,
    _ request:
      @escaping @Sendable (_ token: String, _ completion: @escaping @Sendable ([Item]) -> Void) -> Void
  ) -> SessionTrigger {
    let source = FetchedListSource(isCacheable: false, filter: filter) { query in
      try await ItemListCallback.items { completion in request(query.text, completion) }
    }
    return SessionTrigger(
      delimiter, source: source, cellStyle: cellStyle ?? delimiter, firesInsideWords: firesInsideWords)
  }

  /// A trigger whose list comes from an `async` function, then is filtered in place.
  public static func asyncItems<Item: AutocompleteSearchable>(
    _ delimiter: String, cellStyle: String? = nil, firesInsideWords: Bool = false,
    filter: @escaping @Sendable (inout [Item], SuggestionQuery) -> Void = FetchedListSource<Item>.beginsWith,
    _ fetch: @escaping @Sendable (_ token: String) async throws -> [Item]
  ) -> SessionTrigger {
    let source = FetchedListSource(isCacheable: false, filter: filter) { query in try await fetch(query.text)
    }
    return SessionTrigger(
      delimiter, source: source, cellStyle: cellStyle ?? delimiter, firesInsideWords: firesInsideWords)
  }
}
