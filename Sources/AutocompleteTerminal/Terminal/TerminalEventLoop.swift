import Foundation

/// Runs a ``TerminalApp`` on the terminal: opens it (refusing without a terminal or with `TERM=dumb`),
/// guards it, reads events, lets the app handle them and redraws after each one. The terminal is always
/// restored when ``run(_:onStart:)`` returns or throws (and on SIGINT/SIGTERM, by ``TerminalGuard``).
///
/// Ctrl-Z and SIGTSTP suspend the app as full-screen programs do: the terminal is given back (cooked
/// mode, main screen, no mouse reports; an inline picker erased), the job stops, and on `fg` the
/// loop takes the terminal again and redraws.
public struct TerminalEventLoop: Sendable {
  /// The terminal to open.
  public var path: String
  /// The environment checked for `TERM`.
  public var environment: [String: String]
  /// How long a lone ESC waits for the rest of an escape sequence.
  public var escapeTimeout: Duration
  /// The interval of ``TerminalEvent/tick`` events (for spinners), or `nil` for none.
  public var tickInterval: Duration?
  /// Where the picker is drawn: the alternate screen, or inline under the prompt.
  public var mode: TerminalScreen.Mode
  /// Whether the terminal reports mouse clicks and the wheel (as ``KeyEvent/mouse(_:)``) while the
  /// app runs; off by default, since it takes text selection away from the terminal.
  public var tracksMouse = false
  /// Whether Ctrl-Z suspends the app (on by default, as in a shell); when off, the app gets the key.
  public var suspendsOnControlZ = true

  /// Creates a loop for the terminal at `path` (the controlling terminal by default).
  public init(
    path: String = "/dev/tty", environment: [String: String] = ProcessInfo.processInfo.environment,
    escapeTimeout: Duration = .milliseconds(30), tickInterval: Duration? = .milliseconds(100),
    mode: TerminalScreen.Mode = .fullScreen
  ) {
    self.mode = mode
    self.path = path
    self.environment = environment
    self.escapeTimeout = escapeTimeout
    self.tickInterval = tickInterval
  }

  /// Whether frames have colours: not when `NO_COLOR` is set to anything non-empty in ``environment``
  /// (<https://no-color.org>).
  public var usesColor: Bool {
    (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Runs `app` until it finishes (returns its outcome) or the input ends (returns `nil`).
  ///
  /// - Parameters:
  ///   - app: The app that handles events and draws frames.
  ///   - onStart: called once with the ``TerminalInput`` before the first frame, so that other
  ///     tasks can ``TerminalInput/post(_:)`` wake-ups (for example when a session publishes results).
  /// - Throws: ``TerminalError`` when there is no usable terminal; nothing is written then.
  public func run<App: TerminalApp>(
    _ app: inout App, onStart: (TerminalInput) -> Void = { _ in }
  ) async throws(TerminalError) -> App.Outcome? {
    let device = try TerminalDevice.open(path: path, environment: environment)
    return try await run(&app, device: device, onStart: onStart)
  }

  /// Runs `app` on a device that is already open (for example a pseudo-terminal), without the `TERM`
  /// and tty checks of ``run(_:onStart:)``; ``path`` is not used, and ``environment`` only for
  /// ``usesColor``.
  public func run<App: TerminalApp>(
    _ app: inout App, device: TerminalDevice, onStart: (TerminalInput) -> Void = { _ in }
  ) async throws(TerminalError) -> App.Outcome? {
    let terminalGuard = try TerminalGuard(
      device: device, usesAlternateScreen: mode == .fullScreen, tracksMouse: tracksMouse)
    defer { terminalGuard.restore() }
    let screen = TerminalScreen(device: device, mode: mode, usesColor: usesColor)
    defer { screen.finish() }
    let input = TerminalInput(device: device, escapeTimeout: escapeTimeout, tickInterval: tickInterval)
    defer { input.stop() }
    onStart(input)
    let suspend = {
      screen.suspend()
      terminalGuard.suspend()
      ProcessSuspension.stopUntilContinued()
      terminalGuard.resume()
      screen.resume(window: device.size())
    }
    return await Self.drive(
      &app, events: input.events, screen: screen, input: input,
      suspend: suspend, suspendsOnControlZ: suspendsOnControlZ)
  }

  /// The loop itself, separated from the terminal setup: draws, then for each event lets `app`
  /// handle it and redraws. A suspension (``TerminalEvent/suspend``, or Ctrl-Z when
  /// `suspendsOnControlZ`) runs `suspend` and redraws; the app does not see it.
  static func drive<App: TerminalApp>(
    _ app: inout App, events: AsyncStream<TerminalEvent>, screen: TerminalScreen, input: TerminalInput? = nil,
    suspend: (() -> Void)? = nil, suspendsOnControlZ: Bool = false
  ) async -> App.Outcome? {
    screen.draw { app.draw(into: &$0) }
    for await event in events {
      input?.received(event)
      if event == .suspend || (suspendsOnControlZ && event == .key(.control("z"))) {
        guard let suspend else { continue }
        suspend()
        screen.draw { app.draw(into: &$0) }
        continue
      }
      if case .resize(let size) = event { screen.resize(to: size) }
      switch await app.handle(event) {
      case .proceed:
        screen.draw { app.draw(into: &$0) }
      case .finish(let outcome):
        return outcome
      }
    }
    return nil
  }
}
