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
/// its first chunk instead of filling memory, a 3 GB file of NUL bytes on its first 16 MB).
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

  /// How many bytes are read (and checked) at a time.
  static let checkSize = 16 << 20

  /// The whole contents of `path`, or of standard input for `-`, checked as it arrives: no NUL
  /// byte, valid UTF-8, at most `maximumByteCount` bytes. Reading stops at the first bad chunk, and
  /// never holds more than the limit (a regular file is refused by its size before any read; a pipe
  /// when it passes the limit, its buffer never grown past it).
  /// - Throws: ``InputError`` for a missing, unreadable or directory path, bad content (naming the
  ///   line) or too much input.
  ///
  /// With `onBadLine`, a NUL byte or invalid UTF-8 does not stop the reading: the first such problem
  /// (naming its line) is passed to it once, and the rest of the input is not checked. Lines end
  /// with `separator` (NUL for `--read0`: then a NUL byte is no problem).
  static func read(
    _ path: String, maximumByteCount: Int = LineFilter.maximumByteCount, separator: UInt8 = 0x0A,
    onBadLine: ((InputError) -> Void)? = nil
  ) throws -> ReadBuffer {
    let descriptor = try openDescriptor(path)
    defer { if descriptor != 0 { close(descriptor) } }
    let size = try regularFileSize(of: descriptor, path: path, maximumByteCount: maximumByteCount)
    let buffer = ReadBuffer()
    // Room that doubles as it fills (in place: see ReadBuffer), up to a regular file's size (and a
    // byte to see its end), and never past one byte over the limit.
    try buffer.reserve(size > 0 ? min(size + 1, checkSize) : chunkSize, name: name(of: path))
    var validator = UTF8LineValidator(separator: separator)
    var isBadLineSeen = false
    var binaryCheck = BinaryCheck()
    while true {
      if buffer.count == buffer.capacity {
        if buffer.count > maximumByteCount { throw tooLarge(path, buffer.count, maximumByteCount) }
        let ceiling = size > 0 && buffer.count <= size ? size + 1 : maximumByteCount + 1
        let grown = min(max(buffer.capacity * 2, buffer.count + chunkSize), ceiling)
        try buffer.reserve(grown, name: name(of: path))
      }
      let count = buffer.read(from: descriptor, limit: checkSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, errno)
      }
      if buffer.count > maximumByteCount { throw tooLarge(path, buffer.count, maximumByteCount) }
      if onBadLine != nil, separator != 0, count > 0 {
        try binaryCheck.take(buffer.bytes, newCount: count, name: name(of: path))
      }
      do {
        if !isBadLineSeen { try validator.check(buffer.bytes, isComplete: count == 0) }
      } catch {
        let problem = InputError(description: "\(name(of: path)): \(error)")
        guard let onBadLine else { throw problem }
        isBadLineSeen = true
        onBadLine(problem)
      }
      if count == 0 { return buffer }
    }
  }

  /// While bad lines are tolerated: refuses input that is binary rather than text — a line that
  /// holds a NUL byte and runs on for more than ``checkSize`` bytes (`/dev/zero`, a disk image) —
  /// so that it fails at once instead of filling memory up to the limit.
  struct BinaryCheck {
    /// Where the line being read starts.
    private var lineStart = 0
    /// Whether that line has a NUL byte so far.
    private var lineHasNUL = false

    /// Takes in the last `newCount` bytes of `text`.
    /// - Throws: ``InputError`` when the current line is binary.
    mutating func take(_ text: UnsafeBufferPointer<UInt8>, newCount: Int, name: String) throws {
      guard let base = text.baseAddress else { return }
      let first = text.count - newCount
      var lastBreak = text.count - 1
      while lastBreak >= first && base[lastBreak] != 0x0A { lastBreak -= 1 }
      let scanFrom = lastBreak >= first ? lastBreak + 1 : first
      if lastBreak >= first {
        lineStart = lastBreak + 1
        lineHasNUL = false
      }
      if !lineHasNUL { lineHasNUL = memchr(base + scanFrom, 0, text.count - scanFrom) != nil }
      guard lineHasNUL, text.count - lineStart > checkSize else { return }
      var line = 1
      var position = 0
      while let found = memchr(base + position, 0x0A, lineStart - position) {
        line += 1
        position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      }
      throw InputError(
        description: "\(name): line \(line) contains a NUL byte and no line break in its first "
          + "\(checkSize >> 20) MiB: binary input is not read")
    }
  }

  /// The warning about the first line that is read repaired (invalid UTF-8 or a NUL byte), for the
  /// input named `name`.
  static func badLineWarning(name: String, line: Int) -> String {
    "autocomplete: warning: \(name): line \(line) is not valid UTF-8 or holds a NUL byte; such lines are "
      + "searched and shown with U+FFFD in place of the bad bytes and printed as read (--strict-utf8 "
      + "refuses them)"
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
