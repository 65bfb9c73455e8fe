import ArgumentParser

extension PickerResult {
  /// Print `text`; exit status 0.
  static func chosen(_ text: String) -> PickerResult { .chosen(ArraySlice(text.utf8)) }
}

/// How a picker run ends for the shell, with fzf's conventions.
enum PickerResult: Equatable, Sendable {
  /// Print this line (UTF-8, without its line break) on standard output; exit status 0.
  case chosen(ArraySlice<UInt8>)
  /// Nothing matched (Return with no row); exit status 1, nothing printed.
  case noMatch
  /// Escape or Ctrl-C; exit status 130, nothing printed.
  case cancelled

  /// Prints the choice (after `query` on a line of its own, for `--print-query`), or throws the exit
  /// code.
  func finish(printing query: String? = nil, terminator: String = "\n") throws {
    if let query, self != .cancelled { try StandardStream.output(query + terminator) }
    switch self {
    case .chosen(let text):
      try StandardStream.outputLine(text, terminator: terminator)
    case .noMatch:
      throw ExitCode(1)
    case .cancelled:
      throw ExitCode(130)
    }
  }
}
