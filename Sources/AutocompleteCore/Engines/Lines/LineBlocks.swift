import Foundation

/// Lines held in blocks, each a ``LineIndex`` — a file or a pipe indexed block by block while it is
/// read — and searched on every core: each block answers its best lines and its match count on a
/// thread of its own, and the answers are merged by the standard ranking (no typo before typos,
/// kind, fewer typos, score, shorter line, earlier line). Line numbers count from the first line of
/// the first block.
///
/// ```swift
/// let blocks = LineBlocks([first, second])  // two LineIndex values
/// let (lines, total, narrowing) = try blocks.rankedLines(for: "sao", options: options, after: nil)
/// // next keystroke: pass `narrowing` back, and only the lines that matched are searched again
/// ```
public struct LineBlocks: Sendable {
  /// The blocks, in input order.
  public let blocks: [LineIndex]
  /// The number of lines before each block.
  public let offsets: [Int]

  /// The blocks `blocks`, numbered from the first line of the first.
  public init(_ blocks: [LineIndex]) {
    var offsets: [Int] = []
    offsets.reserveCapacity(blocks.count)
    var lineCount = 0
    for block in blocks {
      offsets.append(lineCount)
      lineCount += block.count
    }
    self.blocks = blocks
    self.offsets = offsets
  }

  /// The number of lines in every block.
  public var count: Int { (offsets.last ?? 0) + (blocks.last?.count ?? 0) }

  /// The best ``SearchOptions/limit`` lines for `query` among every block (each block searched on
  /// its own thread, as ``LineIndex/rankedLines(for:options:after:)`` searches one), how many lines
  /// match in all, and the search to pass with the next keystroke: given the one before
  /// (`previous`), each block that it searched and that this query narrows searches only the lines
  /// that matched there. Blocks added since are searched whole.
  /// - Throws: `CancellationError` when the calling task is cancelled; the first block's error
  ///   (in input order) when one cannot be searched.
  public func rankedLines(for query: String, options: SearchOptions, after previous: Narrowing?) throws
    -> (lines: [RankedLine], total: Int, search: Narrowing)
  {
    let answers = BlockAnswers(count: blocks.count)
    let before = previous?.searches ?? []
    let blocks = self.blocks
    DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
      let after = index < before.count ? before[index] : nil
      answers.store(
        Result { try blocks[index].rankedLines(for: query, options: options, after: after) }, at: index)
    }
    try Task.checkCancellation()
    var runs: [[RankedLine]] = []
    runs.reserveCapacity(blocks.count)
    var total = 0
    var searches: [LineIndex.NarrowingSearch?] = []
    searches.reserveCapacity(blocks.count)
    for (answer, offset) in zip(answers.taken(), offsets) {
      let (lines, count, search) = try answer.get()
      total += count
      searches.append(search)
      runs.append(
        lines.map { ranked in
          var ranked = ranked
          ranked.line += offset
          return ranked
        })
    }
    return (RankedLine.merged(runs, limit: options.limit), total, Narrowing(searches: searches))
  }

  /// What a search of ``LineBlocks`` leaves for the next keystroke: each block's
  /// ``LineIndex/NarrowingSearch``.
  public struct Narrowing: Sendable {
    let searches: [LineIndex.NarrowingSearch?]
  }

  /// The answers of blocks searched at once, each stored by the one thread that searched it.
  private final class BlockAnswers: @unchecked Sendable {
    typealias Answer = Result<(lines: [RankedLine], total: Int, search: LineIndex.NarrowingSearch), any Error>
    private let lock = NSLock()
    private var answers: [Answer?]

    init(count: Int) { answers = Array(repeating: nil, count: count) }

    func store(_ answer: Answer, at index: Int) {
      lock.withLock { answers[index] = answer }
    }

    /// Every block's answer; called after every block was searched.
    func taken() -> [Answer] {
      lock.withLock { answers.map { $0 ?? .failure(CancellationError()) } }
    }
  }
}
