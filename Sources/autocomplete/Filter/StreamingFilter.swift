import AutocompleteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `autocomplete filter` over a file or standard input: the input is read whole (checked as it
/// arrives) and searched block by block on every core (``StreamingLineFilter``), and the matching
/// lines are written straight from the input's bytes, 64 KB at a time — no index, no `String` per
/// line. With `--highlight` each line written is matched again on its own, so highlighting costs a
/// line's worth of memory, never the whole input's.
enum StreamingFilter {
  /// Prints the lines of `path` (`-` for standard input) that match `query`, best first, at most
  /// `limit` of them — every line in input order for an empty query — and returns whether any line
  /// matched (also with a limit of 0). With `highlights`, the matched characters are bold.
  /// Unless `strictUTF8`, lines with
  /// invalid UTF-8 or a NUL byte are searched repaired, printed as read, and the first is named in a
  /// warning on standard error. Lines end with `separator` (a NUL byte for `--read0`: then a line
  /// may hold line breaks, and is printed with them).
  /// - Throws: ``InputError`` for unreadable or bad input (naming the line), or
  ///   ``StandardStream/WriteError``.
  static func printMatches(
    of query: String, options: SearchOptions, path: String, limit: Int?, highlights: Bool = false,
    strictUTF8: Bool = true, terminator: UInt8 = 0x0A, separator: UInt8 = 0x0A
  ) throws -> Bool {
    var hasBadLine = false
    let input = try LineReader.read(
      path, separator: separator, onBadLine: strictUTF8 ? nil : { _ in hasBadLine = true })
    let text = input.bytes
    if hasBadLine, let line = StreamingLineFilter.firstRepairedLine(in: text, separator: separator) {
      StandardStream.error(LineReader.badLineWarning(name: LineReader.name(of: path), line: line) + "\n")
    }
    if text.isEmpty && path == "-" {
      // `filter QUERY` in a script whose standard input is empty (or closed) finds nothing: say why.
      StandardStream.error(
        "autocomplete: no lines were read from standard input; give them with --data FILE or a pipe, "
          + "or search the embedded cities with --cities\n")
    }
    if query.isEmpty {
      let lines = LineRanges(text: text, separator: separator)
      try write(lines.prefix(limit ?? Int.max), of: text, terminator: terminator)
      return lines.contains { _ in true }
    }
    let matches: StreamingLineFilter.Matches
    do {
      var filter = StreamingLineFilter(query, options: options)
      filter.repairsInvalidLines = !strictUTF8
      filter.separator = separator
      matches = try filter.matches(in: text)
    } catch {
      throw InputError(description: "\(LineReader.name(of: path)): \(error)")
    }
    let highlighter = highlights ? SearchQuery(query, options: options) : nil
    try write(
      matches.prefix(limit ?? matches.count), of: text, highlighting: highlighter, terminator: terminator)
    return !matches.isEmpty
  }

  /// Every line of `text`, without its `separator` (and, for line breaks, a `\r` before it); a
  /// final separator does not start another line.
  struct LineRanges: Sequence, IteratorProtocol {
    let text: UnsafeBufferPointer<UInt8>
    var separator: UInt8 = 0x0A
    var start = 0

    mutating func next() -> Range<Int>? {
      guard start < text.count, let base = text.baseAddress else { return nil }
      let found = memchr(base + start, Int32(separator), text.count - start)
      let end = found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? text.count
      defer { start = end + 1 }
      return start..<(separator == 0x0A && end > start && text[end - 1] == 0x0D ? end - 1 : end)
    }
  }

  /// ANSI bold on and off, around matched characters.
  static let boldOn = Array("\u{1B}[1m".utf8)
  static let boldOff = Array("\u{1B}[22m".utf8)

  /// Writes each range of `text`, then a line break, in blocks of 64 KB; with `highlighting`, the
  /// characters the query matches in the line are bold.
  static func write(
    _ ranges: some Sequence<Range<Int>>, of text: UnsafeBufferPointer<UInt8>,
    highlighting query: SearchQuery? = nil, terminator: UInt8 = 0x0A
  ) throws {
    let capacity = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(capacity)
    func flush() throws {
      try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
      output.removeAll(keepingCapacity: true)
    }
    for range in ranges {
      let line = UnsafeBufferPointer(rebasing: text[range])
      if output.count + range.count + 1 > capacity && !output.isEmpty { try flush() }
      var written = 0
      for match in query?.matchedByteRanges(inUTF8: line) ?? [] where match.lowerBound >= written {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[written..<match.lowerBound]))
        output.append(contentsOf: Self.boldOn)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[match]))
        output.append(contentsOf: Self.boldOff)
        written = match.upperBound
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: line[written...]))
      output.append(terminator)
    }
    if !output.isEmpty { try flush() }
  }
}
