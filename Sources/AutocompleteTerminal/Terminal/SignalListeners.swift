import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The wake-up sockets of every live ``TerminalInput``, each told about SIGWINCH and SIGTSTP: an app
/// may run several pickers in one process, and each must hear a resize (not only the last one
/// started, whose sockets replaced the others' when the handler poked a single socket).
///
/// The handlers only write one byte to a socket pair of their own, made once before the first
/// handler is installed and never changed (async-signal-safe, and nothing for another thread to
/// race with); a thread of this type reads it and pokes every registered socket. Registration and
/// that fan-out take a lock, so an input that ends is never poked after it closed its socket.
enum SignalListeners {
  /// The sockets one input registered.
  struct Listener {
    /// The write end poked after SIGWINCH.
    let resize: Int32
    /// The write end poked after SIGTSTP.
    let suspend: Int32
  }

  /// Identifies a registration, for ``remove(_:)``.
  struct Registration: Hashable, Sendable {
    /// The registration's number.
    fileprivate let number: Int
  }

  /// The registered listeners, under ``lock``.
  private final class Registry: @unchecked Sendable {
    let lock = NSLock()
    var listeners: [Int: Listener] = [:]
    var nextNumber = 0
  }

  private static let registry = Registry()

  /// The socket pairs the handlers write to (read end, write end): SIGWINCH's, then SIGTSTP's. Made,
  /// and the fan-out thread started, on first use (``add(_:)``, before a handler is installed).
  static let wakeSockets: (resize: (Int32, Int32), suspend: (Int32, Int32)) = {
    let sockets = (resize: TerminalInput.makePipe(), suspend: TerminalInput.makePipe())
    let (resize, suspend) = (sockets.resize.0, sockets.suspend.0)
    let thread = Thread { fanOut(resize: resize, suspend: suspend) }
    thread.name = "AutocompleteTerminal signals"
    thread.start()
    return sockets
  }()

  /// Registers `listener` (its sockets poked after every SIGWINCH and SIGTSTP until ``remove(_:)``)
  /// and installs the handlers.
  static func add(_ listener: Listener) -> Registration {
    _ = wakeSockets
    return registry.lock.withLock {
      let number = registry.nextNumber
      registry.nextNumber += 1
      registry.listeners[number] = listener
      _ = signal(SIGWINCH, notifyResize)
      _ = signal(SIGTSTP, notifySuspend)
      return Registration(number: number)
    }
  }

  /// Unregisters a listener; once none is left, SIGWINCH and SIGTSTP get their default actions back
  /// (Ctrl-Z stops the app again). Its sockets are not poked after this returns.
  static func remove(_ registration: Registration) {
    registry.lock.withLock {
      registry.listeners[registration.number] = nil
      if registry.listeners.isEmpty {
        _ = signal(SIGWINCH, SIG_DFL)
        _ = signal(SIGTSTP, SIG_DFL)
      }
    }
  }

  /// The fan-out thread: waits for the handlers' bytes and pokes the matching socket of every
  /// listener.
  private static func fanOut(resize: Int32, suspend: Int32) {
    var descriptors = [
      pollfd(fd: resize, events: Int16(POLLIN), revents: 0),
      pollfd(fd: suspend, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      descriptors[0].revents = 0
      descriptors[1].revents = 0
      let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      let resized = descriptors[0].revents != 0 && drain(resize)
      let suspended = descriptors[1].revents != 0 && drain(suspend)
      registry.lock.withLock {
        for listener in registry.listeners.values {
          if resized { poke(listener.resize) }
          if suspended { poke(listener.suspend) }
        }
      }
    }
  }

  /// Reads everything available from a non-blocking socket; returns whether anything was.
  private static func drain(_ descriptor: Int32) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    var any = false
    while buffer.withUnsafeMutableBytes({ Posix.read(descriptor, $0.baseAddress!, $0.count) }) > 0 {
      any = true
    }
    return any
  }
}
