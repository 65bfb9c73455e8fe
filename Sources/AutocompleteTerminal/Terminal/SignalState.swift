#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide state that signal handlers read. It lives in memory allocated once, before any
/// handler is installed, so the handlers only load from it and call async-signal-safe functions
/// (`tcsetattr`, `write`, `signal`, `raise`).
struct SignalState {
  /// Whether a ``TerminalGuard`` is active (1) and the terminal must be restored.
  var isGuardActive: Int32 = 0
  /// The terminal descriptor to restore.
  var terminalDescriptor: Int32 = -1
  /// The saved terminal attributes.
  var savedAttributes = termios()
  /// The bytes that reset the screen modes, and how many there are.
  var resetBytes: (UnsafeMutablePointer<UInt8>, Int) = (UnsafeMutablePointer<UInt8>.allocate(capacity: 64), 0)
  /// The socket that SIGCONT pokes while the process is suspended, or -1.
  var continuePipe: Int32 = -1
  /// The process group a terminating signal kills (``ChildProcessGroup``), or 0.
  var childProcessGroup: pid_t = 0

  /// The single instance.
  static var shared: UnsafeMutablePointer<SignalState> { storage }

  /// The instance's memory, allocated once. A `var`, so that `nonisolated(unsafe)` is needed (and
  /// accepted) both where pointers are `Sendable` (Apple's SDKs) and where they are not.
  nonisolated(unsafe) private static var storage: UnsafeMutablePointer<SignalState> = {
    let pointer = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
    pointer.initialize(to: SignalState())
    return pointer
  }()

  /// The signals after which the terminal is restored and the process ends.
  static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
}

/// Restores the terminal from a terminating signal, kills the ``ChildProcessGroup``, then re-raises
/// the signal with its default action.
func restoreTerminalAndReraise(_ signalNumber: Int32) {
  restoreTerminalFromSignalHandler()
  let group = SignalState.shared.pointee.childProcessGroup
  if group > 0 { _ = kill(-group, SIGKILL) }
  _ = signal(signalNumber, SIG_DFL)
  _ = raise(signalNumber)
}

/// What the signal handler does before re-raising: when a guard is active, writes the reset bytes and
/// sets the saved attributes, using only async-signal-safe calls.
func restoreTerminalFromSignalHandler() {
  let state = SignalState.shared
  guard state.pointee.isGuardActive != 0 else { return }
  state.pointee.isGuardActive = 0
  let descriptor = state.pointee.terminalDescriptor
  _ = write(descriptor, state.pointee.resetBytes.0, state.pointee.resetBytes.1)
  _ = withUnsafePointer(to: &state.pointee.savedAttributes) { tcsetattr(descriptor, TCSAFLUSH, $0) }
}

/// Tells every live ``TerminalInput`` about SIGWINCH, through ``SignalListeners``.
func notifyResize(_ signalNumber: Int32) {
  poke(SignalListeners.wakeSockets.resize.1)
}

/// Tells every live ``TerminalInput`` about SIGTSTP, through ``SignalListeners``: each reader turns
/// it into ``TerminalEvent/suspend``.
func notifySuspend(_ signalNumber: Int32) {
  poke(SignalListeners.wakeSockets.suspend.1)
}

/// Pokes the continue pipe from SIGCONT.
func notifyContinue(_ signalNumber: Int32) {
  poke(SignalState.shared.pointee.continuePipe)
}

/// Sends one byte on a wake-up socket without raising SIGPIPE (async-signal-safe).
func poke(_ descriptor: Int32) {
  guard descriptor >= 0 else { return }
  var byte: UInt8 = 0x21
  #if canImport(Darwin)
    _ = write(descriptor, &byte, 1)
  #else
    _ = send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL))
  #endif
}
