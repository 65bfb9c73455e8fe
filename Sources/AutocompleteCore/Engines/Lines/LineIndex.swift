/// Lines of UTF-8 text folded once for many queries: what a picker over a file or a pipe searches
/// while the user types. Like ``LineFilter`` it makes no `String` per line (only per result), and
/// unlike it the folding is done once, not per query; it also counts every match, so that a picker
/// can show "50 of 136".
///
/// ```swift
/// let index = try LineIndex(LineFilter(utf8: Array("São Paulo\nSantos\n".utf8)))
/// let (matches, total) = try index.search("sao", options: SearchOptions(mode: .fuzzy))
/// ```
public struct LineIndex: Sendable {
  /// The lines.
  public let lines: LineFilter
  /// The lines folded case- and diacritic-insensitively.
  let storage: IndexStorage
  /// The length of the longest folded line, in bytes: a longer query matches no line (but in words
  /// mode, whose words may repeat).
  let longestFoldedLine: Int

  /// Folds `lines`.
  /// - Throws: ``LineFilter/InputError/foldedTooLarge(line:)`` when the folded text outgrows
  ///   32-bit offsets.
  public init(_ lines: LineFilter) throws(LineFilter.InputError) {
    self.lines = lines
    let storage = try lines.makeStorage(isCaseSensitive: false)
    self.storage = storage
    self.longestFoldedLine = storage.starts.indices.dropFirst().reduce(0) {
      max($0, Int(storage.starts[$1]) - Int(storage.starts[$1 - 1]) - 1)
    }
  }

  /// The number of lines.
  public var count: Int { lines.count }

  /// The bytes this index keeps: the text and its line ends, and the folded copy with its offsets,
  /// ranks and camel-hump bits. A picker limits what it holds by this, not by the input's size.
  public var byteCount: Int { lines.utf8.count + 4 * lines.breaks.count + storage.byteCount }

  /// The text of line `index` (from 0).
  public subscript(index: Int) -> String { lines[index] }

  /// The best `options.limit` lines for `query` (the standard ranking: kind, score, shorter line,
  /// earlier line) and how many lines match in all. A case-sensitive query folds the lines again.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  public func search(_ query: String, options: SearchOptions = SearchOptions()) throws
    -> (matches: [LineMatch], total: Int)
  {
    try lines.search(query, options: options, storage: storage)
  }
}
