import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a list of items could not be read.
struct InputError: Error, CustomStringConvertible {
  let description: String
}

/// Reads a file or standard input whole.
enum LineReader {
  /// The whole contents of `path`, or of standard input for `-`.
  /// - Throws: ``InputError`` for a missing, unreadable or directory path.
  static func read(_ path: String) throws -> [UInt8] {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw InputError(description: "\(path): no such file")
      }
      guard !isDirectory.boolValue else { throw InputError(description: "\(path): is a directory") }
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { throw failure(path, errno) }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
    var bytes: [UInt8] = []
    var chunk = size > 0 ? size + 1 : 1 << 20  // a regular file: one read into the right size
    while true {
      var error: Int32 = 0
      let piece = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, initialized in
        let count = Foundation.read(descriptor, buffer.baseAddress!, chunk)
        if count < 0 { error = errno }
        initialized = max(count, 0)
      }
      if error == EINTR { continue }
      if error != 0 { throw failure(path, error) }
      if piece.isEmpty { return bytes }
      if bytes.isEmpty { bytes = piece } else { bytes.append(contentsOf: piece) }
      chunk = 1 << 20
    }
  }

  /// The lines of `path` (or standard input for `-`), checked: no NUL byte, valid UTF-8.
  /// - Throws: ``InputError`` naming the path, and the line for bad content.
  static func lines(_ path: String) throws -> LineFilter {
    do {
      return try LineFilter(utf8: read(path))
    } catch let error as LineFilter.InputError {
      throw InputError(description: "\(name(of: path)): \(error)")
    }
  }

  /// How messages name `path`.
  static func name(of path: String) -> String {
    path == "-" ? "standard input" : path
  }

  private static func failure(_ path: String, _ code: Int32) -> InputError {
    InputError(description: "\(path): cannot be read (\(String(cString: strerror(code))))")
  }
}
