import ArgumentParser
import AutocompleteCore

/// The options every command shares: where the items come from and how the query matches.
struct SearchArguments: ParsableArguments {
  @Option(help: "Read one item per line from FILE, or standard input for '-'. Default: the embedded cities.")
  var data: String?

  @Option(help: "How the query must occur: prefix, contains, suffix, exact, words or fuzzy.")
  var mode: MatchMode = .prefix

  @Flag(help: "Let case and diacritics count.")
  var caseSensitive = false

  /// Search options with these arguments and `maximumCount`.
  func searchOptions(maximumCount: Int?, includesHighlightRanges: Bool = true) -> SearchOptions {
    SearchOptions(
      mode: mode, isCaseSensitive: caseSensitive, maximumCount: maximumCount,
      includesHighlightRanges: includesHighlightRanges)
  }
}
