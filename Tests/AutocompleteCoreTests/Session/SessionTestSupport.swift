import AutocompleteCore
import Foundation

/// City names used across the session tests.
let sessionCities: [AutocompleteItem] = [
  "São Paulo", "Sapporo", "Santiago", "San Francisco", "Salvador", "Sydney", "Seoul", "Saint Petersburg",
]

/// A source whose calls wait until the test releases them, in any order.
final class ControlledSource: SuggestionSource, @unchecked Sendable {
  struct Call {
    var query: String
    var continuation: CheckedContinuation<[Suggestion], any Error>?
    var sawCancellation = false
  }

  private let lock = NSLock()
  private var calls: [Call] = []
  let title: String? = nil
  let isCacheable: Bool
  /// When `true` the source notes cancellation but keeps waiting, like a server call that cannot be
  /// stopped: its answer may then arrive after newer queries started.
  let ignoresCancellation: Bool

  init(isCacheable: Bool = false, ignoresCancellation: Bool = false) {
    self.isCacheable = isCacheable
    self.ignoresCancellation = ignoresCancellation
  }

  /// The rows answering `query`: each is tagged with the query it answers.
  static func rows(for query: String, count: Int = 3) -> [Suggestion] {
    (0..<count).map { Suggestion("\(query)|\($0)", id: "\(query)|\($0)") }
  }

  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? { nil }

  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    let index = lock.withSessionLock {
      calls.append(Call(query: query.text))
      return calls.count - 1
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledEarly = lock.withSessionLock {
          if calls[index].sawCancellation, !ignoresCancellation { return true }
          calls[index].continuation = continuation
          return false
        }
        if cancelledEarly { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation: CheckedContinuation<[Suggestion], any Error>? = lock.withSessionLock {
        calls[index].sawCancellation = true
        if ignoresCancellation { return nil }
        let continuation = calls[index].continuation
        calls[index].continuation = nil
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  var snapshot: [Call] { lock.withSessionLock { calls } }
  var callCount: Int { snapshot.count }

  /// Indices of calls that are waiting to be released.
  var pendingIndices: [Int] {
    lock.withSessionLock { calls.indices.filter { calls[$0].continuation != nil } }
  }

  /// Answers call `index` (if still waiting) with rows tagged by its query, or with `error`.
  func release(_ index: Int, error: (any Error)? = nil, count: Int = 3) {
    let taken: (CheckedContinuation<[Suggestion], any Error>, String)? = lock.withSessionLock {
      guard let continuation = calls[index].continuation else { return nil }
      calls[index].continuation = nil
      return (continuation, calls[index].query)
    }
    guard let (continuation, query) = taken else { return }
    if let error {
      continuation.resume(throwing: error)
    } else {
      continuation.resume(returning: Self.rows(for: query, count: count))
    }
  }
}

/// A source that counts its calls and answers at once from a list.
final class CountingSource: SuggestionSource, @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  let items: [AutocompleteItem]
  let title: String? = nil
  let isCacheable = true

  init(_ items: [AutocompleteItem]) {
    self.items = items
  }

  var calls: Int { lock.withSessionLock { count } }

  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    lock.withSessionLock { count += 1 }
    return items.rankedMatches(for: query.prepared).map(Suggestion.init)
  }

  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    immediateSuggestions(for: query) ?? []
  }
}

struct SessionTestError: Error, Equatable {
  var reason: String
}

/// Collects a session's outputs.
@MainActor
final class OutputRecorder {
  var outputs: [SessionOutput] = []

  init(_ session: AutocompleteSession) {
    session.onOutput = { [weak self] in self?.outputs.append($0) }
  }

  var edits: [TextEdit] {
    outputs.compactMap { if case .replaceText(let edit) = $0 { edit } else { nil } }
  }
}

/// Waits (yielding, then sleeping a millisecond at a time) until `condition` holds, for at most
/// `seconds` of wall-clock time; returns whether it did (in `#expect`, whose failure shows the
/// condition awaited). A deadline rather than a count of attempts, bounded by what the in-process
/// work awaited needs (milliseconds) with a wide margin for a loaded 2-core machine: 60 s. Since
/// synchronous tests run off the cooperative pool (`.offThePool`), nothing holds the pool's threads
/// for long (before, CPU-bound tests kept both for minutes and this wait was 600 s).
@MainActor
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  var attempt = 0
  while ContinuousClock.now < deadline {
    if condition() { return true }
    attempt += 1
    if attempt < 500 {
      await Task.yield()
    } else {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
  return condition()
}

/// Lets already-scheduled work run.
@MainActor
func letTasksRun(_ rounds: Int = 20) async {
  for _ in 0..<rounds { await Task.yield() }
}

/// Runs `events` through a reducer from a fresh state.
func reduceEvents(
  _ configuration: SessionConfiguration, _ events: [SessionEvent], from state: SessionState = SessionState()
) -> (state: SessionState, outputs: [SessionOutput], last: SessionTransition) {
  let reducer = SessionReducer(configuration: configuration)
  var state = state
  var outputs: [SessionOutput] = []
  var last = SessionTransition(state: state)
  for event in events {
    last = reducer.reduce(state, event)
    state = last.state
    outputs += last.outputs
  }
  return (state, outputs, last)
}

/// The rows of `items` matching `query`, as a source would answer them.
func matchingRows(
  _ items: [AutocompleteItem], matching query: String, options: SearchOptions = SearchOptions()
)
  -> [Suggestion]
{
  items.rankedMatches(for: SearchQuery(query, options: options)).map(Suggestion.init)
}

extension NSLock {
  /// Runs `body` with the lock held.
  func withSessionLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
