import ArgumentParser
import AutocompleteCore

/// `--where EXPR`, `--tsv FILE` and `--search COLUMNS`: filters on the items' attributes (the
/// embedded cities' `country` and `population`, a TSV file's columns) in `filter` and `pick`.
struct AttributeArguments: ParsableArguments {
  @Option(
    name: .customLong("where"),
    help: ArgumentHelp(
      "Only items whose attributes satisfy EXPR, in Typesense's filter_by syntax "
        + "(country:=[BR,PT] && population:>100000); with --typesense, sent as filter_by.",
      valueName: "expr"))
  var expression: String?

  @Option(
    help: ArgumentHelp(
      "Read items from a tab-separated FILE whose header row names the columns: the first column is "
        + "searched (or those --search names), the others are attributes.",
      valueName: "file"))
  var tsv: String?

  @Option(
    help: ArgumentHelp(
      "With --tsv: the columns to search, comma-separated; the first is the name, the others alternates.",
      valueName: "columns"))
  var search: String?

  func validate() throws {
    if search != nil && tsv == nil { throw ValidationError("--search needs --tsv") }
  }

  /// The parsed `--where` expression over `known` attributes, or `nil` without one.
  /// - Throws: ``InputError`` naming the position and the problem.
  func filter(knownAttributes known: Set<String>) throws -> AttributeFilter? {
    guard let expression else { return nil }
    do {
      return try AttributeFilter(parsing: expression, knownAttributes: known)
    } catch {
      throw InputError(description: "--where: \(error)")
    }
  }
}
