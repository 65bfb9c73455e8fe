#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the terminal front end cannot run or failed.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
  /// There is no terminal to draw on: the UI device (`/dev/tty`, or the descriptor given) is missing
  /// or is not a terminal (for example under cron, in CI, or with input and output redirected).
  case notATerminal(path: String)
  /// `TERM` is `dumb` or unset, so the terminal cannot be trusted with escape codes.
  case dumbTerminal
  /// A system call failed.
  case systemCall(name: String, errno: Int32)

  /// A message for the user.
  public var description: String {
    switch self {
    case .notATerminal(let path):
      "The interactive picker needs a terminal, but \(path) is not one. Run it from a terminal, or use "
        + "the non-interactive mode."
    case .dumbTerminal:
      "The interactive picker needs a terminal that understands escape codes, but TERM is dumb or unset."
    case .systemCall(let name, let errno):
      "\(name) failed: \(String(cString: strerror(errno))) (errno \(errno))."
    }
  }
}
