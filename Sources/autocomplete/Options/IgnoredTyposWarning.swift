import AutocompleteCore

/// The warning `pick` and `filter` print when `--typos` is given with a mode where typos do not
/// apply (fuzzy, suffix): the option would otherwise change nothing and say nothing (`pick` is
/// fuzzy by default).
enum IgnoredTyposWarning {
  /// The warning for `typos` (as given, `nil` when not) in `mode`, or `nil` when there is none.
  static func message(typos: TypoTolerance?, mode: MatchMode) -> String? {
    guard let typos, typos != .off, mode == .fuzzy || mode == .suffix else { return nil }
    return "warning: --typos \(typos) does nothing in \(mode) mode: typos apply in prefix, exact, "
      + "words and contains modes (--mode)"
  }

  /// Prints the warning for `options` to standard error, if there is one.
  static func warnIfNeeded(typos: TypoTolerance?, options: SearchOptions) {
    guard let message = message(typos: typos, mode: options.mode) else { return }
    StandardStream.error("autocomplete: \(message)\n")
  }
}
