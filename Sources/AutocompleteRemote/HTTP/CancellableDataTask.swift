import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSession.data(for:)` that is safe to cancel from any thread.
///
/// swift-corelibs-foundation's own `data(for:)` cancels its task inside the cancellation handler,
/// which runs while Swift holds the task's status lock; when the network thread is delivering the
/// response at that moment, each waits for the other's lock (swiftlang/swift-corelibs-foundation
/// #5412). Here the session task is cancelled from another queue instead, so the thread that
/// cancels — the main actor, when a keystroke supersedes a query — never waits. The connection is
/// closed either way.
enum CancellableDataTask {
  /// The data and response for `request`.
  /// - Throws: `URLError` (`.cancelled` once cancelled) or `CancellationError` when the task was
  ///   cancelled before the request started.
  static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
    let state = SharedState()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        if state.start(task) {
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
