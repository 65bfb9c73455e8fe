import AutocompleteTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair for tests: the test plays the user at ``controller`` and the code under
/// test uses ``device`` (the terminal side).
final class PseudoTerminal: @unchecked Sendable {
  /// The controlling side (what a terminal emulator would hold).
  let controller: Int32
  /// The terminal side.
  let terminal: Int32
  /// The terminal side as a device.
  let device: TerminalDevice

  /// Opens a pair with the given window size, or returns `nil` when the system has no ptys.
  init?(columns: Int, rows: Int) {
    // posix_openpt and friends are not imported by the Glibc module; look them up at run time.
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias SetupFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
    guard let openSymbol = dlsym(nil, "posix_openpt"), let grantSymbol = dlsym(nil, "grantpt"),
      let unlockSymbol = dlsym(nil, "unlockpt"), let nameSymbol = dlsym(nil, "ptsname_r")
    else { return nil }
    let openController = unsafeBitCast(openSymbol, to: OpenFunction.self)
    let grant = unsafeBitCast(grantSymbol, to: SetupFunction.self)
    let unlock = unsafeBitCast(unlockSymbol, to: SetupFunction.self)
    let terminalName = unsafeBitCast(nameSymbol, to: NameFunction.self)
    let controller = openController(O_RDWR | O_NOCTTY)
    var nameBuffer = [CChar](repeating: 0, count: 128)
    guard controller >= 0, grant(controller) == 0, unlock(controller) == 0,
      terminalName(controller, &nameBuffer, nameBuffer.count) == 0
    else { return nil }
    let name = String(decoding: nameBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      close(controller)
      return nil
    }
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    self.controller = controller
    self.terminal = terminal
    device = TerminalDevice(input: terminal, output: terminal, path: "pty")
  }

  deinit {
    close(terminal)
    close(controller)
  }

  /// Types bytes as the user.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(controller, &bytes, bytes.count)
  }

  /// Everything the code under test has written so far (non-blocking).
  func readOutput() -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(controller, &buffer, buffer.count)
      if count <= 0 { break }
      output += buffer.prefix(count)
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Collects `count` events (skipping ticks, and resizes when `skippingResizes`: another test's
/// SIGWINCH reaches every live input) from one iterator of the input's stream (an AsyncStream
/// ends when its iterator is dropped, so the same iterator is reused), giving up after 10 seconds so a
/// broken reader fails the test instead of hanging it.
func collect(
  _ count: Int, from iterator: inout AsyncStream<TerminalEvent>.Iterator, input: TerminalInput,
  skippingResizes: Bool = false
) async -> [TerminalEvent] {
  let watchdog = Task {
    // Cancelled (the normal case) means the events arrived: do not stop the input then.
    guard (try? await Task.sleep(for: .seconds(10))) != nil else { return }
    input.stop()
  }
  defer { watchdog.cancel() }
  var events: [TerminalEvent] = []
  while events.count < count, let event = await iterator.next() {
    if case .resize = event, skippingResizes { continue }
    if event != .tick { events.append(event) }
  }
  return events
}
