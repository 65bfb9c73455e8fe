import ArgumentParser
import AutocompleteCore
import Foundation

/// `filter --index DIR`: the matches (or with `--facet`, the facet counts) of the query in an index
/// on disk, `--where` applied over the attributes its items were built with (`index build --tsv` or
/// `--cities`).
extension FilterCommand {
  /// Prints what `filter` prints over the items the index at `path` holds. Exit 1 when nothing
  /// matched.
  /// - Throws: ``InputError`` for `--where` or `--facet` over an index without attributes, an
  ///   unknown attribute or a malformed expression.
  func printIndexMatches(_ path: String, options: SearchOptions, limit: Int?) throws {
    let index = try IndexFilter.open(path)
    var options = options
    options.transliteration = search.transliteration
    if attributes.expression != nil || facet != nil {
      let known = try index.attributeNames
      guard !known.isEmpty else {
        throw InputError(
          description: "--where and --facet need items with attributes: the index at \(path) has none "
            + "(build it with `index build --tsv FILE` or `--cities`)")
      }
      options.filter = try attributes.filter(knownAttributes: known)
      if let filter = options.filter {
        try AttributeArguments.check(filter, types: try Self.textColumns(of: index, in: filter))
      }
      if let facet {
        try printFacetCounts(of: facet, known: known) {
          try index.facetCounts(of: facet, for: query, options: options, limit: limit)
        }
        return
      }
    }
    let matched = try IndexFilter.printMatches(
      of: query, options: options, index: index, limit: limit, highlights: highlight,
      terminator: search.print0 ? 0 : 0x0A)
    if !matched { throw ExitCode(1) }
  }

  /// The attributes `filter` compares as numbers that hold values in `index` but no number: typed
  /// `.text` for ``AttributeArguments/check(_:types:)``, which refuses such a comparison instead of
  /// answering nothing.
  static func textColumns(of index: DiskIndex, in filter: AttributeFilter) throws -> [String: TSVLayout
    .ColumnType]
  {
    var types: [String: TSVLayout.ColumnType] = [:]
    for name in AttributeArguments.comparedAsNumbers(filter) {
      let numbers = try index.count(matching: .inRange(name, NumberRange()))
      if numbers == 0, try index.count(matching: .exists(name)) > 0 { types[name] = .text }
    }
    return types
  }
}
