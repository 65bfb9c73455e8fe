import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a file or of standard input, read on a background thread while the picker runs:
/// each block of complete lines is checked (NUL, UTF-8), stripped of empty lines, folded once
/// (``LineIndex``) and appended, and ``onChange`` is called (at most every ``publishInterval``) so
/// that the picker searches again and shows the count. Searches see the blocks read so far.
///
/// A line that is not valid UTF-8 or holds a NUL byte is indexed and shown with U+FFFD in place of
/// each bad sequence and NUL byte (as `filter` searches it), its original bytes kept for the pick,
/// and the first is named in ``Progress/repairedLine``; unless ``repairsInvalidLines`` is off
/// (`--strict-utf8`): then reading stops there. Lines may also be items ended by NUL bytes
/// (``separator``, `--read0`), which may hold line breaks.
///
/// Memory: the text, its folded copy and 12 bytes per non-empty line (where it ends in the text and
/// in the folded copy, and its rank); empty lines cost nothing. While reading, a block is never held
/// twice: at most one incomplete line is copied. What is kept is limited by its own size,
/// ``maximumStoredByteCount`` (4 GiB by default; the folded copy and the index are counted, and folding can make text
/// longer), not by the input's: reading stops there, and the lines read stay searchable.
final class LineStream: @unchecked Sendable {
  /// The size of one read.
  static let readSize = 1 << 20
  /// A block is indexed once it holds this many bytes (or at the end of input).
  static let blockSize = 4 << 20
  /// The shortest time between two ``onChange`` calls while reading.
  static let publishInterval: Duration = .milliseconds(150)
  /// The most bytes the indexed blocks may keep by default (``LineIndex/byteCount``): 4 GiB.
  static let defaultMaximumStoredByteCount = 4 << 30
  /// The most bytes the indexed blocks may keep.
  let maximumStoredByteCount: Int

  /// How the stream is named in messages ("standard input", a path).
  let name: String
  /// The byte that ends each line: `\n`, or NUL for `--read0`.
  let separator: UInt8
  /// Whether bad lines are read repaired (the default) rather than stopping the reading.
  let repairsInvalidLines: Bool
  /// fzf's `--nth`/`--with-nth`: each line is indexed by its search text, its bytes kept for the
  /// pick (see ``LineFields``); `nil` for whole lines.
  var fields: LineFields?
  /// Guards everything below.
  private let lock = NSLock()
  /// The indexed blocks, in input order.
  private var blocks: [LineIndex] = []
  /// For each block, the original bytes of its lines indexed repaired, by line number in the block.
  private var originals: [[Int: [UInt8]]?] = []
  /// The number (from 1, empty lines counted) of the first line read repaired.
  private var repairedLine: Int?
  /// The number of lines before each block.
  private var offsets: [Int] = []
  /// The number of (non-empty) lines read.
  private var lineCount = 0
  /// The bytes the blocks keep.
  private var storedByteCount = 0
  /// Whether the input ended (or reading stopped at an error).
  private var isFinished = false
  /// Why reading stopped early, if it did.
  private var failure: String?
  /// Signalled when reading finishes.
  private let finished = DispatchSemaphore(value: 0)
  /// What ``onChange`` holds.
  private var changeHandler: (@Sendable () -> Void)?

