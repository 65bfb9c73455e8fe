import ArgumentParser
import AutocompleteCities
import AutocompleteCore

/// `filter` over items with attributes: the embedded cities or a `--tsv` file, with `--where` and
/// `--facet`.
extension FilterCommand {
  /// Prints the matches of ``query`` among the cities or the `--tsv` rows that satisfy `--where`
  /// (every such item in input order for an empty query), or with `--facet` one `VALUE<TAB>COUNT`
  /// line per value among them. Exit 1 when nothing matched.
  func printAttributedMatches(options: SearchOptions, limit: Int?) throws {
    let items: [AutocompleteItem]
    let known: Set<String>
    var searchable: [String] = []
    var types: [String: TSVLayout.ColumnType] = [:]
    if let table = try attributes.table.items() {
      (items, known, searchable) = (table.items, table.attributeNames, table.searchableAttributes)
      types = table.types
    } else {
      items = try Cities.load().map(\.autocompleteItem)
      known = ["country", "population"]
      types = ["country": .text, "population": .number]
    }
    var options = options
    options.filter = try attributes.filter(knownAttributes: known, types: types)
    let index = SearchIndex(
      items, sortsKeys: false, transliteration: search.transliteration, searchableAttributes: searchable)
    if let facet {
      try printFacetCounts(of: facet, known: known) {
        try index.facetCounts(of: facet, for: query, options: options, limit: limit)
      }
      return
    }
    var output = ""
    if query.isEmpty {
      let kept = items.lazy.filter { options.filter?.matches($0.attributes) ?? true }
      for item in kept.prefix(limit ?? items.count) { output += item.displayText + terminator }
      try StandardStream.output(output)
      if kept.isEmpty { throw ExitCode(1) }
      return
    }
    let results = try index.search(query, options: options)
    for result in results.prefix(limit ?? results.count) {
      let display = result.item.displayText
      if highlight && result.match.keyIndex == 0 && display.hasPrefix(result.item.searchText) {
        output += Self.bold(result.match.ranges, in: display)
      } else if highlight && result.match.keyIndex > 0 {
        // Show the alternate key that matched, as the picker's rows do.
        output += display + " · " + Self.bold(result.match.ranges, in: result.match.matchedText)
      } else {
        output += display
      }
      output += terminator
    }
    try StandardStream.output(output)
    if results.isEmpty { throw ExitCode(1) }
  }

  /// Prints one `VALUE<TAB>COUNT` line per value `counts` gives for attribute `facet`, most first.
  /// Exit 1 when there is none.
  /// - Throws: ``InputError`` when `facet` is not among the `known` attributes.
  func printFacetCounts(of facet: String, known: Set<String>, counts: () throws -> [FacetCount]) throws {
    guard known.contains(facet) else {
      throw InputError(
        description:
          "--facet: unknown attribute “\(facet)” (known: \(known.sorted().joined(separator: ", ")))")
    }
    let counts = try counts()
    try StandardStream.output(counts.map { "\($0.value)\t\($0.count)" + terminator }.joined())
    if counts.isEmpty { throw ExitCode(1) }
  }
}
