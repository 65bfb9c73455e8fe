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
  /// With `types`, a comparison of numbers (`>`, `<`, `>=`, `<=`, a range) on a column of another
  /// type is an error: it could match nothing.
  func filter(knownAttributes known: Set<String>, types: [String: TSVLayout.ColumnType] = [:]) throws
    -> AttributeFilter?
  {
    guard let expression else { return nil }
    let filter: AttributeFilter
    do {
      filter = try AttributeFilter(parsing: expression, knownAttributes: known)
    } catch {
      throw InputError(description: "--where: \(error)")
    }
    try Self.check(filter, types: types)
    return filter
  }

  /// Throws when `filter` compares an attribute of `types` other than `number` with a number.
  static func check(_ filter: AttributeFilter, types: [String: TSVLayout.ColumnType]) throws {
    for name in Self.comparedAsNumbers(filter) {
      guard let type = types[name], type != .number else { continue }
      throw InputError(
        description: "--where: “\(name)” is a \(type) column: comparing it with a number "
          + "(>, <, >=, <=, [a..b]) would match nothing (compare with := or :!=, or say "
          + "--column-type \(name)=number)")
    }
  }

  /// The attributes `filter` compares as numbers (`inRange`), each once.
  static func comparedAsNumbers(_ filter: AttributeFilter) -> [String] {
    switch filter {
    case .inRange(let name, _): return [name]
    case .isIn, .exists: return []
    case .all(let filters), .any(let filters):
      return filters.flatMap(comparedAsNumbers).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    case .not(let filter): return comparedAsNumbers(filter)
    }
  }
}
