import AutocompleteCore
import Foundation

/// `autocomplete filter --index PATH`: the matches of one query from an index on disk, printed as
/// `filter --data` prints them from the same lines (the same order, highlights and terminators).
enum IndexFilter {
  /// Prints the matches of `query`; returns whether anything matched.
  static func printMatches(
    of query: String, options: SearchOptions, path: String, limit: Int?, highlights: Bool, terminator: UInt8
  ) throws -> Bool {
    let index = try DiskIndex(contentsOf: URL(fileURLWithPath: path))
    var writer = LineWriter(
      highlighting: highlights ? SearchQuery(query, options: options) : nil, terminator: terminator)
    // An empty query prints every line in input order, as `filter --data` does.
    let lines =
      query.isEmpty
      ? try index.items().map(\.searchText)
      : try index.search(query, options: noHighlights(options)).map(\.item.searchText)
    for var line in lines.prefix(limit ?? Int.max) {
      try line.withUTF8 { try writer.write($0) }
    }
    try writer.flush()
    return !lines.isEmpty
  }

  /// The options without highlight ranges: the writer highlights each line as it writes it.
  private static func noHighlights(_ options: SearchOptions) -> SearchOptions {
    var options = options
    options.includesHighlightRanges = false
    return options
  }
}
