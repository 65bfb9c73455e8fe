import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a terminal on a background thread and delivers ``TerminalEvent``s as an `AsyncStream`: keys
/// (decoded with ``KeyDecoder``; a lone ESC is flushed after ``escapeTimeout``, and a bracketed paste
/// whose end marker does not come is ended after ``pasteTimeout`` without a byte), window resizes
/// (SIGWINCH), suspension requests (SIGTSTP, as ``TerminalEvent/suspend``), periodic ticks, and
/// wake-ups posted by other tasks.
///
/// Ticks and wake-ups never pile up: while one is waiting to be handled, another is dropped, so a
/// slow frame is followed by one redraw, not by a queue of them ahead of the user's keys.
///
/// Several inputs may be alive at once in a process (an app with two pickers): each hears every
/// SIGWINCH and SIGTSTP, and stops hearing them when it is deallocated.
///
/// The stream finishes at end of input or after ``stop()``.
public final class TerminalInput: Sendable {
  /// The events, in order.
  public let events: AsyncStream<TerminalEvent>
  /// How long a lone ESC waits for the rest of an escape sequence.
  public let escapeTimeout: Duration
  /// How long a bracketed paste waits for its next byte before it is ended without its end marker.
  public let pasteTimeout: Duration
  /// The interval of ``TerminalEvent/tick`` events, or `nil` for none.
  public let tickInterval: Duration?
  /// Feeds ``events``.
  private let continuation: AsyncStream<TerminalEvent>.Continuation
  /// The pipe that wakes the reader thread to stop: read end, write end.
  private let stopPipe: (Int32, Int32)
  /// The pipe SIGWINCH writes to: read end, write end.
  private let resizePipe: (Int32, Int32)
  /// The pipe SIGTSTP writes to: read end, write end.
  private let suspendPipe: (Int32, Int32)
  /// Which of tick and wake are waiting in the stream.
  private let pending = PendingEvents()
  /// This input's place among those that hear SIGWINCH and SIGTSTP.
  private let registration: SignalListeners.Registration

