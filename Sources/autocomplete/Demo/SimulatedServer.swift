import AutocompleteCore
import AutocompleteTerminal
import Foundation

/// A pretend server for the async demo screen: each answer takes 50–1500 ms and one request in five
/// fails, both derived from the seed, the query text and how often that text was asked before (so a
/// seed replays the same session, and a retry — Ctrl-R — may succeed where the first request
/// failed, as with a real flaky server). It does not stop when cancelled, like a real request
/// already on the wire; a late answer is logged and dropped.
///
/// Markers for trying states on purpose: a query containing `!` always fails, one containing `~`
/// takes 2.5 s.
final class SimulatedServer: @unchecked Sendable {
  /// The seed shown on screen.
  let seed: UInt64
  /// Where the rows come from.
  let data: PickerData
  /// Redraws the screen when the log changes.
  let wake: WakeSignal
  /// Guards ``events``.
  private let lock = NSLock()
  /// The log, newest last.
  private var events: [String] = []
  /// How many requests each query text had.
  private var attempts: [String: Int] = [:]

  /// Creates a server.
  init(seed: UInt64, data: PickerData, wake: WakeSignal) {
    self.seed = seed
    self.data = data
    self.wake = wake
  }

  /// The last `count` log lines, newest first.
  func recentEvents(_ count: Int) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return Array(events.suffix(count).reversed())
  }

  /// The latency and whether the answer fails, for the `attempt`-th request (from 0) of a query text.
  func plan(for text: String, attempt: Int = 0) -> (milliseconds: Int, fails: Bool) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    hash = (hash ^ UInt64(truncatingIfNeeded: attempt)) &* 0x0000_0100_0000_01b3
    var mixer = hash
    let delay = 50 + Int(Self.next(&mixer) % 1451)
    let fails = Self.next(&mixer) % 5 == 0
    if text.contains("~") { return (2500, text.contains("!")) }
    return (delay, fails || text.contains("!"))
  }

  /// Answers `query` after its latency.
  func answer(_ query: SuggestionQuery) async throws -> [Suggestion] {
    let attempt = lock.withLock {
      defer { attempts[query.text, default: 0] += 1 }
      return attempts[query.text, default: 0]
    }
    let plan = plan(for: query.text, attempt: attempt)
    let text = query.text
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(plan.milliseconds)) { done.resume() }
    }
    if Task.isCancelled {
      log("“\(text)” \(plan.milliseconds) ms: late, dropped")
      throw CancellationError()
    }
    if plan.fails {
      log("“\(text)” \(plan.milliseconds) ms: failed")
      throw ServerError(query: text)
    }
    log("“\(text)” \(plan.milliseconds) ms: shown")
    return data.suggestions(for: query)
  }

  /// Appends to the log and asks for a redraw.
  private func log(_ event: String) {
    lock.lock()
    events.append(event)
    if events.count > 20 { events.removeFirst(events.count - 20) }
    lock.unlock()
    wake.post()
  }

  /// SplitMix64.
  private static func next(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The simulated failure.
struct ServerError: Error, CustomStringConvertible {
  /// The query that failed.
  let query: String

  var description: String { "The server did not answer “\(query)” (simulated failure). Ctrl-R retries." }
}
