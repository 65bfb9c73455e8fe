#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a terminal into picker mode (raw mode, bracketed paste, and the alternate screen unless the
/// picker is drawn inline) and
/// guarantees that it is put back: by ``restore()``, on `deinit` (so also when an error is thrown past
/// its owner), and from SIGINT, SIGTERM, SIGHUP and SIGQUIT, whose handlers restore the saved
/// attributes and write ``resetSequence`` with async-signal-safe calls, then re-raise the signal with
/// its default action.
///
/// Several guards may be alive at once (two pickers in one process, started from two threads): the
/// signal handlers restore the newest active one's terminal. Use each from one task (it is not
/// `Sendable`).
public final class TerminalGuard {
  /// Resets what a full-screen guard turned on: plain style, cursor shown, bracketed paste off, main
  /// screen.
  public static let resetSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1049l"
  /// Turns on the alternate screen and bracketed paste.
  public static let setupSequence = "\u{1B}[?1049h\u{1B}[?2004h"
  /// Resets what an inline guard turned on (it does not touch the screen buffer, since leaving an
  /// alternate screen that was never entered would restore a stale cursor position).
  public static let inlineResetSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?2004l"
  /// Turns on bracketed paste.
  public static let inlineSetupSequence = "\u{1B}[?2004h"

  /// The device being guarded.
  public let device: TerminalDevice
  /// Whether the guard switched to the alternate screen.
  public let usesAlternateScreen: Bool
  /// Whether the guard turned on mouse reports (``MouseEvent/enableSequence``).
  public let tracksMouse: Bool
  /// The attributes to restore.
  private let savedAttributes: termios
  /// Whether ``restore()`` has run.
  private var isRestored = false

  /// Saves the terminal state, installs the signal handlers, switches to raw mode and writes
  /// ``setupSequence`` (or ``inlineSetupSequence`` without the alternate screen). When keys are
  /// already waiting (typed while the program started, and echoed), the current line is erased
  /// first so that their echo does not stay on the shell's screen.
  ///
  /// - Throws: ``TerminalError/systemCall(name:errno:)`` when the attributes cannot be read or set
  ///   (nothing is left changed then).
  public init(device: TerminalDevice, usesAlternateScreen: Bool = true, tracksMouse: Bool = false)
    throws(TerminalError)
  {
    self.device = device
    self.usesAlternateScreen = usesAlternateScreen
    self.tracksMouse = tracksMouse
    savedAttributes = try device.attributes()
    ActiveGuards.add(
      ActiveGuards.Entry(
        id: ObjectIdentifier(self), descriptor: device.outputDescriptor, attributes: savedAttributes,
        resetBytes: Array(resetOutput.utf8)))
    do {
      try device.enableRawMode()
    } catch {
      restore()
      throw error
    }
    // Keys typed before raw mode (while a build or the index ran) were echoed by the terminal onto
    // the shell's line; the picker reads them as typeahead, so erase their echo, which would
    // otherwise stay on the screen after exit.
    let erasesEcho = usesAlternateScreen && Self.hasPendingInput(device.inputDescriptor)
    device.write((erasesEcho ? "\r\u{1B}[K" : "") + setupOutput)
  }

  /// What entering picker mode writes: the screen modes and, when tracked, mouse reports.
  private var setupOutput: String {
    (usesAlternateScreen ? Self.setupSequence : Self.inlineSetupSequence)
      + (tracksMouse ? MouseEvent.enableSequence : "")
  }

  /// Gives the terminal back for a suspension (Ctrl-Z): the reset sequence and the saved attributes,
  /// as ``restore()`` does, but the guard stays in charge: ``resume()`` takes the terminal again.
  public func suspend() {
    guard !isRestored else { return }
    ActiveGuards.setActive(ObjectIdentifier(self), false)
    device.write(resetOutput)
    try? device.setAttributes(savedAttributes, discardingInput: false)
  }

  /// Takes the terminal again after ``suspend()`` (the shell's `fg`): raw mode, the screen modes and
  /// mouse reports, as the guard first set them.
  public func resume() {
    guard !isRestored else { return }
    ActiveGuards.setActive(ObjectIdentifier(self), true)
    _ = try? device.enableRawMode()
    device.write(setupOutput)
  }

  /// Whether input is waiting to be read on `descriptor`.
  private static func hasPendingInput(_ descriptor: Int32) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    return poll(&descriptors, 1, 0) > 0 && descriptors[0].revents & Int16(POLLIN) != 0
  }

  /// What ``restore()`` (and the signal handlers) write.
  private var resetOutput: String {
    (tracksMouse ? MouseEvent.disableSequence : "")
      + (usesAlternateScreen ? Self.resetSequence : Self.inlineResetSequence)
  }

  deinit {
    restore()
  }

  /// Restores the terminal (reset sequence, saved attributes) and the previous signal handlers. Safe
  /// to call more than once.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    ActiveGuards.remove(ObjectIdentifier(self))
    device.write(resetOutput)
    try? device.setAttributes(savedAttributes)
  }
}
