import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ``TerminalGuard``s alive in the process, oldest first, under one lock.
///
/// The signal handlers read one ``SignalState`` and take no lock, so what they restore is published
/// there from this registry, under its lock: the newest active guard's terminal, attributes and
/// reset bytes (`isGuardActive` cleared while they are written, so a handler never reads half of
/// them). The terminating signals' handlers are installed with the first guard and the previous ones
/// put back with the last, whatever order the guards end in. Two pickers started at once (two
/// threads) each wrote the shared state before: a data race, and the first picker's handlers could
/// be put back while the second was still on screen.
enum ActiveGuards {
  /// What a guard restores.
  struct Entry {
    let id: ObjectIdentifier
    let descriptor: Int32
    let attributes: termios
    let resetBytes: [UInt8]
    var isActive = true
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var entries: [Entry] = []
  nonisolated(unsafe) private static var previousHandlers: [(Int32, (@convention(c) (Int32) -> Void)?)] = []

  /// Registers an active guard (the newest: the one the handlers restore).
  static func add(_ entry: Entry) {
    lock.withLock {
      if entries.isEmpty {
        previousHandlers = SignalState.terminatingSignals.map { ($0, signal($0, restoreTerminalAndReraise)) }
      }
      entries.append(entry)
      publish()
    }
  }

  /// Marks a guard active (it has the terminal) or not (suspended).
  static func setActive(_ id: ObjectIdentifier, _ isActive: Bool) {
    lock.withLock {
      guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
      entries[index].isActive = isActive
      publish()
    }
  }

  /// Forgets a guard; the last one puts the previous signal handlers back.
  static func remove(_ id: ObjectIdentifier) {
    lock.withLock {
      entries.removeAll { $0.id == id }
      publish()
      if entries.isEmpty {
        for (signalNumber, handler) in previousHandlers { _ = signal(signalNumber, handler) }
        previousHandlers = []
      }
    }
  }

  /// Writes the newest active guard into the signal handlers' state (called under the lock).
  private static func publish() {
    let state = SignalState.shared
    state.pointee.isGuardActive = 0
    guard let entry = entries.last(where: \.isActive) else { return }
    state.pointee.terminalDescriptor = entry.descriptor
    state.pointee.savedAttributes = entry.attributes
    for (index, byte) in entry.resetBytes.prefix(64).enumerated() { state.pointee.resetBytes.0[index] = byte }
    state.pointee.resetBytes.1 = min(entry.resetBytes.count, 64)
    state.pointee.isGuardActive = 1
  }
}
