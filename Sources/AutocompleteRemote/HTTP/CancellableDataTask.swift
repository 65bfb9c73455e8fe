import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSession.data(for:)` that is safe to cancel from any thread, its answer bounded and its
/// redirects checked by the session's ``FetchDelegate``.
///
/// swift-corelibs-foundation's own `data(for:)` cancels its task inside the cancellation handler,
/// which runs while Swift holds the task's status lock; when the network thread is delivering the
/// response at that moment, each waits for the other's lock (swiftlang/swift-corelibs-foundation
/// #5412). Here the session task is cancelled from another queue instead, so the thread that
/// cancels — the main actor, when a keystroke supersedes a query — never waits. The connection is
/// closed either way.
enum CancellableDataTask {
  /// The data (at most `limit` bytes) and response for `request`, in `session`, whose delegate is
  /// `delegate`.
  /// - Throws: `URLError` (`.cancelled` once cancelled), a ``RemoteError`` (an answer past `limit`, a
  ///   redirect to another server) or `CancellationError` when the task was cancelled before the
  ///   request started.
  static func data(
    for request: URLRequest, in session: URLSession, delegate: FetchDelegate, limit: Int
  ) async throws -> (Data, URLResponse) {
    let state = SharedState()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request)
        if state.start(task) {
          delegate.register(task, limit: limit, continuation: continuation)
          task.resume()
        } else {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      guard let task = state.cancel() else { return }
      DispatchQueue.global().async { task.cancel() }
    }
  }

  /// The session task, and whether the Swift task was cancelled before it existed.
  private final class SharedState: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false

    /// Keeps `task`; `false` when cancellation came first (the task must not run).
    func start(_ task: URLSessionTask) -> Bool {
      lock.withLock {
        if isCancelled { return false }
        self.task = task
        return true
      }
    }

    /// Marks the cancellation; returns the task to cancel, if it was started.
    func cancel() -> URLSessionTask? {
      lock.withLock {
        isCancelled = true
        return task
      }
    }
  }
}
