#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a crash does to the terminal: a trap (SIGILL, SIGTRAP), a bad access (SIGSEGV, SIGBUS), an
/// arithmetic fault (SIGFPE) or an abort (SIGABRT) restores the terminal a ``TerminalGuard`` holds
/// (its reset sequence and saved attributes, as the terminating signals do), says so in one line on
/// standard error, and ends the process with the signal's default action.
///
/// Why: a crash inside the picker left the terminal in the alternate screen with mouse reports on,
/// and the runtime's crash reporter (the Swift backtracer, which runs in its place) once hung for
/// minutes holding the output pipe. These handlers replace it, use only async-signal-safe calls,
/// and run on an alternate stack of their own so that a stack overflow is handled too (on the
/// thread that installed them).
public enum CrashSignals {
  /// The signals a crash raises.
  static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

  /// Installs the handlers for the whole process (once is enough; later calls change nothing but
  /// the alternate stack of the calling thread). A ``TerminalGuard`` active at the crash is restored.
  public static func install() {
    installAlternateStack()
    for signalNumber in signals {
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = restoreTerminalAndCrash
      #else
        action.__sigaction_handler.sa_handler = restoreTerminalAndCrash
      #endif
      action.sa_flags = Int32(SA_ONSTACK)
      sigemptyset(&action.sa_mask)
      _ = sigaction(signalNumber, &action, nil)
    }
  }

  /// Gives the calling thread an alternate signal stack, so that a handler runs after a stack
  /// overflow (the stack is never freed: it serves until the process ends).
  private static func installAlternateStack() {
    let size = 64 * 1024
    guard let memory = malloc(size) else { return }
    var stack = stack_t()
    stack.ss_sp = memory
    stack.ss_size = .init(size)
    stack.ss_flags = 0
    if sigaltstack(&stack, nil) != 0 { free(memory) }
  }
}

/// The crash handler: restores the terminal, writes "autocomplete: crashed (SIGILL)" (or the
/// signal's name) to standard error and re-raises the signal with its default action (which ends
/// the process, with a core dump where enabled). Only async-signal-safe calls, no allocation.
func restoreTerminalAndCrash(_ signalNumber: Int32) {
  restoreTerminalFromSignalHandler()
  let message: StaticString =
    switch signalNumber {
    case SIGILL: "autocomplete: crashed (SIGILL)\n"
    case SIGTRAP: "autocomplete: crashed (SIGTRAP)\n"
    case SIGSEGV: "autocomplete: crashed (SIGSEGV)\n"
    case SIGBUS: "autocomplete: crashed (SIGBUS)\n"
    case SIGFPE: "autocomplete: crashed (SIGFPE)\n"
    case SIGABRT: "autocomplete: crashed (SIGABRT)\n"
    default: "autocomplete: crashed\n"
    }
  _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
  _ = signal(signalNumber, SIG_DFL)
  _ = raise(signalNumber)
}
