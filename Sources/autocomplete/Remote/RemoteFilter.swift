import ArgumentParser
import AutocompleteCore
import AutocompleteRemote

extension FilterCommand {
  /// Prints the rows `source` answers for `query`, best first: at most `limit`, else one page (250,
  /// Typesense's largest); bold highlights with `highlights`. Exit 1 when nothing matched; a server
  /// error is an ``InputError`` with its one-line message.
  static func printRemote(
    _ source: TypesenseSource, query: String, options: SearchOptions, limit: Int?, highlights: Bool
  ) async throws {
    var options = options
    options.maximumCount = min(max(limit ?? 250, 1), 250)
    let rows: [Suggestion]
    do {
      rows = try await source.suggestions(for: SuggestionQuery(query, options: options))
    } catch let error as RemoteError {
      throw InputError(description: "Typesense: \(error)")
    }
    var output = ""
    for row in rows.prefix(limit ?? rows.count) {
      output += (highlights ? bold(row.highlights, in: row.displayText) : row.displayText) + "\n"
    }
    try StandardStream.output(output)
    if rows.isEmpty { throw ExitCode(1) }
  }
}
