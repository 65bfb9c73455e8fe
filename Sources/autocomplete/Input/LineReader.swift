import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the input — a list of items, or the query — cannot be used.
struct InputError: Error, CustomStringConvertible {
  let description: String
}

/// Reads a file or standard input whole, checking it as it arrives: a NUL byte, invalid UTF-8 or
/// more than ``LineFilter/maximumByteCount`` bytes stop the reading at once (`/dev/zero` fails on
/// its first chunk instead of filling memory).
enum LineReader {
  /// The size of each read from a pipe.
  static let chunkSize = 1 << 20

  /// A descriptor for `path` (0, standard input, for `-`).
  /// - Throws: ``InputError`` for a missing, unreadable or directory path.
  static func openDescriptor(_ path: String) throws -> Int32 {
    guard path != "-" else { return 0 }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(description: "\(path): no such file")
    }
    guard !isDirectory.boolValue else { throw InputError(description: "\(path): is a directory") }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path, errno) }
    return descriptor
  }

  /// The size of the regular file open on `descriptor` (0 for a pipe, a device or an empty file).
  /// - Throws: ``InputError`` when the file is larger than `maximumByteCount`: it is refused before
  ///   anything is read.
  static func regularFileSize(
    of descriptor: Int32, path: String, maximumByteCount: Int = LineFilter.maximumByteCount
  ) throws -> Int {
    var info = stat()
    let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
    if size > maximumByteCount { throw tooLarge(path, size, maximumByteCount) }
    return size
  }

  /// The whole contents of `path`, or of standard input for `-`, checked (see ``lines(_:)``).
  /// - Throws: ``InputError`` for a missing, unreadable or directory path, bad content (naming the
  ///   line) or too much input.
  static func read(_ path: String, maximumByteCount: Int = LineFilter.maximumByteCount) throws -> [UInt8] {
    let descriptor = try openDescriptor(path)
    defer { if descriptor != 0 { close(descriptor) } }
    let size = try regularFileSize(of: descriptor, path: path, maximumByteCount: maximumByteCount)
    var bytes: [UInt8] = []
    var checked = 0
    // A regular file: one read into the right size; a pipe or a device: chunks.
    var chunk = size > 0 ? size + 1 : chunkSize
    while true {
      var error: Int32 = 0
      if bytes.capacity - bytes.count < chunk {
        bytes.reserveCapacity(max(bytes.count * 3 / 2, bytes.count + chunk))
      }
      let start = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + start, chunk)
      }
      if count < 0 { error = errno }
      bytes.removeLast(chunk - max(count, 0))
      if error == EINTR { continue }
      if error != 0 { throw failure(path, error) }
      if count == 0 { return bytes }  // the rest is checked by `LineFilter`
      if bytes.count > maximumByteCount { throw tooLarge(path, bytes.count, maximumByteCount) }
      if size == 0 {  // a pipe or a device: check as it comes (a regular file is checked whole)
        let end = completeSequencesEnd(bytes, from: checked)
        try check(bytes, from: checked, to: end, path: path)
        checked = end
      }
      // A regular file: look for more in what was reserved (no second buffer for the last read).
      chunk = size > 0 && bytes.count <= size ? size + 1 - bytes.count : chunkSize
    }
  }

  /// Where the bytes read so far stop being whole UTF-8 sequences: the end, or the start of a
  /// sequence the next read completes (a look at the last four bytes at most).
  private static func completeSequencesEnd(_ bytes: [UInt8], from start: Int) -> Int {
    let end = bytes.count
    var lead = end - 1
    while lead >= start, end - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= start, bytes[lead] >= 0xC0 else { return end }
    let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
    return end - lead < length ? lead : end
  }

  /// Checks `bytes[from..<to]` (which starts a UTF-8 sequence) for NUL bytes and invalid UTF-8.
  private static func check(_ bytes: [UInt8], from start: Int, to end: Int, path: String) throws {
    guard start < end else { return }
    do {
      _ = try LineFilter(utf8: Array(bytes[start..<end]))
    } catch {
      var linesBefore = 0
      bytes.withUnsafeBufferPointer { buffer in
        var position = 0
        while position < start, let found = memchr(buffer.baseAddress! + position, 0x0A, start - position) {
          linesBefore += 1
          position = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
      }
      let error: LineFilter.InputError =
        switch error {
        case .nulByte(let line): .nulByte(line: line + linesBefore)
        case .invalidUTF8(let line): .invalidUTF8(line: line + linesBefore)
        case .tooLarge: error
        }
      throw InputError(description: "\(name(of: path)): \(error)")
    }
  }

  /// The lines of `path` (or standard input for `-`), checked: no NUL byte, valid UTF-8, at most
  /// ``LineFilter/maximumByteCount`` bytes. With `keepsEmptyLines` off, empty lines are dropped
  /// (in place, after the checks) — they cost memory and never match a non-empty query.
  /// - Throws: ``InputError`` naming the path, and the line for bad content.
  static func lines(_ path: String, keepsEmptyLines: Bool = true) throws -> LineFilter {
    do {
      var bytes = try read(path)
      if !keepsEmptyLines {
        try LineFilter.validate(utf8: bytes)  // name bad lines by their number in the input
        removeEmptyLines(&bytes)
      }
      return try LineFilter(utf8: bytes)
    } catch let error as LineFilter.InputError {
      throw InputError(description: "\(name(of: path)): \(error)")
    }
  }

  /// Removes empty lines (`\n` or `\r\n` alone) in place.
  static func removeEmptyLines(_ bytes: inout [UInt8]) {
    var write = 0
    var read = 0
    let count = bytes.count
    bytes.withUnsafeMutableBufferPointer { buffer in
      while read < count {
        var end = read
        while end < count && buffer[end] != 0x0A { end += 1 }
        let isEmpty = end == read || (end == read + 1 && buffer[read] == 0x0D)
        let next = min(end + 1, count)
        if !isEmpty {
          if write != read { for index in read..<next { buffer[write + index - read] = buffer[index] } }
          write += next - read
        }
        read = next
      }
    }
    bytes.removeSubrange(write...)
  }

  /// How messages name `path`.
  static func name(of path: String) -> String {
    path == "-" ? "standard input" : path
  }

  private static func failure(_ path: String, _ code: Int32) -> InputError {
    InputError(description: "\(name(of: path)): cannot be read (\(String(cString: strerror(code))))")
  }

  private static func tooLarge(_ path: String, _ count: Int, _ maximum: Int) -> InputError {
    InputError(
      description: "\(name(of: path)): more than \(maximum) bytes; inputs over 4 GiB are not supported")
  }
}
