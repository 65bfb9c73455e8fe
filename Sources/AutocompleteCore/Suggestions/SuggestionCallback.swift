import Foundation

/// The completion handle a ``CallbackSource`` passes to callback-style code (MJAutoComplete's
/// `itemList:` callback).
///
/// Call it once with the rows (or ``fail(_:)`` once with an error). Later calls are ignored, and a
/// call after the session cancelled the query is ignored too; check ``isCancelled`` to stop work early.
public final class SuggestionCallback: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<[Suggestion], any Error>?
  private var isFinished = false
  private var cancelled = false

  init() {}

  /// Whether the session no longer wants this answer.
  public var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }

  /// Delivers the rows; only the first delivery counts.
  public func callAsFunction(_ suggestions: [Suggestion]) {
    finish(.success(suggestions))
  }

  /// Delivers a failure; only the first delivery counts.
  public func fail(_ error: any Error) {
    finish(.failure(error))
  }

  /// Stores the continuation; returns `false` (and resumes it) when already cancelled.
  func install(_ continuation: CheckedContinuation<[Suggestion], any Error>) -> Bool {
    lock.lock()
    if cancelled {
      lock.unlock()
      continuation.resume(throwing: CancellationError())
      return false
    }
    self.continuation = continuation
    lock.unlock()
    return true
  }

  func cancel() {
    lock.lock()
    cancelled = true
    finishLocked(.failure(CancellationError()))
  }

  private func finish(_ result: Result<[Suggestion], any Error>) {
    lock.lock()
    finishLocked(result)
  }

  /// Called with the lock held; releases it.
  private func finishLocked(_ result: Result<[Suggestion], any Error>) {
    guard !isFinished, let continuation else {
      lock.unlock()
      return
    }
    isFinished = true
    self.continuation = nil
    lock.unlock()
    continuation.resume(with: result)
  }
}
