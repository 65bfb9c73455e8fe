import AutocompleteTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a preview command: `SHELL -c CMD` (the shell ``PreviewShell`` chose), in a process
/// group of its own, standard input from /dev/null, standard output and error into a pipe read on a
/// thread of its own — the picker never waits for it.
///
/// At most ``maximumByteCount`` bytes are kept: past them the command is killed (a `cat` of a huge
/// file costs what a screen shows). ``cancel()`` kills the whole group (the shell and what it
/// started) at once; the thread then reaps it. `onOutput` is called on that thread with everything
/// read so far, after each read and once at the end (`isFinished`).
final class PreviewProcess: @unchecked Sendable {
  /// The most bytes of output kept.
  static let maximumByteCount = 1 << 20

  /// The process (and process group) id, or 0 when it could not be started.
  let pid: pid_t
  private let lock = NSLock()
  private var isCancelled = false

  /// Starts `command` in `shell` (`-c`) with `environment` added to ours; `onOutput` gets the output so far and
  /// whether it is complete (the command ended, was cut, or could not start: then the output is the
  /// reason).
  init(
    command: String, shell: String, environment: [String: String] = [:],
    onOutput: @escaping @Sendable (_ output: [UInt8], _ isFinished: Bool) -> Void
  ) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else {
      pid = 0
      onOutput(Array("preview: cannot make a pipe".utf8), true)
      return
    }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    var started: pid_t = 0
    let status = Self.spawn(
      &started, arguments: [shell, "-c", command], output: writeEnd, environment: environment)
    close(writeEnd)
    pid = status == 0 ? started : 0
    guard status == 0 else {
      close(readEnd)
      onOutput(Array("preview: cannot run \(shell): \(String(cString: strerror(status)))".utf8), true)
      return
    }
    let pid = self.pid
    ChildProcessGroup.current = pid  // killed by SIGHUP, SIGTERM… to pick, with the terminal restored
    Thread.detachNewThread { [self] in
      var output: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      while !cancelled {
        // Wakes every 100 ms to notice a cancel even when a detached grandchild holds the pipe.
        let ready = poll(&descriptor, 1, 100)
        if ready < 0 && errno != EINTR { break }
        guard ready > 0 else { continue }
        let count = read(readEnd, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        output += chunk.prefix(min(count, Self.maximumByteCount - output.count))
        if output.count >= Self.maximumByteCount { break }
        if !cancelled { onOutput(output, false) }
      }
      close(readEnd)
      kill(pid, SIGKILL)
      kill(-pid, SIGKILL)  // what is left of the group: a cut or cancelled command, stray children
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      ChildProcessGroup.clear(pid)
      if !cancelled { onOutput(output, true) }
    }
  }

  /// Whether ``cancel()`` was called.
  private var cancelled: Bool { lock.withLock { isCancelled } }

  /// Kills the command's process group now; no more output is reported.
  func cancel() {
    let wasCancelled = lock.withLock {
      defer { isCancelled = true }
      return isCancelled
    }
    if !wasCancelled && pid > 0 {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)  // also before the child made its group (it does so before exec)
    }
  }

  /// `posix_spawn` of `arguments` in a new process group, signals at their defaults, standard input
  /// from /dev/null, standard output and error to `output`.
  private static func spawn(
    _ pid: inout pid_t, arguments: [String], output: Int32, environment: [String: String]
  ) -> Int32 {
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGTSTP, SIGHUP, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    return posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
  }
}
