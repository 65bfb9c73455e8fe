import AutocompleteCore
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `autocomplete filter` over a file or standard input: the input is read in blocks of whole lines
/// (``BlockReader``), each searched on every core while the next is read
/// (``StreamingLineFilter/matches(inBlock:)``), and only the matching lines of a block are kept —
/// a miss holds a few blocks, never the whole input (issue 22). The kept lines are then written
/// best first, 64 KB at a time, with no `String` per line. With `--highlight` each line written is
/// matched again on its own, so highlighting costs a line's worth of memory.
enum StreamingFilter {
  /// Prints the lines of `path` (`-` for standard input) that match `query`, best first, at most
  /// `limit` of them — every line in input order for an empty query — and returns whether any line
  /// matched (also with a limit of 0). With `highlights`, the matched characters are bold.
  /// Unless `strictUTF8`, lines with
  /// invalid UTF-8 or a NUL byte are searched repaired, printed as read, and the first is named in a
  /// warning on standard error.
  /// - Throws: ``InputError`` for unreadable or bad input (naming the line), or
  ///   ``StandardStream/WriteError``.
  static func printMatches(
    of query: String, options: SearchOptions, path: String, limit: Int?, highlights: Bool = false,
    strictUTF8: Bool = true, terminator: UInt8 = 0x0A, separator: UInt8 = 0x0A,
    blockSize: Int = BlockReader.defaultBlockSize
  ) throws -> Bool {
    let reader = try BlockReader(
      path: path, strictUTF8: strictUTF8, terminator: separator, blockSize: blockSize)
    keepsFreedMemoryForReuse()
    if query.isEmpty {
      return try printEveryLine(
        of: reader, path: path, limit: limit, strictUTF8: strictUTF8, terminator: terminator,
        separator: separator)
    }
    var filter = StreamingLineFilter(query, options: options)
    filter.repairsInvalidLines = !strictUTF8
    filter.separator = separator
    let blocks = try search(reader, with: filter)
    if let line = firstRepairedLine(of: blocks) { warn(reader.name, line: line) }
    noteEmpty(reader, path: path)
    var writer = LineWriter(
      highlighting: highlights ? SearchQuery(query, options: options) : nil, terminator: terminator)
    try StreamingLineFilter.forEachLine(in: blocks, limit: limit) { try writer.write($0) }
    try writer.flush()
    return blocks.contains { $0.count > 0 }
  }

