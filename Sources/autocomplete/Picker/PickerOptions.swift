import ArgumentParser
import AutocompleteCore

/// The options `autocomplete` and `autocomplete pick` share with `filter`: data, mode, case, limit.
struct PickerOptions: ParsableArguments {
  @OptionGroup var search: SearchArguments

  @Option(help: "Show at most N suggestions (a negative number shows every match).")
  var limit: Int = 50

  @Option(help: "Start with this text in the field.")
  var query: String = ""

  /// The search options.
  var searchOptions: SearchOptions {
    search.searchOptions(maximumCount: limit)
  }

  /// The items: the file or standard input given with `--data`, else the cities.
  func loadData() throws -> PickerData {
    if let data = search.data { return try PickerData.lines(data) }
    return try PickerData.cities()
  }
}
