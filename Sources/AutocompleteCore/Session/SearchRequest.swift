/// A search the driver runs: which request, which sources, and the query to ask them.
public struct SearchRequest: Sendable, Hashable {
  /// The request's identity; answers carry it back so stale answers are dropped.
  public var id: Int
  /// The sources to ask: the field's or a trigger's.
  public var target: SessionTarget
  /// The query the sources receive.
  public var query: SuggestionQuery

  /// Creates a request.
  public init(id: Int, target: SessionTarget, query: SuggestionQuery) {
    self.id = id
    self.target = target
    self.query = query
  }
}
