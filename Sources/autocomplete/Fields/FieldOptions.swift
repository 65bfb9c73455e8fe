import ArgumentParser

/// fzf's options on fields and order, for `filter` and `pick`: `--nth`/`-n`, `--with-nth`,
/// `--delimiter`/`-d`, `--tac`, `--no-sort` (also `+s`).
struct FieldOptions: ParsableArguments {
  @Option(
    name: [.customShort("n"), .long], parsing: .unconditional,
    help: ArgumentHelp(
      "Search only these fields, as fzf: comma-separated N (from 1; -1 is the last), N..M, N.., ..M.",
      valueName: "ranges"))
  var nth: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Show (and search) only these fields, as fzf; the whole line is still what is printed.",
      valueName: "ranges"))
  var withNth: String?

  @Option(
    name: [.customShort("d"), .long],
    help: ArgumentHelp(
      "What separates fields, as fzf: a string, or a regular expression (default: runs of blanks).",
      valueName: "delimiter"))
  var delimiter: String?

  @Flag(help: "Reverse the order of the input, as fzf (the last line first, and first among equals).")
  var tac = false

  @Flag(help: "Keep the matches in input order instead of ranking them, as fzf (also +s).")
  var noSort = false

  func validate() throws {
    for (name, value) in [("--nth", nth), ("--with-nth", withNth)] {
      if let value, FieldRange.list(value) == nil {
        throw ValidationError("\(name): '\(value)' is not a list of field ranges (N, -N, N..M, N.., ..M)")
      }
    }
  }

  /// Whether any of these options is given.
  var isGiven: Bool { fields != nil || !order.isStandard || delimiter != nil }

  /// Refuses these options for items that are not lines (the cities, an index, Typesense): they
  /// would change nothing there.
  func refuseUnlessLines(_ isLines: Bool) throws {
    guard isGiven, !isLines else { return }
    throw ValidationError(
      "--nth, --with-nth, --delimiter, --tac and --no-sort apply to lines (--data FILE or standard input)")
  }

  /// How lines split into fields.
  var fieldDelimiter: FieldDelimiter { delimiter.map(FieldDelimiter.init) ?? .awk }

  /// The fields to show and search, or `nil` when lines are whole.
  var fields: LineFields? {
    guard nth != nil || withNth != nil else { return nil }
    return LineFields(
      delimiter: fieldDelimiter, shown: withNth.flatMap(FieldRange.list),
      searched: nth.flatMap(FieldRange.list))
  }

  /// The order of the matches.
  var order: LineOrder { LineOrder(isReversed: tac, isSorted: !noSort) }

  /// Whether lines are read whole and put in order (fields to show or search, `--tac`, `--no-sort`).
  var ordersLines: Bool { fields != nil || !order.isStandard }
}