  /// Every block of `reader` searched by `filter`, in the input's order: blocks are searched on
  /// every core while the next is read.
  ///
  /// The searchers are threads of their own, one per core, that take the blocks as they come: the
  /// global concurrent queue gave one thread, not two, while the command's own thread (one of the
  /// cooperative pool's) waited on it — a filter of 1M lines ran on one core.
  /// - Throws: ``InputError`` naming the first bad line (with `strictUTF8`), for binary or too much
  ///   input, or when reading fails.
  static func search(
    _ reader: BlockReader, with filter: StreamingLineFilter,
    searchers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws -> [StreamingLineFilter.BlockMatches] {
    let results = BlockResults()
    let queue = BlockQueue()
    let finished = DispatchGroup()
    for _ in 0..<max(searchers, 1) {
      finished.enter()
      Thread.detachNewThread {
        while let (index, block) = queue.take() {
          // Not Result(catching:): its typed throws is newer than Apple's SDK standard library.
          let result: Result<StreamingLineFilter.BlockMatches, LineFilter.InputError>
          do throws(LineFilter.InputError) {
            result = .success(try filter.matches(inBlock: block.bytes))
          } catch {
            result = .failure(error)
          }
          reader.recycle(block)
          results.store(result, at: index)
        }
        finished.leave()
      }
    }
    var stop: BlockReader.Stop?
    do {
      defer {  // the blocks searched borrow the reader's buffers
        queue.close()
        finished.wait()
      }
      while !results.hasFailed, let block = try reader.next() {
        queue.put((results.reserve(), block))
      }
    } catch let error as BlockReader.Stop {
      stop = error
    }
    var blocks: [StreamingLineFilter.BlockMatches] = []
    var linesBefore = 0
    for result in results.take() {
      switch result {
      case .success(let block):
        blocks.append(block)
        linesBefore += block.lineCount
      case .failure(let error):
        throw InputError(description: "\(reader.name): \(error.renumbered(linesBefore: linesBefore))")
      case nil:
        preconditionFailure("every block searched has an answer")
      }
    }
    if let stop { throw failure(stop, name: reader.name, linesBefore: linesBefore) }
    return blocks
  }

  /// An empty query: every line in input order. Unless `strictUTF8`, lines are written as they are
  /// read; otherwise once the whole input is known to be valid.
  static func printEveryLine(
    of reader: BlockReader, path: String, limit: Int?, strictUTF8: Bool, terminator: UInt8,
    separator: UInt8 = 0x0A
  ) throws -> Bool {
    var writer = LineWriter(highlighting: nil, terminator: terminator)
    var kept: [[UInt8]] = []
    var remaining = limit ?? Int.max
    var linesBefore = 0
    var hasLine = false
    var hasWarned = false
    do {
      while let block = try reader.next() {
        defer { reader.recycle(block) }
        let bytes = block.bytes
        hasLine = hasLine || !bytes.isEmpty
        if strictUTF8 {
          var validator = UTF8LineValidator(separator: separator)
          do {
            try validator.check(bytes, isComplete: true)
          } catch {
            throw InputError(description: "\(reader.name): \(error.renumbered(linesBefore: linesBefore))")
          }
          kept.append(Array(bytes))
        } else {
          if !hasWarned, let line = StreamingLineFilter.firstRepairedLine(in: bytes, separator: separator) {
            warn(reader.name, line: linesBefore + line)
            hasWarned = true
          }
          try writer.write(lines: bytes, separator: separator, limit: &remaining)
        }
        linesBefore += StreamingLineFilter.lineCount(of: bytes, separator: separator)
      }
    } catch let stop as BlockReader.Stop {
      throw failure(stop, name: reader.name, linesBefore: linesBefore)
    }
    for bytes in kept {
      try bytes.withUnsafeBufferPointer {
        try writer.write(lines: $0, separator: separator, limit: &remaining)
      }
    }
    try writer.flush()
    noteEmpty(reader, path: path)
    return hasLine
  }

  /// Lets glibc's allocator keep what a block's search frees for the next block's instead of giving
  /// it back to the system and faulting fresh pages in again: every block allocates and frees the
  /// same few arrays (its folded lines, their ranks, its matches), and with the default thresholds
  /// each of those over 128 KiB was a new mapping — 28,000 page faults and a fifth of the time of a
  /// search where every line matches. Peak memory barely moves (the same arrays are reused); blocks
  /// of 64 MiB and more are still mapped apart.
  static func keepsFreedMemoryForReuse() {
    #if canImport(Glibc)
      // `mallopt` is declared in <malloc.h>, which the Glibc module does not bring: found by name.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
      let (trimThreshold, mmapThreshold): (Int32, Int32) = (-1, -3)  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
      _ = mallopt(mmapThreshold, 64 << 20)
      _ = mallopt(trimThreshold, 128 << 20)
    #endif
  }

  /// The number, in the whole input, of the first line searched repaired, if any.
  static func firstRepairedLine(of blocks: [StreamingLineFilter.BlockMatches]) -> Int? {
    var linesBefore = 0
    for block in blocks {
      if let line = block.firstRepairedLine { return linesBefore + line }
      linesBefore += block.lineCount
    }
    return nil
  }

  /// Warns that line `line` of the input is not valid UTF-8 or holds a NUL byte.
  static func warn(_ name: String, line: Int) {
    StandardStream.error(LineReader.badLineWarning(name: name, line: line) + "\n")
  }

  /// Says why `filter QUERY` in a script whose standard input is empty (or closed) finds nothing.
  static func noteEmpty(_ reader: BlockReader, path: String) {
    guard reader.byteCount == 0 && path == "-" else { return }
    StandardStream.error(
      "autocomplete: no lines were read from standard input; give them with --data FILE or a pipe, "
        + "or search the embedded cities with --cities\n")
  }

  /// The message for a reader's `stop` in the line after `linesBefore` lines.
  static func failure(_ stop: BlockReader.Stop, name: String, linesBefore: Int) -> InputError {
    switch stop {
    case .badLine(let error):
      InputError(description: "\(name): \(error.renumbered(linesBefore: linesBefore))")
    case .binary:
      InputError(
        description: "\(name): line \(linesBefore + 1) contains a NUL byte and no line break in its first "
          + "\(LineReader.checkSize >> 20) MiB: binary input is not read")
    }
  }

  /// The blocks read and not yet searched, each with its place in the input, for the searchers to
  /// take in turn. At most as many as the reader has buffers.
  final class BlockQueue: @unchecked Sendable {
    private var blocks: [(Int, BlockReader.Block)] = []
    private var isClosed = false
    private let condition = NSCondition()

    /// Adds a block to search.
    func put(_ block: (Int, BlockReader.Block)) {
      condition.lock()
      blocks.append(block)
      condition.signal()
      condition.unlock()
    }

    /// Says no block will come any more.
    func close() {
      condition.lock()
      isClosed = true
      condition.broadcast()
      condition.unlock()
    }

    /// The next block to search, waiting for one; `nil` once closed and empty.
    func take() -> (Int, BlockReader.Block)? {
      condition.lock()
      defer { condition.unlock() }
      while blocks.isEmpty && !isClosed { condition.wait() }
      return blocks.isEmpty ? nil : blocks.removeFirst()
    }
  }

  /// The blocks' answers, in the input's order, each stored by the thread that searched its block.
  final class BlockResults: @unchecked Sendable {
    private var results: [Result<StreamingLineFilter.BlockMatches, LineFilter.InputError>?] = []
    private var failed = false
    private let lock = NSLock()

    /// Whether a block was refused: reading need not go on.
    var hasFailed: Bool {
      lock.lock()
      defer { lock.unlock() }
      return failed
    }

    /// A place for the next block's answer.
    func reserve() -> Int {
      lock.lock()
      defer { lock.unlock() }
      results.append(nil)
      return results.count - 1
    }

    func store(_ result: Result<StreamingLineFilter.BlockMatches, LineFilter.InputError>, at index: Int) {
      lock.lock()
      defer { lock.unlock() }
      results[index] = result
      if case .failure = result { failed = true }
    }

    func take() -> [Result<StreamingLineFilter.BlockMatches, LineFilter.InputError>?] {
      lock.lock()
      defer { lock.unlock() }
      return results
    }
  }
}
