import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal the picker draws on: by default the controlling terminal `/dev/tty`, so that standard
/// output stays free for the result (`city=$(autocomplete)` works, like fzf).
///
/// The device reads and writes bytes, reports the window size and switches raw mode; restoring the
/// terminal on exit is the job of ``TerminalGuard``.
public final class TerminalDevice: Sendable {
  /// The path the device was opened from, or a description of the descriptor.
  public let path: String
  /// The descriptor keys are read from.
  public let inputDescriptor: Int32
  /// The descriptor the UI is written to.
  public let outputDescriptor: Int32
  /// Whether ``deinit`` closes the descriptors.
  private let ownsDescriptors: Bool

  /// Opens the terminal at `path` for reading and writing after checking `TERM` in `environment`.
  ///
  /// - Throws: ``TerminalError/dumbTerminal`` when `TERM` is `dumb` or unset,
  ///   ``TerminalError/notATerminal(path:)`` when `path` cannot be opened or is not a terminal. Nothing
  ///   is written in either case.
  public static func open(
    path: String = "/dev/tty", environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(TerminalError) -> TerminalDevice {
    try TerminalCheck.validateTerm(environment: environment)
    let descriptor = Posix.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .notATerminal(path: path) }
    guard isatty(descriptor) == 1 else {
      close(descriptor)
      throw .notATerminal(path: path)
    }
    return TerminalDevice(input: descriptor, output: descriptor, path: path, ownsDescriptors: true)
  }

  /// Wraps descriptors that are already open (for example a pseudo-terminal in tests). Use
  /// ``TerminalCheck`` first if they may not be terminals.
  public init(input: Int32, output: Int32, path: String, ownsDescriptors: Bool = false) {
    self.inputDescriptor = input
    self.outputDescriptor = output
    self.path = path
    self.ownsDescriptors = ownsDescriptors
  }

  deinit {
    if ownsDescriptors {
      close(inputDescriptor)
      if outputDescriptor != inputDescriptor { close(outputDescriptor) }
    }
  }

  /// The window size from `TIOCGWINSZ`, or `nil` when the terminal does not report one (0 × 0).
  public func size() -> TerminalSize? {
    var window = winsize()
    guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return nil }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// The current terminal attributes.
  public func attributes() throws(TerminalError) -> termios {
    var attributes = termios()
    guard tcgetattr(inputDescriptor, &attributes) == 0 else {
      throw .systemCall(name: "tcgetattr", errno: errno)
    }
    return attributes
  }

  /// Sets the terminal attributes after pending output is written.
  /// - Parameters:
  ///   - attributes: The attributes to set.
  ///   - discardingInput: Also drop input not read yet (the default, for restoring: keys meant for
  ///     the picker must not leak into the shell). Entering raw mode keeps it, so that what the
  ///     user typed while the picker started is not lost.
  public func setAttributes(_ attributes: termios, discardingInput: Bool = true) throws(TerminalError) {
    var attributes = attributes
    guard tcsetattr(inputDescriptor, discardingInput ? TCSAFLUSH : TCSADRAIN, &attributes) == 0 else {
      throw .systemCall(name: "tcsetattr", errno: errno)
    }
  }

  /// Switches to raw mode — no echo, no line editing, no signal keys (Ctrl-C arrives as a key), no
  /// input translation — and returns the attributes to restore.
  @discardableResult
  public func enableRawMode() throws(TerminalError) -> termios {
    let saved = try attributes()
    var raw = saved
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    try setAttributes(raw, discardingInput: false)
    return saved
  }

  /// Writes text to the terminal, retrying short writes and interruptions; errors are ignored (there
  /// is nowhere left to report them).
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Posix.write(outputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
          continue
        } else {
          return
        }
      }
    }
  }

  /// Reads what is available (up to `maximumCount` bytes), blocking until something is. Returns an
  /// empty array at end of input or on an error other than an interruption.
  public func read(maximumCount: Int = 4096) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(1, maximumCount))
    while true {
      let count = bytes.withUnsafeMutableBytes { Posix.read(inputDescriptor, $0.baseAddress!, $0.count) }
      if count >= 0 { return Array(bytes.prefix(count)) }
      if errno != EINTR { return [] }
    }
  }
}
