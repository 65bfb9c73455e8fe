import Foundation

/// Bridges a completion callback to `async`: resumes once with the first call, ignores later
/// calls, and ends with `CancellationError` when the waiting task is cancelled first.
final class ItemListCallback<Item: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<[Item], any Error>?
  private var isFinished = false

  /// Calls `request` with a completion and waits for it.
  static func items(_ request: (@escaping @Sendable ([Item]) -> Void) -> Void) async throws -> [Item] {
    let box = ItemListCallback()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if box.install(continuation) { request { box.finish(.success($0)) } }
      }
    } onCancel: {
      box.finish(.failure(CancellationError()))
    }
  }

  private func install(_ continuation: CheckedContinuation<[Item], any Error>) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if isFinished {
      continuation.resume(throwing: CancellationError())
      return false
    }
    self.continuation = continuation
    return true
  }

  private func finish(_ result: Result<[Item], any Error>) {
    lock.lock()
    let continuation = self.continuation
    let wasFinished = isFinished
    isFinished = true
    self.continuation = nil
    lock.unlock()
    guard !wasFinished else { return }
    continuation?.resume(with: result)
  }
}
