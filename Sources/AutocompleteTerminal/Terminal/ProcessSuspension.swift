#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops the process as the terminal's Ctrl-Z would, for a program in raw mode (where Ctrl-Z is a
/// key): SIGTSTP with its default action to the whole process group (the job: a pipeline's other
/// processes stop too), then back once SIGCONT (`fg`, `bg`) continues it.
enum ProcessSuspension {
  /// Stops the job and returns when it is continued — or after `timeout` when the stop never came
  /// (the kernel discards SIGTSTP for an orphaned process group, which no shell could continue).
  static func stopUntilContinued(timeout: Duration = .seconds(1)) {
    let pipe = TerminalInput.makePipe()
    defer {
      close(pipe.0)
      close(pipe.1)
    }
    let state = SignalState.shared
    state.pointee.continuePipe = pipe.1
    let previousContinue = signal(SIGCONT, notifyContinue)
    let previousStop = signal(SIGTSTP, SIG_DFL)
    defer {
      _ = signal(SIGTSTP, previousStop)
      _ = signal(SIGCONT, previousContinue)
      state.pointee.continuePipe = -1
    }
    // The input's reader thread takes SIGTSTP and SIGCONT, whatever this thread blocks: the stop
    // happens at once, and SIGCONT's handler pokes the pipe (also when it runs before the poll).
    _ = kill(0, SIGTSTP)
    var descriptors = [pollfd(fd: pipe.0, events: Int16(POLLIN), revents: 0)]
    let milliseconds = Int32(max(0, min(timeout / .milliseconds(1), 60_000)))
    while poll(&descriptors, 1, milliseconds) < 0 && errno == EINTR {}
  }
}