  /// Called on the reading thread after new lines (at most every ``publishInterval``) and at the end.
  var onChange: (@Sendable () -> Void)? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return changeHandler
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      changeHandler = newValue
    }
  }

  /// Creates a stream for the input named `name` that keeps at most `maximumStoredByteCount` bytes,
  /// of lines ended by `separator`; bad lines are read repaired unless `repairsInvalidLines` is off.
  init(
    name: String, maximumStoredByteCount: Int = LineStream.defaultMaximumStoredByteCount,
    separator: UInt8 = 0x0A, repairsInvalidLines: Bool = true
  ) {
    self.name = name
    self.maximumStoredByteCount = maximumStoredByteCount
    self.separator = separator
    self.repairsInvalidLines = repairsInvalidLines
  }

  /// What has been read so far.
  struct Progress: Sendable, Equatable {
    /// The non-empty lines read.
    var lineCount: Int
    /// Whether reading has finished.
    var isFinished: Bool
    /// Why reading stopped early.
    var failure: String?
    /// The number (from 1, empty lines counted) of the first line that is not valid UTF-8 or holds
    /// a NUL byte, read repaired.
    var repairedLine: Int?
  }

  /// The progress so far.
  var progress: Progress {
    lock.lock()
    defer { lock.unlock() }
    return Progress(
      lineCount: lineCount, isFinished: isFinished, failure: failure, repairedLine: repairedLine)
  }

  /// The warning about the first line read repaired, if any.
  var repairWarning: String? {
    progress.repairedLine.map { LineReader.badLineWarning(name: name, line: $0) }
  }

  /// The blocks read so far and the number of lines before each.
  func snapshot() -> (blocks: [LineIndex], offsets: [Int]) {
    lock.lock()
    defer { lock.unlock() }
    return (blocks, offsets)
  }

  /// The bytes of line `number` (from 0, counting the non-empty lines read), without its line break,
  /// as read (a line read repaired gives its original bytes); `nil` when no such line has been read.
  /// No copy is made: a pick of a 100 MB line prints it from here.
  func bytes(ofLine number: Int) -> ArraySlice<UInt8>? {
    let (blocks, offsets, originals) = lock.withLock { (self.blocks, self.offsets, self.originals) }
    guard let block = Self.block(holding: number, offsets: offsets),
      number - offsets[block] < blocks[block].count
    else { return nil }
    if let original = originals[block]?[number - offsets[block]] { return original[...] }
    let lines = blocks[block].lines
    return lines.utf8[lines.byteRange(of: number - offsets[block])]
  }

  /// The block holding line `number`, given the number of lines before each block (sorted), or
  /// `nil` before the first; a binary search.
  static func block(holding number: Int, offsets: [Int]) -> Int? {
    var (low, high) = (0, offsets.count)  // the first block starting after `number` is in low...high
    while low < high {
      let middle = (low + high) / 2
      if offsets[middle] <= number { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  /// Blocks until reading has finished.
  func waitUntilFinished() {
    finished.wait()
    finished.signal()
  }

  /// Opens `path` (`-` for standard input) and starts reading it on a new thread.
  /// - Throws: ``InputError`` when the path is missing, a directory or unreadable, or a file larger
  ///   than ``LineFilter/maximumByteCount`` (refused before reading; a pipe stops when it passes it).
  static func open(
    _ path: String, maximumStoredByteCount: Int = defaultMaximumStoredByteCount, separator: UInt8 = 0x0A,
    repairsInvalidLines: Bool = true, fields: LineFields? = nil
  ) throws -> LineStream {
    let descriptor = try LineReader.openDescriptor(path)
    do {
      _ = try LineReader.regularFileSize(of: descriptor, path: path)
    } catch {
      if descriptor != 0 { close(descriptor) }
      throw error
    }
    let stream = LineStream(
      name: LineReader.name(of: path), maximumStoredByteCount: maximumStoredByteCount, separator: separator,
      repairsInvalidLines: repairsInvalidLines)
    stream.fields = fields
    return stream.started(descriptor: descriptor)
  }

  /// Starts the reading thread.
  private func started(descriptor: Int32) -> LineStream {
    Thread.detachNewThread { [self] in
      read(descriptor)
      if descriptor != 0 { close(descriptor) }
    }
    return self
  }

  /// Reads until the end of input (or the first bad line, without ``repairsInvalidLines``).
  private func read(_ descriptor: Int32) {
    let clock = ContinuousClock()
    var lastPublished = clock.now
    var pending: [UInt8] = []
    var lineEnd = 0  // the end of the last complete line in `pending` (after its separator)
    var lineHasNUL = false  // whether the line being read (after `lineEnd`) has a NUL byte
    var linesBefore = 0  // all lines, empty ones included, for messages
    var total = 0
    var ended = false
    var chunk = [UInt8](repeating: 0, count: Self.readSize)
    while !ended {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, Self.readSize) }
      if count < 0 {
        if errno == EINTR { continue }
        finish(failure: "\(name): cannot be read (\(String(cString: strerror(errno))))")
        return
      }
      ended = count == 0
      let appendedFrom = pending.count
      pending.append(contentsOf: chunk.prefix(count))
      // Only the new bytes are searched for a line break, so a huge line costs one pass.
      if let last = pending[appendedFrom...].lastIndex(of: separator) {
        lineEnd = last + 1
        lineHasNUL = false
      }
      if separator != 0 && !lineHasNUL { lineHasNUL = pending[max(appendedFrom, lineEnd)...].contains(0) }
      if lineHasNUL && pending.count - lineEnd > LineReader.checkSize {
        // Binary rather than text (/dev/zero, a disk image): refused at once, as filter does.
        finish(
          failure:
            "\(name): line \(linesBefore + Self.lineCount(pending[..<lineEnd], separator) + 1) contains "
            + "a NUL byte and no line break in its first \(LineReader.checkSize >> 20) MiB: binary input is "
            + "not read")
        return
      }
      total += count
      if total > LineFilter.maximumByteCount {
        finish(
          failure:
            "\(name): more than \(LineFilter.maximumByteCount) bytes; inputs over 4 GiB are not supported")
        return
      }
      // Index when a block is full, at the end, or when the input pauses (nothing more to read
      // within the publish interval), so that slow input shows at once.
      let wait = Self.publishInterval - (clock.now - lastPublished)
      let pauses = !ended && pending.count < Self.blockSize && !Self.isReadable(descriptor, within: wait)
      guard ended || pending.count >= Self.blockSize || pauses else { continue }
      // Index the complete lines (all of them at the end).
      let end = ended ? pending.count : lineEnd
      guard end > 0 else { continue }
      // Copy the smaller side: the block when it is short, else the incomplete line after it, so
      // that a huge line is never held twice (and `pending`'s buffer does not outlive it).
      let block: [UInt8]
      if end * 2 < pending.count {
        block = Array(pending[..<end])
        pending.removeFirst(end)
      } else {
        let rest = Array(pending[end...])
        pending.removeLast(pending.count - end)
        block = pending
        pending = rest
      }
      lineEnd = 0
      do {
        let indexed: IndexedBlock
        if let fields {
          indexed = try Self.fieldIndex(block, separator: separator, fields: fields)
        } else {
          indexed = try Self.index(block, separator: separator, repairs: repairsInvalidLines)
        }
        append(indexed.index, originals: indexed.originals)
        if let repaired = indexed.firstRepairedLine { noteRepaired(line: linesBefore + repaired) }
        linesBefore += indexed.lineCount
        if stored > maximumStoredByteCount {
          finish(
            failure: "\(name): reading stopped after line \(linesBefore) (\(total) bytes read): the lines "
              + "with their folded copy and index take \(stored) bytes, and pick keeps at most "
              + "\(maximumStoredByteCount)")
          return
        }
      } catch {
        let message: String
        var badLine: Int?
        switch error {
        case .nulByte(let line):
          message = "line \(linesBefore + line) contains a NUL byte"
          badLine = line
        case .invalidUTF8(let line):
          message = "line \(linesBefore + line) is not valid UTF-8"
          badLine = line
        case .foldedTooLarge(let line):  // counted among the block's non-empty lines
          message = "\(LineFilter.InputError.foldedTooLarge(line: linesBefore + line))"
        case .tooLarge: message = "\(error)"
        }
        // The lines before the bad one may have come in the same read: they stay searchable.
        if let badLine,
          let indexed = try? Self.index(
            Self.prefix(of: block, lines: badLine - 1, separator: separator), separator: separator,
            repairs: false)
        {
          append(indexed.index, originals: nil)
          onChange?()
        }
        finish(failure: "\(name): \(message); reading stopped there")
        return
      }
      lastPublished = clock.now
      onChange?()
    }
    finish(failure: nil)
  }

  /// Whether `descriptor` has input within `duration` (at once when it is zero or less).
  private static func isReadable(_ descriptor: Int32, within duration: Duration) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    let milliseconds = Int32(max(0, duration / .milliseconds(1)))
    return poll(&descriptors, 1, milliseconds) > 0
  }

  /// A block of complete lines, indexed.
  struct IndexedBlock {
    /// Its non-empty lines, indexed.
    var index: LineIndex
    /// Its line count, empty lines included (for messages).
    var lineCount: Int
    /// The original bytes of the lines indexed repaired, by their number in ``index``.
    var originals: [Int: [UInt8]]? = nil
    /// The number (from 1, in the block, empty lines counted) of the first line indexed repaired.
    var firstRepairedLine: Int? = nil
  }

  /// The index of a block of complete lines ended by `separator`, without its empty lines; with
  /// `repairs`, bad lines are indexed repaired instead of failing.
  /// - Throws: ``LineFilter/InputError`` for a bad line (without `repairs`), or folding past 4 GiB.
  static func index(_ block: [UInt8], separator: UInt8, repairs: Bool) throws(LineFilter.InputError)
    -> IndexedBlock
  {
    let lines: LineFilter
    do {
      lines = try LineFilter(utf8: block, separator: separator)
    } catch {
      switch error {
      case .nulByte where repairs, .invalidUTF8 where repairs:
        return try repairedIndex(block, separator: separator)
      default: throw error
      }
    }
    let hasEmptyLines = (0..<lines.count).contains { lines.byteRange(of: $0).isEmpty }
    let kept =
      hasEmptyLines ? try LineFilter(utf8: Self.withoutEmptyLines(lines), separator: separator) : lines
    return IndexedBlock(index: try LineIndex(kept), lineCount: lines.count)
  }

  /// The index of a block that has bad lines: each is indexed with U+FFFD in place of each bad
  /// sequence and NUL byte (``StreamingLineFilter/repairedLine(_:)``, as `filter` searches it) and
  /// its original bytes kept; empty lines are left out.
  private static func repairedIndex(_ block: [UInt8], separator: UInt8) throws(LineFilter.InputError)
    -> IndexedBlock
  {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(block.count + block.count / 8)
    var originals: [Int: [UInt8]] = [:]
    var firstRepaired: Int?
    let lineCount = forEachNonEmptyLine(in: block, separator: separator) { line, number, kept in
      if (try? LineFilter.validate(utf8: line, separator: separator)) != nil {
        bytes.append(contentsOf: line)
      } else {
        originals[kept] = line
        bytes.append(contentsOf: line.withUnsafeBufferPointer { StreamingLineFilter.repairedLine($0) })
        firstRepaired = firstRepaired ?? number
      }
      bytes.append(separator)
    }
    let lines = try LineFilter(utf8: bytes, separator: separator)
    return IndexedBlock(
      index: try LineIndex(lines), lineCount: lineCount, originals: originals,
      firstRepairedLine: firstRepaired)
  }

  /// Calls `body` with each non-empty line of `block` (without its `separator`, nor a carriage
  /// return before a line feed), its number among every line (from 1, for messages) and among the
  /// non-empty ones (from 0, as an index numbers them); returns how many lines there are.
  static func forEachNonEmptyLine(
    in block: [UInt8], separator: UInt8, _ body: (_ line: [UInt8], _ number: Int, _ kept: Int) -> Void
  ) -> Int {
    var lineCount = 0
    var kept = 0
    var start = 0
    while start < block.count {
      let end = block[start...].firstIndex(of: separator) ?? block.count
      var stop = end
      if separator == 0x0A && stop > start && block[stop - 1] == 0x0D { stop -= 1 }
      lineCount += 1
      let line = Array(block[start..<stop])
      start = end + 1
      guard !line.isEmpty else { continue }
      body(line, lineCount, kept)
      kept += 1
    }
    return lineCount
  }

  /// The number of `separator` bytes in `bytes`.
  private static func lineCount(_ bytes: ArraySlice<UInt8>, _ separator: UInt8) -> Int {
    bytes.reduce(0) { $0 + ($1 == separator ? 1 : 0) }
  }

  /// The first `count` lines of `block` (up to and with the `count`-th `separator`).
  private static func prefix(of block: [UInt8], lines count: Int, separator: UInt8) -> [UInt8] {
    guard count > 0 else { return [] }
    var seen = 0
    for (offset, byte) in block.enumerated() where byte == separator {
      seen += 1
      if seen == count { return Array(block[...offset]) }
    }
    return block
  }

  /// The non-empty lines of `lines`, one separator after each.
  private static func withoutEmptyLines(_ lines: LineFilter) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.utf8.count)
    for line in 0..<lines.count {
      let range = lines.byteRange(of: line)
      guard !range.isEmpty else { continue }
      bytes.append(contentsOf: lines.utf8[range])
      bytes.append(lines.separator)
    }
    return bytes
  }

  /// Adds an indexed block, with the original bytes of its lines indexed repaired.
  private func append(_ index: LineIndex, originals: [Int: [UInt8]]?) {
    guard index.count > 0 else { return }
    lock.lock()
    defer { lock.unlock() }
    offsets.append(lineCount)
    blocks.append(index)
    self.originals.append(originals)
    lineCount += index.count
    storedByteCount += index.byteCount + (originals?.values.reduce(0) { $0 + $1.count } ?? 0)
  }

  /// Notes line `line` (from 1, empty lines counted) as read repaired, if it is the first.
  private func noteRepaired(line: Int) {
    lock.lock()
    defer { lock.unlock() }
    if repairedLine == nil { repairedLine = line }
  }

  /// The bytes the blocks keep.
  private var stored: Int {
    lock.lock()
    defer { lock.unlock() }
    return storedByteCount
  }

  /// Marks the end of reading.
  private func finish(failure: String?) {
    lock.lock()
    isFinished = true
    self.failure = failure
    lock.unlock()
    finished.signal()
    onChange?()
  }
}
