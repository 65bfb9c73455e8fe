import ArgumentParser
import AutocompleteCore

/// The options `autocomplete` and `autocomplete pick` share with `filter`: data, mode, case, limit.
struct PickerOptions: ParsableArguments {
  @Option(help: "Read one item per line from FILE, or standard input for '-'. Default: the embedded cities.")
  var data: String?

  @Option(help: "How the query must occur: prefix, contains, suffix, exact, words or fuzzy.")
  var mode: MatchMode = .prefix

  @Flag(help: "Let case and diacritics count.")
  var caseSensitive = false

  @Option(help: "Show at most N suggestions (a negative number shows every match).")
  var limit: Int = 50

  @Option(help: "Start with this text in the field.")
  var query: String = ""

  /// The search options.
  var searchOptions: SearchOptions {
    SearchOptions(mode: mode, isCaseSensitive: caseSensitive, maximumCount: limit)
  }

  /// The items: the file or standard input given with `--data`, else the cities.
  func loadData() throws -> PickerData {
    if let data { return try PickerData.lines(data) }
    return try PickerData.cities()
  }
}
