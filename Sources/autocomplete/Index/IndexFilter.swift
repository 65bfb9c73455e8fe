import AutocompleteCore
import Foundation

/// `autocomplete filter --index PATH`: the matches of one query from an index on disk, printed as
/// `filter --data` prints them from the same lines (the same order, highlights and terminators), or
/// as `filter --tsv` prints the rows an index was built from with `index build --tsv`.
enum IndexFilter {
  /// The index at `path`, opened read-only.
  static func open(_ path: String) throws -> DiskIndex {
    try IndexOpening.open(path)
  }

  /// Prints the matches of `query` that satisfy the options' filter (each item's display text: the
  /// line for an index of lines, the row for one of a TSV file); returns whether anything matched.
  static func printMatches(
    of query: String, options: SearchOptions, index: DiskIndex, limit: Int?, highlights: Bool,
    terminator: UInt8
  ) throws -> Bool {
    if highlights, !query.isEmpty, options.transliteration == .latin || index.transliteration == .latin {
      return try printIndexHighlightedMatches(
        of: query, options: options, index: index, limit: limit, terminator: terminator)
    }
    var writer = LineWriter(
      highlighting: highlights ? SearchQuery(query, options: options) : nil, terminator: terminator)
    // An empty query prints every line (that the filter keeps) in input order, as `filter --data`
    // and `filter --tsv` do.
    let lines =
      query.isEmpty
      ? try index.items(prefix: max(limit ?? Int.max, 1), matching: options.filter).map(\.displayText)
      : try index.search(query, options: noHighlights(options)).map(\.item.displayText)
    for var line in lines.prefix(limit ?? Int.max) {
      try line.withUTF8 { try writer.write($0) }
    }
    try writer.flush()
    return !lines.isEmpty
  }

  /// Prints the matches of `query` with the index's own highlights, as `filter --transliterate` does:
  /// a match through a reading or a retyped query is bold on the characters read, which matching the
  /// query against the line would not find.
  private static func printIndexHighlightedMatches(
    of query: String, options: SearchOptions, index: DiskIndex, limit: Int?, terminator: UInt8
  ) throws -> Bool {
    var options = options
    options.includesHighlightRanges = true
    let results = try index.search(query, options: options)
    let prepared = SearchQuery(query, options: options)
    var output = ""
    for result in results.prefix(limit ?? Int.max) {
      let line = result.item.displayText
      // The ranges are of the matched key: the line itself for an index of lines; a row of a TSV
      // file is highlighted where the query matches it, as without readings.
      let ranges =
        result.match.matchedText == line ? result.match.ranges : prepared.match(line)?.ranges ?? []
      output += FilterCommand.bold(ranges, in: line)
      output.unicodeScalars.append(Unicode.Scalar(terminator))
    }
    try StandardStream.output(output)
    return !results.isEmpty
  }

  /// The options without highlight ranges: the writer highlights each line as it writes it.
  private static func noHighlights(_ options: SearchOptions) -> SearchOptions {
    var options = options
    options.includesHighlightRanges = false
    return options
  }
}
