/// What a transition asks for: work for the driver and outputs for the front end.
public enum SessionEffect: Sendable, Equatable {
  /// Ask the request's sources; answer with ``SessionEvent/resultsArrived(requestID:sections:)``
  /// or ``SessionEvent/failed(requestID:error:)``.
  case search(SearchRequest)
  /// Wait, then send ``SessionEvent/debounceFired(requestID:)``.
  case debounce(requestID: Int, delay: Duration)
  /// Wait, then send ``SessionEvent/stallTimerFired(requestID:)``.
  case stallTimer(requestID: Int, delay: Duration)
  /// Cancel the request's search task and timers.
  case cancel(requestID: Int)
  /// Deliver an output to the front end.
  case output(SessionOutput)
  /// Remember a pick in ``SessionConfiguration/recents`` (the driver stamps the time).
  case rememberPick(Suggestion)
}
