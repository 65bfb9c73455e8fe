import Foundation

/// Which coalesced events (``TerminalEvent/tick`` and ``TerminalEvent/wake``) are waiting in a
/// ``TerminalInput``'s stream: at most one of each, so they never queue up behind a slow frame. It
/// also counts the keys waiting there, typed ahead of the app (see ``TerminalInput/hasWaitingKeys``).
final class PendingEvents: @unchecked Sendable {
  /// Guards the flags.
  private let lock = NSLock()
  /// Whether a tick is waiting.
  private var tick = false
  /// Whether a wake-up is waiting.
  private var wake = false
  /// How many keys are in the stream, not yet taken.
  private var keys = 0

  /// Whether `event` may be sent now: always for keys (then counted as waiting) and resizes; for a
  /// tick or wake-up only when none is waiting (it is then marked waiting).
  func claim(_ event: TerminalEvent) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .tick:
      if tick { return false }
      tick = true
    case .wake:
      if wake { return false }
      wake = true
    case .key:
      keys += 1
    case .resize, .suspend:
      break
    }
    return true
  }

  /// Marks `event` as taken from the stream.
  func release(_ event: TerminalEvent) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .tick: tick = false
    case .wake: wake = false
    case .key: keys = max(0, keys - 1)
    case .resize, .suspend: break
    }
  }

  /// Whether a key is in the stream, not yet taken.
  var hasWaitingKeys: Bool {
    lock.lock()
    defer { lock.unlock() }
    return keys > 0
  }
}
