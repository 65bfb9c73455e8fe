import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `autocomplete` binary in a detached tmux session on its own server socket: send keys,
/// poll the screen, read what the command printed and its exit status.
///
/// Every tmux client it runs is awaited, not waited for: the client runs and is reaped on a thread
/// of its own (``run(_:)``), so a test polling a screen holds none of the cooperative pool's threads
/// (two on a 2-core machine) and the async tests beside it keep running.
final class TmuxSession {
  /// Whether tmux is installed.
  static let isAvailable: Bool = tmuxPath != nil

  /// Whether the tests must run (CI sets `CI`): then a missing tmux is a failure, not a skip.
  static let isRequired = ProcessInfo.processInfo.environment["CI"] != nil

  /// The tmux executable, if any.
  static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The longest a session lives, in seconds, whatever happens to the test. The watchdog ends it as
  /// soon as the test process is gone, so this only bounds a test process that hangs; it is long
  /// because a loaded machine runs tests slowly (when tests still blocked the cooperative pool's
  /// threads, at 120 s the server was killed under tests that were about to look at it, and eight
  /// of them saw a blank screen in CI).
  static let lifetime = 1200

  /// The server socket name and file prefix.
  let name: String
  /// Where the command's stdout goes.
  let outputPath: String
  /// Where the exit status goes.
  let statusPath: String
  /// Where `stty -a` after the command goes.
  let sttyPath: String
  /// The command's `XDG_STATE_HOME`, a directory of its own: the demo's recents (and anything else
  /// kept in the state directory) never touch the user's.
  let stateDirectory: String
  /// Whether ``stateDirectory`` is this session's own (removed with it) rather than the test's.
  private let ownsStateDirectory: Bool

