import ArgumentParser
import Foundation

/// `--tsv FILE` and the options naming its columns' roles (`--search`, `--id-column`,
/// `--display-column`, `--weight-column`, `--column-type`): items read from a tab-separated file
/// (``TSVItems``), in `filter`, `pick` and `index build|add|remove`.
struct TSVArguments: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read items from a tab-separated FILE whose header row names the columns: the first column is "
        + "searched (or those --search names), the others are attributes.",
      valueName: "file"))
  var tsv: String?

  @Option(
    help: ArgumentHelp(
      "With --tsv: the columns to search, comma-separated; the first is the name, the others searchable "
        + "attributes, each ranked after the one before.",
      valueName: "columns"))
  var search: String?

  @Option(
    name: .customLong("id-column"),
    help: ArgumentHelp(
      "With --tsv: the column holding each row's id (what `index add` replaces and `index remove --ids` "
        + "removes by; not an attribute). Each row then shows its name (or --display-column), not the row.",
      valueName: "name"))
  var idColumn: String?

  @Option(
    name: .customLong("display-column"),
    help: ArgumentHelp(
      "With --tsv: the column whose text each row shows and prints (not an attribute); by default the "
        + "row as read, or the name with --id-column.",
      valueName: "name"))
  var displayColumn: String?

  @Option(
    name: .customLong("weight-column"),
    help: ArgumentHelp(
      "With --tsv: the number column giving each row's weight (popularity: higher ranks first among "
        + "equal matches); it stays a number attribute.",
      valueName: "name"))
  var weightColumn: String?

  @Option(
    name: .customLong("column-type"),
    help: ArgumentHelp(
      "With --tsv: a column's type, NAME=TYPE (comma-separated or repeated), TYPE one of text, number, "
        + "list (values separated by commas). Without it a column is a number when every value is one.",
      valueName: "name=type"))
  var columnTypes: [String] = []

  /// The column roles and types given.
  /// - Throws: ``InputError`` for a `--column-type` that is not `NAME=TYPE` of a known type.
  func layout() throws -> TSVLayout {
    var types: [String: TSVLayout.ColumnType] = [:]
    for entry in columnTypes.flatMap({ $0.split(separator: ",") }) {
      let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, !parts[0].isEmpty, let type = TSVLayout.ColumnType(rawValue: parts[1]) else {
        throw InputError(
          description: "--column-type: “\(entry)” is not NAME=TYPE with TYPE one of text, number, list")
      }
      types[parts[0]] = type
    }
    return TSVLayout(
      search: search, idColumn: idColumn, displayColumn: displayColumn, weightColumn: weightColumn,
      types: types)
  }

  /// The rows of `--tsv` as ``layout()`` reads them (its warnings written to standard error), or
  /// `nil` without `--tsv`.
  func items() throws -> TSVItems? {
    guard let tsv else { return nil }
    let items = try TSVItems(path: tsv, layout: try layout())
    for warning in items.warnings { StandardStream.error(warning) }
    return items
  }

  func validate() throws {
    let needsTSV: [(String, Bool)] = [
      ("--search", search != nil), ("--id-column", idColumn != nil),
      ("--display-column", displayColumn != nil), ("--weight-column", weightColumn != nil),
      ("--column-type", !columnTypes.isEmpty),
    ]
    for (name, given) in needsTSV where given && tsv == nil {
      throw ValidationError("\(name) needs --tsv")
    }
  }
}

/// What each column of a `--tsv` file is: the name and searched columns, the id, display and
/// weight columns, and the types given.
struct TSVLayout {
  /// A column's type: its values as text, numbers, or lists of texts.
  enum ColumnType: String {
    case text, number, list
  }

  /// The `--search` columns, comma-separated (the first column when `nil`).
  var search: String?
  /// The id column's name.
  var idColumn: String?
  /// The display column's name.
  var displayColumn: String?
  /// The weight column's name.
  var weightColumn: String?
  /// The types given by name.
  var types: [String: ColumnType] = [:]
}
