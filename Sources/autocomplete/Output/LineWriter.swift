import AutocompleteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes lines to standard output, each followed by a terminator, 64 KB at a time and straight
/// from their bytes (no `String` per line); with a query, the characters it matches in each line
/// are bold, the line matched again on its own as it is written.
struct LineWriter {
  /// The bytes written at once.
  static let capacity = 1 << 16
  /// ANSI bold on and off, around matched characters.
  static let boldOn = Array("\u{1B}[1m".utf8)
  static let boldOff = Array("\u{1B}[22m".utf8)

  let query: SearchQuery?
  let terminator: UInt8
  private var output: [UInt8] = []

  init(highlighting query: SearchQuery?, terminator: UInt8 = 0x0A) {
    self.query = query
    self.terminator = terminator
    output.reserveCapacity(Self.capacity)
  }

  /// Writes `line` and a terminator.
  /// - Throws: ``StandardStream/WriteError``.
  mutating func write(_ line: UnsafeBufferPointer<UInt8>) throws {
    if output.count + line.count + 1 > Self.capacity && !output.isEmpty { try flush() }
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

  /// Writes each line of `text` (``LineRanges``, ended by `separator`), at most `limit` of them,
  /// counting them off.
  /// - Throws: ``StandardStream/WriteError``.
  mutating func write(lines text: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A, limit: inout Int)
    throws
  {
    var lines = LineRanges(text: text, separator: separator)
    while limit > 0, let range = lines.next() {
      try write(UnsafeBufferPointer(rebasing: text[range]))
      limit -= 1
    }
  }

  /// Writes what is buffered.
  /// - Throws: ``StandardStream/WriteError``.
  mutating func flush() throws {
    guard !output.isEmpty else { return }
    try output.withUnsafeBufferPointer { try StandardStream.output(bytes: $0) }
    output.removeAll(keepingCapacity: true)
  }

  /// Every line of `text`, without its `separator` (and, for line breaks, a `\r` before it); a final
  /// separator does not start another line.
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
}
