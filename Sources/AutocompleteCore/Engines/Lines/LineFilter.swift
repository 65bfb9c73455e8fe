/// Filters newline-separated UTF-8 text in one pass, without building an index: the engine behind
/// `autocomplete filter --data`, and what a server or script wants for a single query over a file.
///
/// The lines may also be items separated by NUL bytes (``init(utf8:separator:)``, `find -print0`,
/// fzf's `--read0`): then an item may hold line breaks, which matching sees as whitespace.
///
/// Each search folds the whole text once and scans it, so no `String` is made per line, only per
/// result. For many queries over the same lines (typing), build a ``SearchIndex`` instead.
///
/// ```swift
/// let filter = try LineFilter(utf8: Array("São Paulo\nSantos\n".utf8))
/// try filter.matches(for: "sao").map(\.text)  // ["São Paulo"]
/// ```
public struct LineFilter: Sendable {
  /// The text as given.
  public let utf8: [UInt8]
  /// The byte that ends each line: `\n` (the default) or NUL.
  public let separator: UInt8
  /// Where each line ends in ``utf8``: the offset of its separator (or the end of the text); 4
  /// bytes a line. A `\r` before a `\n` is left out of the line by ``byteRange(of:)``.
  let breaks: [UInt32]

  /// Why text cannot be filtered; lines count from 1.
  public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line holds a NUL byte.
    case nulByte(line: Int)
    /// The line is not valid UTF-8.
    case invalidUTF8(line: Int)
    /// The text is larger than a filter supports (``LineFilter/maximumByteCount``).
    case tooLarge(byteCount: Int)
    /// The text from this line on, folded, is more than 32-bit offsets reach: folding made it grow
    /// (U+FDFA folds to 18 characters) past 4 GiB.
    case foldedTooLarge(line: Int)

