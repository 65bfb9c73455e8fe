/// Where the pipeline stands for the current query.
public enum SessionPhase: Sendable, Equatable {
  /// No query: the field is empty, too short, outside a trigger token, or auto-fill is off.
  case idle
  /// A query is being answered (or debounced); no rows yet.
  case loading
  /// The answer takes longer than the stall threshold; front ends show a spinner.
  case stalled
  /// The rows answer the current query.
  case results
  /// The current query has no rows.
  case empty
  /// The source failed; the typed text is kept.
  case failed(SessionError)

  /// Whether a query is waiting for its answer.
  public var isPending: Bool { self == .loading || self == .stalled }
}
