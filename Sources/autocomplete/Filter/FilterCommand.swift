import ArgumentParser
import AutocompleteCities
import AutocompleteCore
import Foundation

/// `autocomplete filter`: prints the matches of one query, best first, like `fzf --filter`.
struct FilterCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "filter",
    abstract: "Print the matches of QUERY, best first, one per line.",
    discussion: """
      Reads standard input when it is not a terminal (or --data FILE), else searches the embedded \
      cities. Prints every match, like fzf --filter; --limit N caps. Exit status: 0 when something \
      matched (also with --limit 0), 1 when nothing did, 2 on error, 141 when the reader went away. \
      With --typesense, asks a Typesense collection instead and prints the first --query-by field of \
      each hit (one page: at most 250). --where EXPR keeps the items whose attributes satisfy EXPR \
      (the cities' country and population, a --tsv file's columns); --facet FIELD prints \
      VALUE<TAB>COUNT for the matches instead of them, most first.
      """
  )

  @OptionGroup var search: SearchArguments

  @Option(
    parsing: .unconditional,
    help: "Print at most N matches (default: all; a negative N, or one past the largest integer, means all).",
    transform: SaturatingCount.parse)
  var limit: Int?

  @Flag(help: "Print every match (the default).")
  var all = false

  @Flag(help: "Mark the matched characters in bold; show the alternate name that matched after ' · '.")
  var highlight = false

  @Argument(help: "The query; an empty query prints every line in input order.")
  var query: String

  @OptionGroup(title: "Typesense") var typesense: TypesenseOptions

  @OptionGroup(title: "Attributes") var attributes: AttributeArguments

  @Option(
    help: ArgumentHelp(
      "Print VALUE<TAB>COUNT for each value of FIELD among the matches instead of them.", valueName: "field"))
  var facet: String?

  @Option(
    name: .customLong("index"), help: "Search the index at PATH (see `autocomplete index`) instead of lines.")
  var indexPath: String?

  func validate() throws {
    if let conflict = ItemBackend.conflict(indexPath: indexPath, tsv: attributes.tsv, data: search.data) {
      throw ValidationError(conflict)
    }
  }

  func run() async throws {
    let limit = all ? nil : self.limit.flatMap { $0 < 0 ? nil : $0 }
    // `--limit 0` prints nothing but still says whether anything matched. Lines are searched
    // (and an index of lines) fuzzily, as fzf and pick do; the embedded cities and a Typesense
    // collection by prefix.
    let backend = ItemBackend.choose(search, typesense: typesense, indexPath: indexPath, tsv: attributes.tsv)
    try search.fieldOptions.refuseUnlessLines(backend.isLines)
    try search.refuseTransliteration(besides: [
      backend == .typesense ? "--typesense" : nil,
      search.fieldOptions.isGiven ? "--nth, --with-nth, --delimiter, --tac or --no-sort" : nil,
    ])
    let options = search.searchOptions(
      maximumCount: limit.map { max($0, 1) }, includesHighlightRanges: highlight,
      defaultMode: backend.searchesFuzzilyByDefault ? .fuzzy : .prefix)
    try QueryClusterLimit.check(query)
    if SearchQuery(query, options: options).matchesNothing {
      throw InputError(
        description: "the query folds to nothing, so it matches no line: matching ignores invisible "
          + "characters and lone combining marks")
    }
    if backend == .typesense {
      if typesense.filterBy != nil && attributes.expression != nil {
        throw InputError(description: "--where and --filter-by are the same option: give one")
      }
      if facet != nil { throw InputError(description: "--facet searches local items, not --typesense") }
    }
    if backend != .typesense { IgnoredTyposWarning.warnIfNeeded(typos: search.typos, options: options) }
    if backend.isLines && (attributes.expression != nil || facet != nil) {
      throw InputError(
        description:
          "--where and --facet need items with attributes: --cities, --tsv FILE, --index DIR or --typesense")
    }
    let matched: Bool
    switch backend {
    case .typesense:
      guard let source = try typesense.source(filterBy: typesense.filterBy ?? attributes.expression) else {
        return
      }
      try await Self.printRemote(source, query: query, options: options, limit: limit, highlights: highlight)
      return
    case .tsv, .cities:
      try printAttributedMatches(options: options, limit: limit)
      return
    case .diskIndex(let path):
      try printIndexMatches(path, options: options, limit: limit)
      return
    case .lines(let data, .ordered):
      // --nth, --with-nth, --tac, --no-sort: the whole input is read, then ordered.
      matched = try FieldFilter.printMatches(
        of: query, options: options, path: data, fieldOptions: search.fieldOptions, limit: limit,
        highlights: highlight, separator: search.itemSeparator, terminator: terminator)
    case .lines(let data, .transliterated) where !query.isEmpty:
      // With readings: read whole and indexed (readings need the lines as text).
      matched = try TransliteratedFilter.printMatches(
        of: query, options: options, path: data, limit: limit, highlights: highlight,
        strictUTF8: search.strictUTF8, terminator: search.print0 ? 0 : 0x0A, separator: search.itemSeparator)
    case .lines(let data, _):  // one query: streamed on every core
      matched = try StreamingFilter.printMatches(
        of: query, options: options, path: data, limit: limit, highlights: highlight,
        strictUTF8: search.strictUTF8, terminator: search.print0 ? 0 : 0x0A, separator: search.itemSeparator)
    }
    if !matched { throw ExitCode(1) }
  }

  /// What ends each line printed (see ``SearchArguments/lineEnd``).
  var terminator: String { search.lineEnd }

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
