import Foundation

/// A cheap manual clock for the random schedules: `advance(by:)` resumes due sleepers at once,
/// without the mega-yields `TestClock` spends on every advance (1,000 schedules would take seconds).
final class ManualClock: Clock, @unchecked Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    var isCancelled = false
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Int: Sleeper] = [:]
  private var nextID = 0

  var now: Instant { lock.withSessionLock { current } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = lock.withSessionLock {
      nextID += 1
      sleepers[nextID] = Sleeper(deadline: deadline)
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome: Result<Void, any Error>? = lock.withSessionLock {
          guard let sleeper = sleepers[id], !sleeper.isCancelled else {
            sleepers[id] = nil
            return .failure(CancellationError())
          }
          if sleeper.deadline <= current {
            sleepers[id] = nil
            return .success(())
          }
          sleepers[id]?.continuation = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let continuation = lock.withSessionLock {
        sleepers[id]?.isCancelled = true
        let continuation = sleepers[id]?.continuation
        if continuation != nil { sleepers[id] = nil }
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward and wakes every sleeper whose deadline has passed.
  func advance(by duration: Duration) {
    let due: [CheckedContinuation<Void, any Error>] = lock.withSessionLock {
      current = current.advanced(by: duration)
      let ids = sleepers.filter { $0.value.continuation != nil && $0.value.deadline <= current }.map(\.key)
      return ids.compactMap { sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }
}
