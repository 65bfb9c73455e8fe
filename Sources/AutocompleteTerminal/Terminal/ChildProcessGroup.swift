import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process group of a command an app runs in the background (`pick --preview`), killed by the
/// terminating signals ``TerminalGuard`` handles (SIGINT, SIGTERM, SIGHUP, SIGQUIT) before the
/// process ends. Such a command runs in a group of its own, so that it can be killed whole, and the
/// terminal's hang-up does not reach that group: without this it would outlive a closed window.
///
/// One group at a time: set it when the command starts, clear it with ``clear(_:)`` when it ends.
/// Threads set and clear it under a lock (a command's reader thread clears it while the next one
/// sets it); the signal handler only reads the one aligned word, as it must take no lock.
public enum ChildProcessGroup {
  private static let lock = NSLock()

  /// The group killed on a terminating signal, or 0 for none.
  public static var current: pid_t {
    get { lock.withLock { SignalState.shared.pointee.childProcessGroup } }
    set { lock.withLock { SignalState.shared.pointee.childProcessGroup = newValue } }
  }

  /// Clears ``current`` when it is still `group` (a later command may have replaced it).
  public static func clear(_ group: pid_t) {
    lock.withLock {
      let state = SignalState.shared
      if state.pointee.childProcessGroup == group { state.pointee.childProcessGroup = 0 }
    }
  }
}
