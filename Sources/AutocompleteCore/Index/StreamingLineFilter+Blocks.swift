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
    public var count: Int { storage.hits.count }
  }

  /// A block's hits, best first, and their lines' bytes one after another in the same order, in
  /// memory of exactly their size (an array's spare capacity would be kept with every block).
  final class Storage: @unchecked Sendable {
    let hits: UnsafeMutableBufferPointer<Hit>
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init(hitCount: Int, byteCount: Int) {
      hits = .allocate(capacity: hitCount)
      bytes = .allocate(capacity: byteCount)
    }

    deinit {
      hits.deallocate()
      bytes.deallocate()
    }
  }

  /// Searches one block of whole lines (its last line may lack its line break) as
  /// ``matches(in:)`` searches a block of the whole text, and keeps a copy of the matching lines.
  /// Safe to call from several threads at once.
  /// - Throws: ``LineFilter/InputError`` naming the block's first bad line, numbered within the
  ///   block (a NUL byte anywhere in it first, as ``LineFilter`` names them) — unless
  ///   ``repairsInvalidLines`` — or for a block over ``LineFilter/maximumByteCount`` bytes.
  public func matches(inBlock block: UnsafeBufferPointer<UInt8>) throws(LineFilter.InputError) -> BlockMatches {
    guard block.count <= LineFilter.maximumByteCount else { throw .tooLarge(byteCount: block.count) }
    let prepared = SearchQuery(query, options: options)
    if prepared.matchesNothing {  // still say what is wrong with the text
      if !repairsInvalidLines, let problem = LineFilter.problem(in: block) { throw problem }
      return BlockMatches(
        lineCount: Self.lineCount(of: block),
        firstRepairedLine: repairsInvalidLines ? Self.firstRepairedLine(in: block) : nil,
        storage: Storage(hitCount: 0, byteCount: 0))
    }
    let answer = Self.search(
      block, from: 0, folded: prepared.folded, mode: options.mode, limit: options.limit,
      keepsEmptyLines: keepsEmptyLines || prepared.typos?.matchesEmptyKey == true,
      folder: TextFolder(isCaseSensitive: options.isCaseSensitive), typos: prepared.typos,
      repairsInvalidLines: repairsInvalidLines)
    switch answer {
    case .failure(let error): throw error
    case .success(let answer):
      let byteCount = answer.hits.reduce(0) { $0 + Int($1.length) }
      let storage = Storage(hitCount: answer.hits.count, byteCount: byteCount)
      var written = 0
      for (index, hit) in answer.hits.enumerated() {
        storage.hits.initializeElement(at: index, to: hit)
        let line = UnsafeBufferPointer(rebasing: block[Int(hit.start)..<(Int(hit.start) + Int(hit.length))])
        _ = UnsafeMutableBufferPointer(rebasing: storage.bytes[written...]).initialize(fromContentsOf: line)
        written += line.count
      }
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
      let hits = blocks.map { UnsafeBufferPointer($0.storage.hits) }
      let bytes = blocks.map { UnsafePointer($0.storage.bytes.baseAddress) }
      var positions = [Int](repeating: 0, count: blocks.count)
      var offsets = [Int](repeating: 0, count: blocks.count)
      // A heap of the blocks that have hits left, the one whose next hit is best on top.
      var heap = blocks.indices.filter { !hits[$0].isEmpty }
      func isBefore(_ a: Int, _ b: Int) -> Bool {
        let order = hits[a][positions[a]].rankOrder(hits[b][positions[b]])
        return order != 0 ? order < 0 : a < b
      }
      func siftDown(_ start: Int) {
        var parent = start
        while true {
          let left = 2 * parent + 1
          var best = parent
          if left < heap.count && isBefore(heap[left], heap[best]) { best = left }
          if left + 1 < heap.count && isBefore(heap[left + 1], heap[best]) { best = left + 1 }
          if best == parent { return }
          heap.swapAt(parent, best)
          parent = best
        }
      }
      for index in stride(from: heap.count / 2, through: 0, by: -1) { siftDown(index) }
      var remaining = limit ?? Int.max
      while remaining > 0, let block = heap.first {
        let length = Int(hits[block][positions[block]].length)
        try body(UnsafeBufferPointer(start: bytes[block].map { $0 + offsets[block] }, count: length))
        remaining -= 1
        offsets[block] += length
        positions[block] += 1
        if positions[block] == hits[block].count {
          heap[0] = heap[heap.count - 1]
          heap.removeLast()
        }
        siftDown(0)
      }
    }
  }

  /// How many lines `text` has: its line breaks, and one more for text after the last — what a
  /// block adds to the numbers of the lines after it.
  public static func lineCount(of text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = text.baseAddress else { return 0 }
    var count = 0
    var start = 0
    while start < text.count {
      count += 1
      start = (memchrFast(base + start, 0x0A, text.count - start).map { $0 - base } ?? text.count) + 1
    }
    return count
  }
}

extension StreamingLineFilter.Hit {
  /// How this hit ranks against `other` without their places in the text: negative when it is
  /// better, positive when worse, 0 when only their places can tell them apart.
  @inline(__always)
  func rankOrder(_ other: Self) -> Int {
    if typos != other.typos {
      if (typos == 0) != (other.typos == 0) { return typos == 0 ? -1 : 1 }
      if kind != other.kind { return kind < other.kind ? -1 : 1 }
      return typos < other.typos ? -1 : 1
    }
    if kind != other.kind { return kind < other.kind ? -1 : 1 }
    if score != other.score { return score > other.score ? -1 : 1 }
    if length != other.length { return length < other.length ? -1 : 1 }
    return 0
  }
}