  /// Starts `shellCommand` (with `$BIN` the binary) in a `columns` × `rows` window; after it exits, the
  /// pane records the status and `stty -a`, then idles so the pane can still be inspected.
  /// `stateDirectory` is the command's `XDG_STATE_HOME` (a test's, kept across its runs); by default
  /// one of its own, removed with the session.
  init(_ shellCommand: String, columns: Int = 100, rows: Int = 30, stateDirectory: String? = nil)
    async throws
  {
    let tmux = try #require(Self.tmuxPath, "tmux is not installed")
    name = "ac-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    outputPath = NSTemporaryDirectory() + name + ".out"
    statusPath = NSTemporaryDirectory() + name + ".status"
    sttyPath = NSTemporaryDirectory() + name + ".stty"
    self.stateDirectory = stateDirectory ?? NSTemporaryDirectory() + name + ".state"
    ownsStateDirectory = stateDirectory == nil
    let binary = CommandRunner.binary.path
    // A watchdog in the pane kills this server (and with it the command, by SIGHUP) once the test
    // process is gone or after `lifetime` seconds, so that no path — a crash, a timeout, a killed
    // test run — leaves a server or a picker behind.
    let watchdog =
      "(i=0; while kill -0 \(getpid()) 2>/dev/null && [ $i -lt \(Self.lifetime) ]; do sleep 1; i=$((i+1)); done; "
      + "'\(tmux)' -L \(name) kill-server) >/dev/null 2>&1 &"
    let script =
      "\(watchdog) export TERM=xterm-256color LANG=C.UTF-8 BIN='\(binary)' XDG_STATE_HOME='\(self.stateDirectory)'; "
      + "\(shellCommand) > '\(outputPath)'; "
      + "echo $? > '\(statusPath).tmp'; stty -a > '\(sttyPath)'; mv '\(statusPath).tmp' '\(statusPath)'; "
      + "sleep \(Self.lifetime)"
    try await run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "main", script])
  }

  deinit {
    // Not awaited (a deinit cannot): the server is killed, then the files removed, on a thread of
    // its own, holding no cooperative-pool thread.
    let name = name
    let paths = [outputPath, statusPath, sttyPath] + (ownsStateDirectory ? [stateDirectory] : [])
    Thread.detachNewThread {
      _ = try? Self.runClient(server: name, ["kill-server"])
      for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// Kills the server, the pane and the command in it; safe to call more than once.
  func kill() async {
    _ = try? await run(["kill-server"])
  }

  /// Runs tmux on this session's server; returns its stdout. The client runs on a thread of its
  /// own (``ChildProcess/onOwnThread(_:)``), awaited without holding a cooperative-pool thread.
  @discardableResult
  func run(_ arguments: [String]) async throws -> String {
    let name = name
    return try await ChildProcess.onOwnThread { try Self.runClient(server: name, arguments) }
  }

  /// Runs tmux on the server `server` and waits for it (blocking: call it off the pool); returns its
  /// stdout.
  ///
  /// Spawned with `posix_spawn` and reaped with `waitpid`, its output going to a file: `Process` can
  /// miss the exit of the tmux client that forks the server (it stays a zombie and the wait hangs),
  /// and the server would keep a pipe open.
  private static func runClient(server name: String, _ arguments: [String]) throws -> String {
    let tmux = Self.tmuxPath ?? "/usr/bin/tmux"
    let outputFile = NSTemporaryDirectory() + name + ".cmd-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: outputFile) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    ChildProcess.closeOnSpawn()
    let argv = [tmux, "-L", name, "-f", "/dev/null"] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid = pid_t()
    let spawned = ChildProcess.withDefaultSignals { attributes in
      posix_spawn(&pid, tmux, &actions, attributes, &cArguments, environ)
    }
    guard spawned == 0 else { throw SpawnError(code: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
  }

  /// `posix_spawn` failed.
  struct SpawnError: Error {
    /// The error number.
    let code: Int32
  }

  /// The screen as text.
  func screen() async -> String {
    (try? await run(["capture-pane", "-p", "-t", "main"])) ?? ""
  }

  /// The screen with its SGR escape sequences (colours, bold, reverse video).
  func styledScreen() async -> String {
    (try? await run(["capture-pane", "-p", "-e", "-t", "main"])) ?? ""
  }

  /// Sends tmux key names (`Enter`, `Down`, `F2`, `C-c`).
  func keys(_ names: String...) async throws {
    try await run(["send-keys", "-t", "main"] + names)
  }

  /// Types text literally (UTF-8).
  func type(_ text: String) async throws {
    try await run(["send-keys", "-t", "main", "-l", text])
  }

  /// A tmux format of the pane (`#{cursor_flag}`).
  func format(_ format: String) async throws -> String {
    try await run(["display-message", "-p", "-t", "main", format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the screen every 50 ms until `predicate` holds (looking once more after the deadline);
  /// fails the test with the last screen after `timeout`.
  @discardableResult
  func waitForScreen(
    timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
    _ description: String, _ predicate: (String) async -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var last = ""
    // Always look once more after the deadline: a test that was slow to be scheduled (a loaded
    // machine) must not fail on a screen it never looked at.
    while true {
      let isLate = clock.now >= deadline
      last = await screen()
      if await predicate(last) { return last }
      if isLate { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    // The pane's history too: a crash report scrolls its first lines (the reason) off the screen.
    let history = (try? await run(["capture-pane", "-p", "-S", "-400", "-E", "-1", "-t", "main"])) ?? ""
    Issue.record(
      "timed out after \(timeout) waiting for \(description); screen:\n\(last)\n--- lines above it:\n\(history)",
      sourceLocation: sourceLocation)
    await kill()
    throw TimeoutError()
  }

  /// Waits until the screen contains `text`.
  @discardableResult
  func waitFor(
    _ text: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await waitForScreen(timeout: timeout, sourceLocation: sourceLocation, "“\(text)”") {
      $0.contains(text)
    }
  }

  /// Waits for the command to exit; returns its status and stdout.
  func result(timeout: Duration = .seconds(60)) async throws -> (status: Int32, stdout: String) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let isLate = clock.now >= deadline
      if let status = try? String(contentsOfFile: statusPath, encoding: .utf8) {
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return (Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, output)
      }
      if isLate { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the command did not exit within \(timeout); screen:\n\(await screen())")
    await kill()
    throw TimeoutError()
  }

  /// `stty -a` in the pane after the command exited.
  func sttyAfterExit() -> String {
    (try? String(contentsOfFile: sttyPath, encoding: .utf8)) ?? ""
  }

  /// A wait that ran out.
  struct TimeoutError: Error {}
}
