import AutocompleteCore

/// fzf's `--with-nth` and `--nth` over a line: what is shown (``displayText(of:)``: the
/// `--with-nth` fields, blanks at the end trimmed) and what is searched (``searchText(of:)``: the
/// `--nth` fields of what is shown, the delimiter after the last one left out). The line itself is
/// still what a pick prints and what `{}` stands for.
///
/// Several `--nth` ranges are searched apart, as fzf's `transformInput` and `iter` do: the search
/// text is the ranges joined by ``separator`` and searched with it as the
/// ``SearchOptions/fieldSeparator`` (``searchOptions(_:)``), so that each query term matches inside
/// one range — the first range it matches in — never across two, and `^`/`$` anchor at each range.
/// Highlights are found in the search text and put back on the row (``highlights(of:inShown:)``)
/// or on the line (``highlightRanges(of:inLine:)``).
struct LineFields: Sendable {
  /// How lines split.
  var delimiter: FieldDelimiter = .awk
  /// `--with-nth`, or `nil` for the whole line.
  var shown: [FieldRange]?
  /// `--nth`, or `nil` for everything shown.
  var searched: [FieldRange]?

  /// What separates the ranges of a search text searched apart: the unit separator, which a line
  /// rarely holds (one in a line is searched as a space).
  static let separator: Unicode.Scalar = "\u{1F}"

  /// Whether the query matches each `--nth` range apart (there are several).
  var searchesApart: Bool { (searched?.count ?? 0) > 1 }

  /// `options` for searching these fields' search texts.
  func searchOptions(_ options: SearchOptions) -> SearchOptions {
    var options = options
    if searchesApart { options.fieldSeparator = Self.separator }
    return options
  }

  /// What a row shows of `line`, and where its pieces are in `line`.
  func shownPieces(of line: String) -> PiecedText {
    var pieces = PiecedText()
    guard let shown else {
      pieces.append(line[...], of: line)
      return pieces
    }
    let fields = delimiter.fields(of: line[...])
    // The fields, blanks at the end of the whole trimmed.
    var parts: [Substring] = []
    for range in shown {
      for index in range.indices(among: fields.count) { parts.append(fields[index]) }
    }
    while var last = parts.last {
      while let end = last.last, end == " " || end == "\t" { last = last.dropLast() }
      if last.isEmpty {
        parts.removeLast()
      } else {
        parts[parts.count - 1] = last
        break
      }
    }
    for part in parts { pieces.append(part, of: line) }
    return pieces
  }

  /// What a row shows for `line`.
  func displayText(of line: String) -> String { shownPieces(of: line).text }

  /// What the query is matched against in the row `shown`, and where its pieces are in `shown`:
  /// each `--nth` range's fields (one piece, consecutive fields being adjacent), the ranges apart
  /// joined by ``separator``, the delimiter after the last range left out.
  func searchPieces(ofShown shown: String) -> PiecedText {
    var pieces = PiecedText()
    guard let searched else {
      pieces.append(shown[...], of: shown)
      return pieces
    }
    let fields = delimiter.fields(of: shown[...])
    for (number, range) in searched.enumerated() {
      let indices = range.indices(among: fields.count)
      if number > 0 && searchesApart { pieces.append(separator: String(Self.separator)) }
      guard let first = indices.first, let last = indices.last else { continue }
      var piece = shown[fields[first].startIndex..<fields[last].endIndex]
      if number == searched.count - 1 { piece = delimiter.strippingLast(piece) }
      // A separator inside a field would cut it: it is searched as a space (the same length).
      let spelling =
        searchesApart && piece.unicodeScalars.contains(Self.separator)
        ? piece.replacingOccurrences(of: String(Self.separator), with: " ") : nil
      pieces.append(piece, of: shown, spelledAs: spelling)
    }
    return pieces
  }

  /// What the query is matched against for `line`.
  func searchText(of line: String) -> String {
    searchPieces(ofShown: displayText(of: line)).text
  }

  /// The highlights of `query` (prepared with ``searchOptions(_:)``) in the row `shown`: where it
  /// matches the row's search text.
  func highlights(of query: SearchQuery, inShown shown: String) -> [Range<String.Index>] {
    highlightOffsets(of: query, inShown: shown).map { range in
      let utf8 = shown.utf8
      return utf8.index(
        utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
          utf8.startIndex, offsetBy: range.upperBound)
    }
  }

  /// The highlights of `query` in `line` as printed whole, as UTF-8 ranges of `line`.
  func highlightRanges(of query: SearchQuery, inLine line: String) -> [Range<Int>] {
    let shown = shownPieces(of: line)
    return shown.sourceRanges(of: highlightOffsets(of: query, inShown: shown.text))
  }

  /// The highlights of `query` in the row `shown`, as UTF-8 ranges of it.
  private func highlightOffsets(of query: SearchQuery, inShown shown: String) -> [Range<Int>] {
    let pieces = searchPieces(ofShown: shown)
    let text = pieces.text
    guard let match = query.match(text) else { return [] }
    let ranges = match.ranges.map {
      text.utf8.distance(
        from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(
          from: text.startIndex, to: $0.upperBound)
    }
    return pieces.sourceRanges(of: ranges)
  }
}
