import AutocompleteCore
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or standard input as blocks of whole lines, for a search that keeps nothing of a
/// block once it is searched but its matches (issue 22): `filter` holds a few blocks at a time,
/// never the whole input.
///
/// A block is about ``blockSize`` bytes cut after its last `terminator`; a longer line grows its
/// block until the line ends. The blocks live in a few buffers that the reader lends and takes
/// back (``recycle(_:)``): ``next()`` waits while every buffer is being searched, so reading never
/// runs more than a few blocks ahead of the search. As ``LineReader`` does, it refuses a regular
/// file over the limit before reading it and a pipe as it passes the limit, and a line that runs on
/// without a terminator is checked as it grows: with `strictUTF8` it stops at its first NUL byte or
/// invalid UTF-8, otherwise once it holds a NUL byte and passes ``LineReader/checkSize`` (binary
/// input such as `/dev/zero`).
final class BlockReader: @unchecked Sendable {
  /// Whole lines of input, in memory lent by the reader until ``BlockReader/recycle(_:)``.
  struct Block: @unchecked Sendable {
    let buffer: Int
    let base: UnsafeMutablePointer<UInt8>
    let count: Int

    /// The block's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
  }

  /// Why reading stopped in the line after the last block given: a problem of that line, which is
  /// named by its number in the whole input — one more than the lines of the blocks before.
  enum Stop: Error {
    /// With `strictUTF8`: its NUL byte or invalid UTF-8 (numbered 1).
    case badLine(LineFilter.InputError)
    /// A NUL byte and no terminator in its first ``LineReader/checkSize`` bytes.
    case binary
  }

  /// The bytes a block is cut from, at least: small enough that the blocks in flight and what their
  /// search allocates stay small next to the kept matches (128 KiB cost 0.8 MB more at the peak of a
  /// search keeping 317,000 lines), large enough that a block's fixed costs stay unseen.
  static let defaultBlockSize = 1 << 16

  let name: String
  let blockSize: Int
  let terminator: UInt8
  let strictUTF8: Bool
  let maximumByteCount: Int
  private let descriptor: Int32
  /// The buffers, each allocated on first use and grown for a long line.
  private var buffers: [(base: UnsafeMutablePointer<UInt8>?, capacity: Int)]
  /// The buffers not lent out (guarded by `lock`).
  private var idle: [Int]
  private let lock = NSLock()
  /// Counts the idle buffers.
  private let available: DispatchSemaphore
  /// The start of the line after the last block given, carried to the next block.
  private var carry: [UInt8] = []
  private var isAtEnd = false
  /// How many bytes have been read.
  private(set) var byteCount = 0

  /// Opens `path` (`-` for standard input).
  /// - Throws: ``InputError`` for a missing, unreadable or directory path, or a regular file over
  ///   `maximumByteCount` bytes.
  init(
    path: String, strictUTF8: Bool, terminator: UInt8 = 0x0A, blockSize: Int = defaultBlockSize,
    bufferCount: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
    maximumByteCount: Int = LineFilter.maximumByteCount
  ) throws {
    name = LineReader.name(of: path)
    self.strictUTF8 = strictUTF8
    self.terminator = terminator
    self.blockSize = max(blockSize, 1)
    self.maximumByteCount = maximumByteCount
    descriptor = try LineReader.openDescriptor(path)
    do {
      _ = try LineReader.regularFileSize(of: descriptor, path: path, maximumByteCount: maximumByteCount)
    } catch {
      if descriptor != 0 { close(descriptor) }
      throw error
    }
    let count = max(bufferCount, 2)
    buffers = Array(repeating: (nil, 0), count: count)
    idle = Array(0..<count)
    available = DispatchSemaphore(value: count)
  }

  deinit {
    if descriptor != 0 { close(descriptor) }
    for buffer in buffers { free(buffer.base) }
  }

  /// The next block, or `nil` at the end of input; waits for an idle buffer.
  /// - Throws: ``Stop`` for a bad line that has no terminator yet, ``InputError`` when reading fails
  ///   or the input passes ``maximumByteCount`` bytes.
  func next() throws -> Block? {
    if isAtEnd && carry.isEmpty { return nil }
    available.wait()
    lock.lock()
    let buffer = idle.removeLast()
    lock.unlock()
    do {
      return try fill(buffer)
    } catch {
      give(back: buffer)
      throw error
    }
  }

