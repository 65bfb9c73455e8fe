import AutocompleteCore

/// `filter` with fzf's `--nth`, `--with-nth`, `--tac` or `--no-sort`: the whole input is read and
/// indexed as `pick` reads it (``LineStream``, each line by its search text), every match is
/// ranked, put in the asked order (``LineOrder``) and printed as read — as fzf, which reads the whole
/// input for these too. Costs the input's size in memory, unlike the streamed filter.
enum FieldFilter {
  /// Prints the matches of `query` among the lines of `path` in `fieldOptions`' order, at most
  /// `limit`; returns whether any line matched (an empty query: every line, in input order or
  /// reversed). With `highlights`, the matched characters of each printed line are bold.
  /// - Throws: ``InputError`` for unreadable or bad input, or ``StandardStream/WriteError``.
  static func printMatches(
    of query: String, options: SearchOptions, path: String, fieldOptions: FieldOptions, limit: Int?,
    highlights: Bool, separator: UInt8, terminator: String
  ) throws -> Bool {
    let stream = try LineStream.open(path, separator: separator, fields: fieldOptions.fields)
    stream.waitUntilFinished()
    if let failure = stream.progress.failure { throw InputError(description: failure) }
    if let warning = stream.repairWarning { StandardStream.error("autocomplete: " + warning + "\n") }
    let (blocks, offsets) = stream.snapshot()
    let count = (offsets.last ?? 0) + (blocks.last?.count ?? 0)
    var order = fieldOptions.order
    // As fzf's filter mode: --no-sort keeps input order only without --tac (fzf streams that case
    // and sorts every other, a query being sortable); `pick` keeps --no-sort --tac unsorted.
    if order.isReversed && !query.isEmpty { order.isSorted = true }
    let lines: [Int]
    var total = count
    if query.isEmpty {
      lines = order.everyLine(count: count, limit: limit)
    } else {
      var searchOptions = fieldOptions.fields?.searchOptions(options) ?? options
      searchOptions.maximumCount = nil
      searchOptions.includesHighlightRanges = false
      var (matches, _, _) = try LineBlocks(blocks).rankedLines(for: query, options: searchOptions, after: nil)
      total = matches.count
      if let fields = fieldOptions.fields { stream.measureShownLengths(of: &matches, fields: fields) }
      lines = order.ordered(matches, limit: limit).map(\.line)
    }
    let fields = fieldOptions.fields
    let prepared =
      highlights && !query.isEmpty
      ? SearchQuery(query, options: fields?.searchOptions(options) ?? options) : nil
    var output: [UInt8] = []
    for line in lines {
      guard let bytes = stream.bytes(ofLine: line) else { continue }
      if let prepared {
        let text = String(decoding: bytes, as: UTF8.self)
        let ranges =
          fields.map { fields in
            fields.highlightRanges(of: prepared, inLine: text).map {
              text.utf8.index(
                text.startIndex, offsetBy: $0.lowerBound)..<text.utf8.index(
                  text.startIndex, offsetBy: $0.upperBound)
            }
          } ?? prepared.match(text)?.ranges ?? []
        output += FilterCommand.bold(ranges, in: text).utf8
      } else {
        output += bytes
      }
      output += terminator.utf8
      if output.count >= 1 << 16 {
        try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
        output.removeAll(keepingCapacity: true)
      }
    }
    try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
    return total > 0
  }
}
