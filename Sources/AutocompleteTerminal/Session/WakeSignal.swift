import Foundation

/// Lets a session wake the terminal event loop when its state changes outside a key press (async
/// results, the stall timer), so that the loop redraws.
///
/// Create it before the loop starts, hand it to ``SessionPickerController/wakeSignal``, and attach the
/// loop's ``TerminalInput`` in `onStart`; posts before that are dropped (the first frame is drawn
/// anyway).
public final class WakeSignal: @unchecked Sendable {
  /// Guards ``input``.
  private let lock = NSLock()
  /// Where wake-ups go.
  private var input: TerminalInput?

  /// Creates a signal with no input attached.
  public init() {}

  /// Sends later wake-ups to `input`.
  public func attach(_ input: TerminalInput) {
    lock.lock()
    defer { lock.unlock() }
    self.input = input
  }

  /// Whether the attached input has keys waiting, typed ahead (``TerminalInput/hasWaitingKeys``);
  /// `false` with no input attached.
  public var hasWaitingKeys: Bool { attached?.hasWaitingKeys ?? false }

  /// Posts ``TerminalEvent/wake`` to the attached input, if any.
  public func post() { attached?.post(.wake) }

  /// The input attached now.
  private var attached: TerminalInput? { lock.withLock { input } }
}