  /// Takes back the buffer of `block` (from any thread).
  func recycle(_ block: Block) { give(back: block.buffer) }

  private func give(back buffer: Int) {
    lock.lock()
    idle.append(buffer)
    lock.unlock()
    available.signal()
  }

  /// Reads into `buffer` (after the carried line start) until it holds a whole line and is full,
  /// or the input ends; lends the whole lines and carries the rest.
  private func fill(_ buffer: Int) throws -> Block? {
    try reserve(buffer, max(blockSize, carry.count + blockSize / 2))
    var base = buffers[buffer].base!
    var count = carry.count
    carry.withUnsafeBufferPointer {
      _ = UnsafeMutableBufferPointer(start: base, count: count).update(fromContentsOf: $0)
    }
    carry.removeAll(keepingCapacity: true)
    var hasGrown = false
    while !isAtEnd {
      if count == buffers[buffer].capacity {
        if lastTerminator(in: base, count: count) != nil { break }
        // One line fills the buffer: check what it holds so far, then make room for more.
        try checkUnfinishedLine(UnsafeBufferPointer(start: base, count: count))
        try reserve(buffer, min(count * 2, maximumByteCount + 1))
        base = buffers[buffer].base!
        hasGrown = true
      }
      let read = systemRead(descriptor, base + count, buffers[buffer].capacity - count)
      if read < 0 {
        if errno == EINTR { continue }
        throw InputError(description: "\(name): cannot be read (\(String(cString: strerror(errno))))")
      }
      if read == 0 {
        isAtEnd = true
        break
      }
      count += read
      byteCount += read
      if byteCount > maximumByteCount {
        throw InputError(
          description: "\(name): more than \(maximumByteCount) bytes; inputs over 4 GiB are not supported")
      }
    }
    if count == 0 {
      give(back: buffer)
      return nil
    }
    if hasGrown {
      // The long line that made the buffer grow, once it has ended (or the input has).
      let lineEnd = memchr(base, Int32(terminator), count).map {
        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      }
      try checkUnfinishedLine(UnsafeBufferPointer(start: base, count: lineEnd ?? count))
    }
    var end = count
    if !isAtEnd, let last = lastTerminator(in: base, count: count) {
      end = last + 1
      carry.append(contentsOf: UnsafeBufferPointer(start: base + end, count: count - end))
    }
    return Block(buffer: buffer, base: base, count: end)
  }

  /// Where the last terminator of the `count` bytes at `base` is, eight bytes at a time.
  private func lastTerminator(in base: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
    let pattern = UInt64(terminator) &* 0x0101_0101_0101_0101
    var end = count
    while end >= 8 {
      let word = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self) ^ pattern
      // Some byte of the word is the terminator: find it from the end.
      if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
      end -= 8
    }
    while end > 0 {
      end -= 1
      if base[end] == terminator { return end }
    }
    return nil
  }

  /// Checks a line that has no terminator yet, `line` being all of it so far.
  /// - Throws: ``Stop``.
  private func checkUnfinishedLine(_ line: UnsafeBufferPointer<UInt8>) throws {
    if strictUTF8 {
      var validator = UTF8LineValidator(separator: terminator)
      do {
        try validator.check(line, isComplete: false)
      } catch {
        throw Stop.badLine(error)
      }
    } else if line.count > LineReader.checkSize, let base = line.baseAddress,
      memchr(base, 0, line.count) != nil
    {
      throw Stop.binary
    }
  }

  /// Grows `buffer` to at least `capacity` bytes.
  private func reserve(_ buffer: Int, _ capacity: Int) throws {
    guard capacity > buffers[buffer].capacity else { return }
    guard let grown = realloc(buffers[buffer].base, capacity) else {
      throw InputError(description: "\(name): not enough memory for \(capacity) bytes")
    }
    buffers[buffer] = (grown.assumingMemoryBound(to: UInt8.self), capacity)
  }
}

/// `read(2)` (``BlockReader`` has no method of that name, but keeps the C function apart).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
