import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The last lines of a history file, read from its end: only what `--history-size` keeps is read,
/// so a history of a gigabyte opens as fast, and in as little memory, as one of a thousand lines.
///
/// Reads 64 KiB blocks backwards until the blocks hold one line break more than the lines kept (the
/// first, partial line is dropped) or ``byteBudget`` bytes were read; cost O(bytes kept).
enum HistoryTail {
  /// The most bytes read from a history's end (lines before them are dropped, as if older than
  /// `--history-size`).
  static let byteBudget = 16 << 20

  /// The last `count` lines of the file at `path` (empty ones left out), and whether the file held
  /// more than that (it is rewritten at that size then); `nil` when the file does not exist.
  /// - Throws: the system's reason, as a string, when it cannot be read.
  static func read(_ path: String, keeping count: Int, budget: Int = byteBudget) throws(HistoryTailError)
    -> (lines: [String], isTrimmed: Bool)?
  {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw HistoryTailError(reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw HistoryTailError(reason: String(cString: strerror(errno)))
    }
    let size = Int(status.st_size)
    var blocks: [[UInt8]] = []
    var start = size
    var breaks = 0
    let blockSize = 64 * 1024
    while start > 0 && breaks <= count && size - start < budget {
      let length = min(blockSize, start, budget - (size - start))
      start -= length
      var block = [UInt8](repeating: 0, count: length)
      var done = 0
      while done < length {
        let got = block.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress! + done, length - done, off_t(start + done))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else {
          throw HistoryTailError(
            reason: got == 0 ? "the file shrank while read" : String(cString: strerror(errno)))
        }
        done += got
      }
      breaks += block.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      blocks.append(block)
    }
    var bytes = Array(blocks.reversed().joined())
    if start > 0 {  // the first line is partial: it starts before what was read
      let firstBreak = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
      bytes.removeFirst(firstBreak)
    }
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
      .map { String(decoding: $0, as: UTF8.self) }
    return (Array(lines.suffix(count)), start > 0 || lines.count > count)
  }
}

/// Why ``HistoryTail`` could not read a file: the system's reason.
struct HistoryTailError: Error {
  /// The reason ("Permission denied").
  var reason: String
}
