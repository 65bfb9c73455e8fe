/// ``LineFilter`` with ``Transliteration/latin``: lines in other scripts found through their Latin
/// readings, and queries typed on the wrong keyboard layout (issue 37).
extension LineFilter {
  /// One line as an item of an index.
  struct Line: AutocompleteSearchable {
    let searchText: String
    var displayText: String { searchText }
    var alternateSearchTexts: [String] { [] }
    var weight: Double { 0 }
    func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }
  }

  /// The lines that match `query` as ``matches(for:options:)`` finds them, and with
  /// ``Transliteration/latin`` also through their Latin readings and the query retyped through other
  /// keyboard layouts, ranked below a match as written and as typed.
  ///
  /// With readings, the lines are read into an unsorted ``SearchIndex`` on each call (a `String` per
  /// line): for many queries, build a ``SearchIndex`` once. Empty lines are skipped unless the mode
  /// is words, as ``matches(for:options:)`` does.
  /// - Throws: `CancellationError` when the calling task is cancelled;
  ///   ``InputError/foldedTooLarge(line:)`` when the folded text outgrows 32-bit offsets.
  public func matches(
    for query: String, options: SearchOptions = SearchOptions(), transliteration: Transliteration
  )
    throws -> [LineMatch]
  {
    guard transliteration == .latin else { return try matches(for: query, options: options) }
    let options = options.resolvingSmartCase(for: query)
    var lines: [Line] = []
    var numbers: [Int] = []
    lines.reserveCapacity(count)
    numbers.reserveCapacity(count)
    for line in 0..<count where options.mode == .words || !byteRange(of: line).isEmpty {
      lines.append(Line(searchText: self[line]))
      numbers.append(line)
    }
    let index = SearchIndex(lines, sortsKeys: false, transliteration: .latin)
    return try index.search(query, options: options).map {
      LineMatch(line: numbers[$0.offset], match: $0.match)
    }
  }
}