  /// Starts reading `device`.
  public init(
    device: TerminalDevice, escapeTimeout: Duration = .milliseconds(30), tickInterval: Duration? = nil,
    pasteTimeout: Duration = .milliseconds(500)
  ) {
    self.escapeTimeout = escapeTimeout
    self.pasteTimeout = pasteTimeout
    self.tickInterval = tickInterval
    (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
    stopPipe = Self.makePipe()
    resizePipe = Self.makePipe()
    suspendPipe = Self.makePipe()
    registration = SignalListeners.add(.init(resize: resizePipe.1, suspend: suspendPipe.1))
    let reader = Reader(
      device: device, continuation: continuation, pending: pending, stopDescriptor: stopPipe.0,
      resizeDescriptor: resizePipe.0, suspendDescriptor: suspendPipe.0, escapeTimeout: escapeTimeout,
      pasteTimeout: pasteTimeout,
      tickInterval: tickInterval)
    Thread.detachNewThread { reader.run() }
  }

  deinit {
    stop()
    SignalListeners.remove(registration)
    close(stopPipe.1)
    close(resizePipe.1)
    close(suspendPipe.1)
  }

  /// Delivers an event from another task (for example ``TerminalEvent/wake`` when results arrive);
  /// a wake-up or tick is dropped while another one is still waiting.
  public func post(_ event: TerminalEvent) {
    guard pending.claim(event) else { return }
    continuation.yield(event)
  }

  /// Tells the input that `event` was taken from ``events``, so that the next tick or wake-up is
  /// delivered again. The event loop calls it; call it when reading ``events`` yourself.
  public func received(_ event: TerminalEvent) {
    pending.release(event)
  }

  /// Whether keys read from the terminal wait in ``events``, typed ahead of the app: the user types
  /// faster than the app answers. A picker then edits its text without searching, and searches once
  /// for the last key (see ``SessionPickerController``). Counted for the event loop, which calls
  /// ``received(_:)`` for each event it takes; an app reading ``events`` itself must call it too.
  public var hasWaitingKeys: Bool { pending.hasWaitingKeys }

  /// Stops the reader thread and finishes the stream. Safe to call more than once.
  public func stop() {
    poke(stopPipe.1)
    continuation.finish()
  }

  /// A non-blocking, close-on-exec socket pair used as a wake-up pipe (sockets, so that writing after
  /// the reader closed its end fails with EPIPE instead of raising SIGPIPE).
  static func makePipe() -> (Int32, Int32) {
    var descriptors: [Int32] = [-1, -1]
    #if canImport(Darwin)
      let streamType = SOCK_STREAM
    #else
      let streamType = Int32(SOCK_STREAM.rawValue)
    #endif
    guard socketpair(AF_UNIX, streamType, 0, &descriptors) == 0 else { return (-1, -1) }
    for descriptor in descriptors {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    return (descriptors[0], descriptors[1])
  }

  /// The loop that runs on the reader thread.
  private struct Reader: Sendable {
    /// The terminal.
    let device: TerminalDevice
    /// Where events go.
    let continuation: AsyncStream<TerminalEvent>.Continuation
    /// Which coalesced events are waiting.
    let pending: PendingEvents
    /// Readable when the reader must stop.
    let stopDescriptor: Int32
    /// Readable after SIGWINCH.
    let resizeDescriptor: Int32
    /// Readable after SIGTSTP.
    let suspendDescriptor: Int32
    /// How long a lone ESC waits.
    let escapeTimeout: Duration
    /// How long a paste waits for its next byte.
    let pasteTimeout: Duration
    /// The tick interval, if any.
    let tickInterval: Duration?

    /// Polls until stopped or the input ends.
    func run() {
      // Threads inherit the signal mask of their creator (Dispatch workers block most signals); make
      // sure at least this thread takes SIGWINCH and the terminating signals.
      var signals = sigset_t()
      sigemptyset(&signals)
      for signalNumber in [SIGWINCH, SIGTSTP, SIGCONT] + SignalState.terminatingSignals {
        sigaddset(&signals, signalNumber)
      }
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      let clock = ContinuousClock()
      var decoder = KeyDecoder()
      var nextTick = tickInterval.map { clock.now + $0 }
      var escapeDeadline: ContinuousClock.Instant?
      var pasteDeadline: ContinuousClock.Instant?
      defer {
        continuation.finish()
        close(stopDescriptor)
        close(resizeDescriptor)
        close(suspendDescriptor)
      }
      while true {
        var timeout: Duration?
        if let deadline = escapeDeadline ?? pasteDeadline { timeout = deadline - clock.now }
        if let nextTick {
          let untilTick = nextTick - clock.now
          timeout = timeout.map { min($0, untilTick) } ?? untilTick
        }
        var descriptors = [
          pollfd(fd: device.inputDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: suspendDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds =
          timeout.map { Int32(max(0, min($0 / .milliseconds(1), 60_000).rounded(.up))) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if descriptors[1].revents != 0 { return }
        if descriptors[2].revents != 0 {
          drain(resizeDescriptor)
          if let size = device.size() { continuation.yield(.resize(size)) }
        }
        if descriptors[3].revents != 0 {
          drain(suspendDescriptor)
          continuation.yield(.suspend)
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 {
          let bytes = device.read()
          if bytes.isEmpty { return }
          for key in decoder.decode(bytes) { yield(key) }
          escapeDeadline = decoder.hasPendingEscape ? clock.now + escapeTimeout : nil
          pasteDeadline = decoder.isPasting ? clock.now + pasteTimeout : nil
        } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
          return
        }
        if let deadline = escapeDeadline, clock.now >= deadline {
          for key in decoder.flushPendingEscape() { yield(key) }
          escapeDeadline = nil
        }
        if let deadline = pasteDeadline, clock.now >= deadline {
          for key in decoder.endPaste() { yield(key) }
          pasteDeadline = nil
        }
        if let tick = nextTick, let interval = tickInterval, clock.now >= tick {
          if pending.claim(.tick) { continuation.yield(.tick) }
          nextTick = clock.now + interval
        }
      }
    }

    /// Sends `key`, counted as waiting before it is in the stream (so that taking it never finds the
    /// count short).
    private func yield(_ key: KeyEvent) {
      _ = pending.claim(.key(key))
      continuation.yield(.key(key))
    }

    /// Reads everything available from a non-blocking pipe.
    private func drain(_ descriptor: Int32) {
      var buffer = [UInt8](repeating: 0, count: 64)
      while buffer.withUnsafeMutableBytes({ Posix.read(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
    }
  }
}
