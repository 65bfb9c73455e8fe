import AutocompleteCore

/// `autocomplete filter` for one non-empty query over a file or standard input: the input is read
/// whole and searched block by block on every core (``StreamingLineFilter``), and the matching lines
/// are written straight from the input's bytes, 64 KB at a time — no index, no `String` per line.
enum StreamingFilter {
  /// Prints the lines of `path` (`-` for standard input) that match `query`, best first, at most
  /// `limit` of them; whether any line matched (also with a limit of 0).
  /// - Throws: ``InputError`` for unreadable or bad input (naming the line), or
  ///   ``StandardStream/WriteError``.
  static func printMatches(of query: String, options: SearchOptions, path: String, limit: Int?) throws -> Bool
  {
    let bytes = try LineReader.read(path)
    let filter = StreamingLineFilter(query, options: options)
    return try bytes.withUnsafeBufferPointer { buffer in
      let matches: StreamingLineFilter.Matches
      do {
        matches = try filter.matches(in: buffer)
      } catch {
        throw InputError(description: "\(LineReader.name(of: path)): \(error)")
      }
      try write(matches.prefix(limit ?? matches.count), of: buffer)
      return !matches.isEmpty
    }
  }

  /// Writes each range of `text`, then a line break, in blocks of 64 KB.
  static func write(_ ranges: some Sequence<Range<Int>>, of text: UnsafeBufferPointer<UInt8>) throws {
    let capacity = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(capacity)
    func flush() throws {
      try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
      output.removeAll(keepingCapacity: true)
    }
    for range in ranges {
      if output.count + range.count + 1 > capacity && !output.isEmpty { try flush() }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
      output.append(0x0A)
    }
    if !output.isEmpty { try flush() }
  }
}