    /// A one-line message naming the line.
    public var description: String {
      switch self {
      case .nulByte(let line): "line \(line) contains a NUL byte"
      case .invalidUTF8(let line): "line \(line) is not valid UTF-8"
      case .tooLarge(let count):
        "the input is \(count) bytes; at most \(LineFilter.maximumByteCount) bytes (4 GiB) are supported"
      case .foldedTooLarge(let line):
        "the text up to line \(line), folded (some characters fold to many, U+FDFA to 18), is more than 4 GiB"
      }
    }
  }

  /// The most bytes a filter takes, line breaks included: offsets into the folded text are 32-bit.
  public static let maximumByteCount = Int(UInt32.max) - (1 << 20)

  /// Checks and splits `utf8` into lines ended by `separator` — a line break (`\n`, the default;
  /// a `\r` before it is not part of the line) or a NUL byte (items that may hold line breaks). A
  /// final separator does not start another line.
  /// - Throws: ``InputError`` naming the first line with a NUL byte or invalid UTF-8, or
  ///   ``InputError/tooLarge(byteCount:)`` past ``maximumByteCount``.
  public init(utf8: [UInt8], separator: UInt8 = 0x0A) throws(InputError) {
    guard utf8.count <= Self.maximumByteCount else { throw .tooLarge(byteCount: utf8.count) }
    self.utf8 = utf8
    self.separator = separator
    // No typed throws through `withUnsafeBufferPointer` (older SDKs cannot carry them).
    let split = utf8.withUnsafeBufferPointer { Self.lineRanges($0, separator: separator) }
    switch split {
    case .success(let breaks): self.breaks = breaks
    case .failure(let error): throw error
    }
  }

  /// The number of lines.
  public var count: Int { breaks.count }

  /// Where line `index` (from 0) is in ``utf8``, without its line break.
  public func byteRange(of index: Int) -> Range<Int> {
    let start = index == 0 ? 0 : Int(breaks[index - 1]) + 1
    var end = Int(breaks[index])
    if separator == 0x0A && end > start && utf8[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// The text of line `index` (from 0).
  public subscript(index: Int) -> String {
    utf8.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[byteRange(of: index)]), as: UTF8.self)
    }
  }

  /// The lines that match `query`, best first (the standard ranking: no typo before typos, kind,
  /// fewer typos, score, shorter line, earlier line), at most `options.limit` of them.
  /// - Throws: `CancellationError` when the calling task is cancelled;
  ///   ``InputError/foldedTooLarge(line:)`` when the folded text outgrows 32-bit offsets.
  public func matches(for query: String, options: SearchOptions = SearchOptions()) throws -> [LineMatch] {
    try search(query, options: options, storage: nil).matches
  }

  /// Folds the lines for searching.
  /// - Throws: ``InputError/foldedTooLarge(line:)`` when the folded text outgrows 32-bit offsets.
  func makeStorage(isCaseSensitive: Bool) throws(InputError) -> IndexStorage {
    // No typed throws through `withUnsafeBufferPointer` or `Result` (older SDKs cannot carry them).
    var failure: InputError?
    let storage = utf8.withUnsafeBufferPointer { buffer -> IndexStorage? in
      do throws(InputError) {
        return try IndexStorage(
          lines: buffer, count: count, range: byteRange(of:),
          folder: TextFolder(isCaseSensitive: isCaseSensitive))
      } catch {
        failure = error
        return nil
      }
    }
    guard let storage else { throw failure ?? .foldedTooLarge(line: count) }
    return storage
  }

  /// The best `options.limit` matches and the number of all matches, searching `storage` (folded
  /// case-insensitively) or, for a case-sensitive query or without one, storage folded now.
  func search(_ query: String, options: SearchOptions, storage prebuilt: IndexStorage?) throws
    -> (matches: [LineMatch], total: Int)
  {
    let options = options.resolvingSmartCase(for: query)
    let prepared = SearchQuery(query, options: options)
    if prepared.matchesNothing { return ([], 0) }
    let reusable = options.isCaseSensitive ? nil : prebuilt
    let storage = try reusable ?? makeStorage(isCaseSensitive: options.isCaseSensitive)
    let (entries, matched, offered, _) = try storage.collect(
      prepared.folded, mode: options.mode, capacity: options.limit, candidates: nil, typos: prepared.typos,
      pattern: prepared.pattern)
    let total = prepared.folded.isEmpty ? count : matched?.count ?? offered
    let matches = entries.map { entry in
      let line = Int(entry.owner)
      let text = self[line]
      var match = TextMatch(kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: text)
      if options.includesHighlightRanges, let full = prepared.match(text) { match.ranges = full.ranges }
      return LineMatch(line: line, match: match)
    }
    return (matches, total)
  }

  /// Checks `utf8` as ``init(utf8:separator:)`` does, without splitting it into lines.
  /// - Throws: ``InputError`` naming the first line with a NUL byte or invalid UTF-8.
  public static func validate(utf8: [UInt8], separator: UInt8 = 0x0A) throws(InputError) {
    if let error = utf8.withUnsafeBufferPointer({ problem(in: $0, separator: separator) }) { throw error }
  }

  /// The first NUL byte (unless NUL separates the lines) or invalid UTF-8 in `buffer`, as an error
  /// naming its line.
  static func problem(in buffer: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A) -> InputError? {
    guard let base = buffer.baseAddress else { return nil }
    // The first bad line, whichever its fault: invalid UTF-8 is looked for only before the first
    // NUL (a NUL is ASCII, so no sequence is cut there that the whole text would read as valid).
    let nul = separator == 0 ? nil : memchrFast(base, 0, buffer.count).map { $0 - base }
    if let bad = firstInvalidUTF8(UnsafeBufferPointer(rebasing: buffer[..<(nul ?? buffer.count)])) {
      return .invalidUTF8(line: line(containing: bad, in: buffer, separator: separator))
    }
    if let nul { return .nulByte(line: line(containing: nul, in: buffer)) }
    return nil
  }

  private static func lineRanges(_ buffer: UnsafeBufferPointer<UInt8>, separator: UInt8) -> Result<
    [UInt32], InputError
  > {
    guard let base = buffer.baseAddress else { return .success([]) }
    if let error = problem(in: buffer, separator: separator) { return .failure(error) }
    // Count first, so that the array is allocated once at its size.
    var count = 0
    var start = 0
    while start < buffer.count {
      let end = memchrFast(base + start, separator, buffer.count - start).map { $0 - base } ?? buffer.count
      count += 1
      start = end + 1
    }
    var breaks: [UInt32] = []
    breaks.reserveCapacity(count)
    start = 0
    while start < buffer.count {
      let end = memchrFast(base + start, separator, buffer.count - start).map { $0 - base } ?? buffer.count
      breaks.append(UInt32(end))
      start = end + 1
    }
    return .success(breaks)
  }

  /// The 1-based number of the line holding byte `offset`: one more than the separators before it.
  static func line(containing offset: Int, in buffer: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 1 }
    var line = 1
    var position = 0
    while position < offset, let found = memchrFast(base + position, separator, offset - position) {
      line += 1
      position = found - base + 1
    }
    return line
  }

  /// The length of the valid UTF-8 scalar starting with the non-ASCII byte at `index`, or `nil`
  /// (overlong forms, surrogates, values past U+10FFFF and truncated sequences are invalid).
  @inline(__always)
  static func validScalarLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
    let lead = buffer[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard index + length <= buffer.count else { return nil }
    let second = buffer[index + 1]
    guard second >= low && second <= high else { return nil }
    for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// The offset of the first byte that does not start a valid UTF-8 scalar, or `nil`.
  static func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = buffer.count
    let raw = UnsafeRawBufferPointer(buffer)
    while index < count {
      if index + 8 <= count,
        raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      if buffer[index] < 0x80 {
        index += 1
        continue
      }
      guard let length = validScalarLength(buffer, at: index) else { return index }
      index += length
    }
    return nil
  }
}

/// One line that matched a ``LineFilter`` query.
public struct LineMatch: Sendable {
  /// The line's number, from 0.
  public var line: Int
  /// How it matched; ``TextMatch/matchedText`` is the line's text.
  public var match: TextMatch

  /// The line's text.
  public var text: String { match.matchedText }
}

extension LineFilter.InputError {
  /// The same problem, its line numbered in a text that has `linesBefore` more lines before it (a
  /// problem found in a block, named in the whole input).
  public func renumbered(linesBefore: Int) -> LineFilter.InputError {
    switch self {
    case .nulByte(let line): .nulByte(line: line + linesBefore)
    case .invalidUTF8(let line): .invalidUTF8(line: line + linesBefore)
    case .foldedTooLarge(let line): .foldedTooLarge(line: line + linesBefore)
    case .tooLarge: self
    }
  }
}
