import Foundation

/// The progress of `index build` and `index add` on standard error, when standard error is a
/// terminal and the input is big (``threshold`` bytes or more): a bar while the input is read (a
/// byte count when its size is unknown, as from a pipe), the step under way with its elapsed time
/// while the index is built and committed (a bar over the batches of `--commit-every`), then one
/// summary line. Redrawn in place (carriage return, erase line), at most ten times a second. Nothing
/// at all when standard error is not a terminal, so scripts and logs stay clean.
final class IndexProgress: @unchecked Sendable {
  /// The input size from which progress is shown: smaller inputs finish before a bar helps.
  static let threshold = 1 << 20

  private let lock = NSLock()
  private let isEnabled: Bool
  private var isShown = false
  private var step = ""
  private var stepStart = DispatchTime.now()
  private var lastDraw: UInt64 = 0
  private var ticker: DispatchSourceTimer?

  /// Progress drawn on standard error when it is a terminal (`isTerminal`, by default `isatty(2)`).
  init(isTerminal: Bool = isatty(2) == 1) {
    isEnabled = isTerminal
  }

  /// `count` of `total` bytes read (`total` unknown for a pipe); shown once `threshold` is reached
  /// or known to be.
  func read(_ count: Int, of total: Int?) {
    lock.withLock {
      guard isEnabled, isShown || max(count, total ?? 0) >= Self.threshold else { return }
      isShown = true
      let megabytes = String(format: "%.1f MB", Double(count) / 1e6)
      if let total, total > 0 {
        let line = "reading " + Self.bar(Double(count) / Double(total)) + " " + megabytes
        if count >= total { draw(line) } else { drawThrottled(line) }
      } else {
        drawThrottled("reading " + megabytes)
      }
    }
  }

  /// Starts `step` ("indexing 1000000 items"), redrawn with its elapsed seconds until the next call.
  func begin(_ step: String) {
    lock.withLock {
      guard isShown else { return }
      self.step = step
      stepStart = .now()
      draw(step + "…")
      if ticker == nil {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        ticker = timer
      }
    }
  }

  /// `done` of `total` items added and committed (`index add --commit-every`).
  func added(_ done: Int, of total: Int) {
    lock.withLock {
      guard isShown else { return }
      step = "adding " + Self.bar(Double(done) / Double(max(total, 1))) + " \(done)/\(total) items"
      drawThrottled(step)
    }
  }

  /// Ends the progress with `summary` on a line of its own (nothing when none was shown).
  func finish(_ summary: String) {
    lock.withLock {
      ticker?.cancel()
      ticker = nil
      guard isShown else { return }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - stepStart.uptimeNanoseconds) / 1e9
      draw(summary + String(format: " (%.1f s)", seconds) + "\n")
      isShown = false
    }
  }

  private func tick() {
    lock.withLock {
      guard isShown, ticker != nil else { return }
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - stepStart.uptimeNanoseconds) / 1e9
      draw(step + "… " + String(format: "%.0f s", seconds))
    }
  }

  /// A bar of 24 cells for `fraction` (0 to 1), with its percentage.
  static func bar(_ fraction: Double) -> String {
    let clamped = min(max(fraction.isFinite ? fraction : 0, 0), 1)
    let full = Int(clamped * 24)
    return "[" + String(repeating: "#", count: full) + String(repeating: "-", count: 24 - full) + "] "
      + String(Int(clamped * 100)) + "%"
  }

  private func drawThrottled(_ line: String) {
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - lastDraw >= 100_000_000 else { return }
    lastDraw = now
    draw(line)
  }

  private func draw(_ line: String) {
    try? StandardStream.write("\r\u{1B}[2K" + line, to: 2, name: "standard error")
  }
}
