#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text searched as it arrives, one block of whole lines at a time (issue 22): a reader hands each
/// block to ``StreamingLineFilter/matches(inBlock:)`` — on any thread, several at once — keeps the
/// ``StreamingLineFilter/BlockMatches`` it gets back and lets the block's memory go. A block's
/// matches carry a copy of their lines' bytes, so what is kept of the input is its matching lines
/// and a few bytes of rank each; a miss keeps nothing. ``StreamingLineFilter/forEachLine(in:limit:_:)``
/// then gives every matched line best first: the same lines in the same order as
/// ``StreamingLineFilter/matches(in:)`` on the whole text.
///
/// ```swift
/// let filter = StreamingLineFilter("sao")
/// var blocks: [StreamingLineFilter.BlockMatches] = []
/// for block in [Array("São Paulo\nSantos\n".utf8), Array("sao\n".utf8)] {
///   blocks.append(try block.withUnsafeBufferPointer { try filter.matches(inBlock: $0) })
/// }
/// StreamingLineFilter.forEachLine(in: blocks, limit: nil) { print(String(decoding: $0, as: UTF8.self)) }
/// // sao, São Paulo
/// ```
extension StreamingLineFilter {
  /// The matching lines of one block, best first, with their bytes; and what a reader needs to name
  /// a line of a later block: how many lines the block has.
  public struct BlockMatches: Sendable {
    /// How many lines the block has: its line breaks, and one more for text after the last.
    public let lineCount: Int
    /// The first line (from 1, within the block) that was searched with U+FFFD in place of bad bytes
    /// (see ``StreamingLineFilter/repairsInvalidLines``), or `nil`.
    public let firstRepairedLine: Int?
    /// The matches and their lines' bytes.
    let storage: Storage

    /// How many lines of the block matched.
    public var count: Int { storage.count }
  }

  /// Searches one block of whole lines (its last line may lack its line break) as
  /// ``matches(in:)`` searches a block of the whole text, and keeps a copy of the matching lines.
  /// Safe to call from several threads at once.
  /// - Throws: ``LineFilter/InputError`` naming the block's first bad line, numbered within the
  ///   block (whichever its fault, as ``LineFilter`` names them) — unless
  ///   ``repairsInvalidLines`` — or for a block over ``LineFilter/maximumByteCount`` bytes.
  public func matches(inBlock block: UnsafeBufferPointer<UInt8>) throws(LineFilter.InputError) -> BlockMatches
  {
    guard block.count <= LineFilter.maximumByteCount else { throw .tooLarge(byteCount: block.count) }
    let prepared = SearchQuery(query, options: options)
    if prepared.matchesNothing {  // still say what is wrong with the text
      if !repairsInvalidLines, let problem = LineFilter.problem(in: block, separator: separator) {
        throw problem
      }
      return BlockMatches(
        lineCount: Self.lineCount(of: block, separator: separator),
        firstRepairedLine: repairsInvalidLines
          ? Self.firstRepairedLine(in: block, separator: separator) : nil,
        storage: Storage([], from: block))
    }
    let answer = Self.search(
      block, from: 0, folded: prepared.folded, mode: options.mode, limit: options.limit,
      keepsEmptyLines: keepsEmptyLines || prepared.typos?.matchesEmptyKey == true || prepared.pattern != nil,
      folder: TextFolder(isCaseSensitive: options.isCaseSensitive), typos: prepared.typos,
      repairsInvalidLines: repairsInvalidLines, separator: separator, pattern: prepared.pattern)
    switch answer {
    case .failure(let error): throw error
    case .success(let answer):
      let storage = Storage(answer.hits, from: block)
      return BlockMatches(
        lineCount: answer.lineCount, firstRepairedLine: answer.firstRepairedLine, storage: storage)
    }
  }

  /// Calls `body` with the bytes of each line that matched in `blocks` — blocks of one text, in its
  /// order — best first, at most `limit` of them: the lines ``matches(in:)`` finds in the whole
  /// text, in its order (among equal matches, an earlier block's first).
  public static func forEachLine(
    in blocks: [BlockMatches], limit: Int? = nil, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    try withExtendedLifetime(blocks) {
      let storages = blocks.map(\.storage)
      let bytes = storages.map { UnsafePointer($0.bytes.baseAddress) }
      var positions = [Int](repeating: 0, count: blocks.count)
      var offsets = [Int](repeating: 0, count: blocks.count)
      // Each block's next hit, decoded once.
      var heads = storages.map { $0.isEmpty ? KeptHit(score: 0, length: 0, kind: .exact, typos: 0) : $0[0] }
      func isBefore(_ a: Int, _ b: Int) -> Bool {
        heads[a].grade(position: a) < heads[b].grade(position: b)
      }
      var heap = RunHeap(blocks.indices.filter { !storages[$0].isEmpty }, isBefore: isBefore)
      var remaining = limit ?? Int.max
      while remaining > 0, let block = heap.top {
        let length = Int(heads[block].length)
        try body(UnsafeBufferPointer(start: bytes[block].map { $0 + offsets[block] }, count: length))
        remaining -= 1
        offsets[block] += length
        positions[block] += 1
        let isExhausted = positions[block] == storages[block].count
        if !isExhausted { heads[block] = storages[block][positions[block]] }
        heap.advanceTop(isExhausted: isExhausted, isBefore: isBefore)
      }
    }
  }

  /// How many lines `text` has: its `separator`s (line breaks by default), and one more for text
  /// after the last — what a block adds to the numbers of the lines after it.
  public static func lineCount(of text: UnsafeBufferPointer<UInt8>, separator: UInt8 = 0x0A) -> Int {
    guard let base = text.baseAddress else { return 0 }
    var count = 0
    var start = 0
    while start < text.count {
      count += 1
      start = (memchrFast(base + start, separator, text.count - start).map { $0 - base } ?? text.count) + 1
    }
    return count
  }
}
