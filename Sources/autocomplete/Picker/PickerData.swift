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
  /// Whether the items are lines (an empty query lists them in input order) rather than cities (by
  /// population).
  var isLines = false
  /// The number of matches of the last searches, for the status line ("50 of 136").
  let totals = MatchTotals()

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
    var data = PickerData(index: SearchIndex(items), name: "lines of \(LineReader.name(of: path))")
    data.isLines = true
    return data
  }

  /// How many bytes of a line get highlights: more never fit on a screen row.
  static let highlightedByteCount = 4096

  /// The rows for `query`, best first.
  /// - Throws: `CancellationError` when the task is cancelled.
  func searchSuggestions(for query: SuggestionQuery) throws -> [Suggestion] {
    let limit = query.options.limit ?? Int.max
    if query.text.isEmpty && isLines {
      totals.record(index.items.count, for: query)
      return index.items.prefix(limit).enumerated().map { offset, item in
        Suggestion(item.searchText, id: String(offset), payload: item.payload)
      }
    }
    var options = query.options
    options.includesHighlightRanges = false
    options.maximumCount = nil  // every match, to count them; only `limit` become rows
    let prepared = SearchQuery(query.text, options: query.options)
    let results = try index.search(query.text, options: options)
    totals.record(results.count, for: query)
    return results.prefix(limit).map { result in
      var result = result
      result.match.ranges = Self.highlights(of: prepared, in: result.match.matchedText)
      return suggestion(result)
    }
  }

  /// The rows for `query`, best first, or none when cancelled.
  func suggestions(for query: SuggestionQuery) -> [Suggestion] {
    (try? searchSuggestions(for: query)) ?? []
  }

  /// The highlights of `query` in `text`, looked for in its first ``highlightedByteCount`` bytes
  /// only, so that a huge line costs no more than a short one.
  static func highlights(of query: SearchQuery, in text: String) -> [Range<String.Index>] {
    guard text.utf8.count > highlightedByteCount else { return query.match(text)?.ranges ?? [] }
    // A scalar cut at the end becomes U+FFFD, which only the last range can touch: clamp it.
    let head = String(decoding: text.utf8.prefix(highlightedByteCount), as: UTF8.self)
    guard let ranges = query.match(head)?.ranges else { return [] }
    func index(_ offset: String.Index) -> String.Index {
      let bytes = min(head.utf8.distance(from: head.startIndex, to: offset), highlightedByteCount)
      return text.utf8.index(text.startIndex, offsetBy: bytes)
    }
    return ranges.map { index($0.lowerBound)..<index($0.upperBound) }
  }

  /// A source answering in the keystroke (the demo's small lists).
  var source: FilterSource {
    FilterSource { query in suggestions(for: query) }
  }

  /// A source answering in a task, off the main actor, cancelled by the next keystroke: the picker
  /// stays responsive whatever the input's size.
  var backgroundSource: AsyncSource {
    AsyncSource { query in try searchSuggestions(for: query) }
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
