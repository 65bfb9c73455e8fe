import AutocompleteCore

/// `autocomplete filter --transliterate` over a file or standard input: lines in other scripts are
/// also found through their Latin readings, and the query also retyped through other keyboard
/// layouts (``Transliteration/latin``, ``LineFilter/matches(for:options:transliteration:)``).
///
/// Unlike ``StreamingFilter`` the whole input is read first, then searched by the streaming filter
/// with readings (``StreamingLineFilter/matches(in:transliteration:)``, on every core); with
/// highlights it is indexed (a `String` per line, the readings as extra keys) to map the matched
/// readings back to the characters read.
enum TransliteratedFilter {
  /// Prints the lines of `path` (`-` for standard input) that match `query`, best first, at most
  /// `limit` of them, as read; returns whether any line matched. With `highlights`, the matched
  /// characters (those a matched reading reads) are bold. Unless `strictUTF8`, a line with invalid
  /// UTF-8 or a NUL byte is searched repaired (U+FFFD), printed as read, and named in a warning.
  /// - Throws: ``InputError`` for unreadable or bad input, or ``StandardStream/WriteError``.
  static func printMatches(
    of query: String, options: SearchOptions, path: String, limit: Int?, highlights: Bool,
    strictUTF8: Bool, terminator: UInt8, separator: UInt8
  ) throws -> Bool {
    let reader = try BlockReader(path: path, strictUTF8: false, terminator: separator)
    var input: [UInt8] = []
    while let block = try reader.next() {
      input.append(contentsOf: block.bytes)
      reader.recycle(block)
    }
    let readsLines = mayRead(input, query: query)
    if !readsLines || !highlights {
      // Without highlights the streaming filter answers with readings too, on every core; the
      // highlights of readings need the index's matches.
      return try printPlainMatches(
        of: query, options: options, input: input, name: reader.name, limit: limit, highlights: highlights,
        strictUTF8: strictUTF8, terminator: terminator, separator: separator,
        transliteration: readsLines ? .latin : .none)
    }
    let lines: LineFilter
    let asRead: (Int) -> [UInt8]
    do {
      lines = try LineFilter(utf8: input, separator: separator)
      asRead = { Array(input[lines.byteRange(of: $0)]) }
    } catch let error where !strictUTF8 && error.isRepairable {
      let repaired = repairedLines(input, separator: separator)
      StreamingFilter.warn(reader.name, line: repaired.firstBad)
      lines = try LineFilter(utf8: repaired.text, separator: separator)
      asRead = { repaired.lines[$0] }
    } catch {
      throw InputError(description: "\(reader.name): \(error)")
    }
    return try write(
      lines.matches(for: query, options: options, transliteration: .latin), limit: limit,
      highlights: highlights,
      terminator: terminator, asRead: asRead)
  }

  /// Whether readings or a retyped query could find anything `query` alone does not: the query is
  /// not ASCII (it may be retyped into Latin), or `input` holds a lead byte of Greek, Cyrillic or
  /// Hebrew (0xCD–0xD7) or of kana, Han or Hangul (0xE3–0xED). Latin-only input with an ASCII query
  /// is answered by the plain filter, as fast as without `--transliterate`.
  static func mayRead(_ input: [UInt8], query: String) -> Bool {
    if query.utf8.contains(where: { $0 >= 0x80 }) { return true }
    return input.withUnsafeBufferPointer { bytes in
      bytes.contains { $0 &- 0xCD <= 0xD7 - 0xCD || $0 &- 0xE3 <= 0xED - 0xE3 }
    }
  }

  /// The streaming filter's answer over `input` (``StreamingLineFilter``, on every core), with
  /// `transliteration` (then without `highlights`: they would miss the readings).
  private static func printPlainMatches(
    of query: String, options: SearchOptions, input: [UInt8], name: String, limit: Int?, highlights: Bool,
    strictUTF8: Bool, terminator: UInt8, separator: UInt8, transliteration: Transliteration
  ) throws -> Bool {
    var filter = StreamingLineFilter(query, options: options)
    filter.repairsInvalidLines = !strictUTF8
    filter.separator = separator
    let ranges: StreamingLineFilter.Matches
    do {
      ranges = try input.withUnsafeBufferPointer {
        try filter.matches(in: $0, transliteration: transliteration)
      }
    } catch {
      throw InputError(description: "\(name): \(error)")
    }
    if !strictUTF8,
      let line = input.withUnsafeBufferPointer({
        StreamingLineFilter.firstRepairedLine(in: $0, separator: separator)
      })
    {
      StreamingFilter.warn(name, line: line)
    }
    let prepared = SearchQuery(query, options: filter.options)
    var output: [UInt8] = []
    for range in ranges.prefix(limit ?? ranges.count) {
      if highlights {
        let text = String(decoding: input[range], as: UTF8.self)
        output += Array(FilterCommand.bold(prepared.match(text)?.ranges ?? [], in: text).utf8)
      } else {
        output += input[range]
      }
      output.append(terminator)
    }
    // As bytes: a String would repair the bad lines printed as read.
    try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
    return !ranges.isEmpty
  }

  /// Writes `matches` (at most `limit`), each line's bytes as read, and says whether there were any.
  private static func write(
    _ matches: [LineMatch], limit: Int?, highlights: Bool, terminator: UInt8, asRead: (Int) -> [UInt8]
  ) throws -> Bool {
    var output: [UInt8] = []
    for match in matches.prefix(limit ?? matches.count) {
      if highlights {
        output += Array(FilterCommand.bold(match.match.ranges, in: match.text).utf8)
      } else {
        output += asRead(match.line)
      }
      output.append(terminator)
    }
    // As bytes: a String would repair the bad lines printed as read.
    try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
    return !matches.isEmpty
  }

  /// `input` with every bad line (invalid UTF-8 or a NUL byte) repaired as `filter` searches it
  /// (``StreamingLineFilter/repairedLine(_:)``), each line's original bytes, and the first bad line's number (from 1).
  private static func repairedLines(_ input: [UInt8], separator: UInt8) -> (
    text: [UInt8], lines: [[UInt8]], firstBad: Int
  ) {
    var text: [UInt8] = []
    var lines: [[UInt8]] = []
    var firstBad = 0
    var pieces = input.split(separator: separator, omittingEmptySubsequences: false)
    if input.last == separator { pieces.removeLast() }
    for (number, line) in pieces.enumerated() {
      var bytes = Array(line)
      if separator == 0x0A, bytes.last == 0x0D { bytes.removeLast() }
      lines.append(bytes)
      let repaired = bytes.withUnsafeBufferPointer { StreamingLineFilter.repairedLine($0) }
      if repaired != bytes, firstBad == 0 { firstBad = number + 1 }
      text += repaired
      text.append(separator)
    }
    return (text, lines, firstBad)
  }
}

extension LineFilter.InputError {
  /// Whether the line can be searched repaired (invalid UTF-8 or a NUL byte).
  var isRepairable: Bool {
    switch self {
    case .nulByte, .invalidUTF8: true
    default: false
    }
  }
}
