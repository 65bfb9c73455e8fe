#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks made before drawing on a terminal.
///
/// Policy: the picker draws on the controlling terminal (`/dev/tty`), not on standard output, so that
/// `city=$(autocomplete)` works: the UI goes to the terminal and only the choice goes to stdout. It
/// refuses to start, writing no escape codes at all, when there is no terminal to open (or the device
/// is not a terminal) and when `TERM` is `dumb` or unset.
public enum TerminalCheck {
  /// Throws ``TerminalError/dumbTerminal`` when `TERM` is missing, empty or `dumb`.
  public static func validateTerm(environment: [String: String]) throws(TerminalError) {
    let term = environment["TERM"]?.trimmingWhitespace ?? ""
    if term.isEmpty || term == "dumb" { throw .dumbTerminal }
  }

  /// Throws ``TerminalError/notATerminal(path:)`` when `descriptor` is not an open terminal; `path`
  /// names it in the message.
  public static func validateDescriptor(_ descriptor: Int32, path: String) throws(TerminalError) {
    guard descriptor >= 0, isatty(descriptor) == 1 else { throw .notATerminal(path: path) }
  }

  /// Runs both checks: the environment first, then the descriptor.
  public static func validate(
    descriptor: Int32, path: String, environment: [String: String]
  ) throws(TerminalError) {
    try validateTerm(environment: environment)
    try validateDescriptor(descriptor, path: path)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  fileprivate var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
