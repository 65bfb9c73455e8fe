/// Callback-style code as a source (MJAutoComplete's `itemList:` with a completion callback).
///
/// ```swift
/// let source = CallbackSource { query, callback in
///   legacyAPI.fetch(query.text) { names in callback(names.map { Suggestion($0) }) }
/// }
/// ```
/// The bridge resumes exactly once: a second call of the callback is ignored, and when the
/// callback is never called the query stays pending until the session cancels it (the next
/// keystroke), which ends the wait with `CancellationError`.
public struct CallbackSource: SuggestionSource {
  /// The section title.
  public var title: String?
  /// Whether answers may be cached.
  public var isCacheable: Bool
  /// The request; call the callback when the list is ready.
  public let request: @Sendable (SuggestionQuery, SuggestionCallback) -> Void

  /// Creates a source that calls `request` on every query.
  public init(
    title: String? = nil, isCacheable: Bool = true,
    _ request: @escaping @Sendable (SuggestionQuery, SuggestionCallback) -> Void
  ) {
    self.title = title
    self.isCacheable = isCacheable
    self.request = request
  }

  /// `nil`: the source answers only through ``suggestions(for:)``.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  /// Calls the request and waits for the first callback or for cancellation.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    let callback = SuggestionCallback()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if callback.install(continuation) { request(query, callback) }
      }
    } onCancel: {
      callback.cancel()
    }
  }

  /// Creates a source whose callback-style `request` delivers items rather than rows (through an
  /// ``ItemCallback``): the core matches them for highlights and orders them by `ranking`, as
  /// ``AsyncSource``'s item form does.
  public init<Item: AutocompleteSearchable>(
    title: String? = nil, isCacheable: Bool = true, ranking: SearchRanking = .standard,
    _ request: @escaping @Sendable (SuggestionQuery, ItemCallback<Item>) -> Void
  ) {
    self.init(title: title, isCacheable: isCacheable) { query, callback in
      request(query, ItemCallback(callback: callback, query: query, ranking: ranking))
    }
  }
}

/// The completion handle of a ``CallbackSource`` that delivers items: call it once with the items
/// (or ``fail(_:)`` once); later calls, and calls after the session cancelled the query, are ignored.
public struct ItemCallback<Item: AutocompleteSearchable>: Sendable {
  let callback: SuggestionCallback
  let query: SuggestionQuery
  let ranking: SearchRanking

  /// Whether the session no longer wants this answer.
  public var isCancelled: Bool { callback.isCancelled }

  /// Delivers the items; only the first delivery counts.
  public func callAsFunction(_ items: [Item]) {
    callback(items.suggestions(answering: query, ranking: ranking))
  }

  /// Delivers a failure; only the first delivery counts.
  public func fail(_ error: any Error) {
    callback.fail(error)
  }
}
