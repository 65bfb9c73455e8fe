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

/// What `filter` (``BlockReader``) and `pick` (``LineStream``) share to read a file or standard
/// input: opening it, refusing a regular file over the limit before any read, how messages name it,
/// and the warning about a line read repaired.
enum LineReader {
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
