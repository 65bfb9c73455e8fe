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

  @OptionGroup var table: TSVArguments

  /// The `--tsv` file, if any.
  var tsv: String? { table.tsv }
  /// The `--search` columns, if any.
  var search: String? { table.search }

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
