import AutocompleteCities
import AutocompleteCore
import Foundation

/// The items a picker searches: the embedded cities or the lines of a file, indexed once.
///
/// Rows show the matched text with its highlights as the title (a city's name, a line) and, for
/// cities, the country as the detail; picking a city gives "Name, Country", picking a line the line.
struct PickerData: Sendable {
  /// The index over the items.
  let index: SearchIndex<AutocompleteItem>
  /// What the items are, for titles ("cities", "lines of FILE").
  let name: String
  /// The detail text of an item's row.
  var detail: @Sendable (AutocompleteItem) -> String? = { ($0.payload as? City)?.countryName }

  /// The embedded GeoNames cities (population as weight).
  static func cities() throws -> PickerData {
    let items = try Cities.load().map { city in
      var item = city.autocompleteItem
      item.completionText = item.displayText
      return item
    }
    return PickerData(index: SearchIndex(items, sortsKeys: false), name: "cities")
  }

  /// A list of items with `detail` as their rows' detail text.
  static func items(
    _ items: [AutocompleteItem], name: String, detail: @escaping @Sendable (AutocompleteItem) -> String?
  ) -> PickerData {
    PickerData(index: SearchIndex(items), name: name, detail: detail)
  }

  /// The lines of `path` (`-` for standard input), checked with ``LineFilter`` (no NUL, valid UTF-8).
  /// Empty lines are skipped.
  static func lines(_ path: String) throws -> PickerData {
    let filter = try LineReader.lines(path)
    var items: [AutocompleteItem] = []
    items.reserveCapacity(filter.count)
    for line in 0..<filter.count {
      let text = filter[line]
      if !text.isEmpty { items.append(AutocompleteItem(text)) }
    }
    return PickerData(index: SearchIndex(items), name: "lines of \(LineReader.name(of: path))")
  }

  /// The rows for `query`, best first.
  func suggestions(for query: SuggestionQuery) -> [Suggestion] {
    guard let results = try? index.search(query.text, options: query.options) else { return [] }
    return results.map(suggestion)
  }

  /// A source answering in the keystroke.
  var source: FilterSource {
    FilterSource { query in suggestions(for: query) }
  }

  /// The row of one result: the matched key (with its highlights) when it is the item's search text,
  /// otherwise the search text without highlights and the matched alternate key ("Rio de Janeiro" for
  /// "São Sebastião do Rio de Janeiro") before ``detail`` (a city's country) as the detail.
  func suggestion(_ result: SearchResult<AutocompleteItem>) -> Suggestion {
    let item = result.item
    let matchedMainKey = result.match.keyIndex == 0
    let title = matchedMainKey ? result.match.matchedText : item.searchText
    var detailText = detail(item)
    if !matchedMainKey, detailText?.contains(result.match.matchedText) != true {
      detailText = detailText.map { "\(result.match.matchedText) · \($0)" } ?? result.match.matchedText
    }
    return Suggestion(
      title, completionText: item.completionText, id: String(result.offset), detailText: detailText,
      highlights: matchedMainKey ? result.match.ranges : [], payload: item.payload)
  }
}
