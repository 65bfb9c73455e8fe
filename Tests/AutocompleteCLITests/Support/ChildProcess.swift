import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to its end with `posix_spawn` and `waitpid`, its output going to temporary files.
///
/// Not Foundation's `Process`: on Linux its `waitUntilExit()` can miss a child's exit and wait for
/// ever (the child stays a zombie; seen in CI with the CLI tests and the tmux client alike), and
/// pipes that other tests' children inherit stay open. Output to files also needs no reader thread,
/// whatever the size.
enum ChildProcess {
  /// What a finished program left.
  struct Result {
    /// The exit status, or the signal number when a signal ended it (as `Process` reports them).
    var status: Int32
    var stdout: Data
    var stderr: Data
  }

  /// `posix_spawn` failed.
  struct SpawnError: Error {
    /// The error number.
    let code: Int32
  }

  /// Runs `executable` with `arguments` and `environment`; its standard input is a pipe fed with
  /// `stdin` (then closed), or `/dev/null` when `stdin` is `nil`.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], stdin: Data? = nil
  ) throws -> Result {
    let base = NSTemporaryDirectory() + "ac-child-\(getpid())-\(UUID().uuidString.prefix(8))"
    let outPath = base + ".out"
    let errPath = base + ".err"
    defer {
      for path in [outPath, errPath] { try? FileManager.default.removeItem(atPath: path) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var input: [Int32] = [-1, -1]
    if stdin != nil {
      guard pipe(&input) == 0 else { throw SpawnError(code: errno) }
      posix_spawn_file_actions_adddup2(&actions, input[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    closeOnSpawn()
    let argv = [executable] + arguments
    var cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in cEnvironment { free(pointer) } }
    var pid = pid_t()
    let spawned = withDefaultSignals { attributes in
      posix_spawn(&pid, executable, &actions, attributes, &cArguments, &cEnvironment)
    }
    if stdin != nil { close(input[0]) }
    guard spawned == 0 else {
      if stdin != nil { close(input[1]) }
      throw SpawnError(code: spawned)
    }
    if let stdin {
      // A child that exits without reading all of it makes the write fail (EPIPE), not kill us.
      signal(SIGPIPE, SIG_IGN)
      stdin.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(input[1], bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 && errno == EINTR { continue }
          if written <= 0 { break }
          offset += written
        }
      }
      close(input[1])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7F == 0
    return Result(
      status: exited ? (status >> 8) & 0xFF : status & 0x7F,
      stdout: FileManager.default.contents(atPath: outPath) ?? Data(),
      stderr: FileManager.default.contents(atPath: errPath) ?? Data())
  }

  /// Runs `body` — blocking work such as a child's whole run, waited for with `waitpid` — on a
  /// thread of its own and awaits its result, so that the wait holds none of the cooperative pool's
  /// threads (two on a 2-core machine: one test blocking there halves what every other async test
  /// gets). For short children (tmux clients); ``CommandRunner/offThePool(_:)`` also limits how many
  /// long ones run at once.
  static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Swift.Result { try body() }) }
    }
  }

  /// Calls `body` with spawn attributes that start a child with every signal at its default and
  /// none blocked (as `Process` does): a `yes` in a test's pipeline must die of SIGPIPE quietly,
  /// although this process ignores SIGPIPE (see ``run(_:_:environment:stdin:)``).
  static func withDefaultSignals<T>(_ body: (UnsafePointer<posix_spawnattr_t>) -> T) -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    return body(&attributes)
  }

  /// Marks every descriptor above 2 close-on-exec, so that a child gets none of them: a pipe that
  /// another test is reading must not stay open in a child that outlives it (a tmux server), or
  /// that test waits for its end until the child is killed.
  static func closeOnSpawn() {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in descriptors.compactMap({ Int32($0) }) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }
}
