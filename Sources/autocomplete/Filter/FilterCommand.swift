import ArgumentParser
import AutocompleteCities
import AutocompleteCore
import Foundation

/// `autocomplete filter`: prints the matches of one query, best first, like `fzf --filter`.
struct FilterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "filter",
    abstract: "Print the matches of QUERY, best first, one per line.",
    discussion: "Exit status: 0 when something matched, 1 when nothing did, 2 on error."
  )

  @OptionGroup var search: SearchArguments

  @Option(help: "Print at most N matches.")
  var limit: Int = 10

  @Flag(help: "Print every match.")
  var all = false

  @Flag(help: "Mark the matched characters in bold.")
  var highlight = false

  @Argument(help: "The query.")
  var query: String

  func validate() throws {
    if limit < 0 && !all { throw ValidationError("--limit must be zero or more; use --all for every match") }
  }

  func run() throws {
    let options = search.searchOptions(maximumCount: all ? nil : limit, includesHighlightRanges: highlight)
    var output = ""
    let matched: Bool
    if let data = search.data {
      let filter = try LineReader.lines(data)
      let results = try filter.matches(for: query, options: options)
      output.reserveCapacity(results.count * 16)
      for result in results {
        output += highlight ? Self.bold(result.match.ranges, in: result.text) : result.text
        output += "\n"
      }
      matched = !results.isEmpty
    } else {
      let cities = try Cities.load().map(\.autocompleteItem)
      let results = try SearchIndex(cities, sortsKeys: false).search(query, options: options)
      for result in results {
        let display = result.item.displayText
        if highlight && result.match.keyIndex == 0 && display.hasPrefix(result.item.searchText) {
          output += Self.bold(result.match.ranges, in: display)
        } else {
          output += display
        }
        output += "\n"
      }
      matched = !results.isEmpty
    }
    try StandardStream.output(output)
    if !matched { throw ExitCode(1) }
  }

  /// `text` with `ranges` (of `text`, or of a string `text` starts with) in ANSI bold.
  static func bold(_ ranges: [Range<String.Index>], in text: String) -> String {
    var result = ""
    var cursor = 0
    let utf8 = Array(text.utf8)
    for range in ranges {
      let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      let upper = text.utf8.distance(from: text.startIndex, to: range.upperBound)
      guard lower >= cursor, upper <= utf8.count else { continue }
      result += String(decoding: utf8[cursor..<lower], as: UTF8.self)
      result += "\u{1B}[1m" + String(decoding: utf8[lower..<upper], as: UTF8.self) + "\u{1B}[22m"
      cursor = upper
    }
    return result + String(decoding: utf8[cursor...], as: UTF8.self)
  }
}
