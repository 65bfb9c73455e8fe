import Foundation

/// Why a list of items could not be read.
struct InputError: Error, CustomStringConvertible {
  let description: String
}

/// Reads one item per line from a file or standard input, refusing what is not text.
enum LineReader {
  /// Reads `path` (or standard input for `-`) and splits it into lines. A trailing `\r` is
  /// dropped; a final empty line is not an item.
  /// - Throws: ``InputError`` for a missing, unreadable or directory path, invalid UTF-8 or a NUL
  ///   byte, naming the line.
  static func lines(from path: String) throws -> [String] {
    let bytes = try read(path)
    return try split(bytes, source: path == "-" ? "standard input" : path)
  }

  static func read(_ path: String) throws -> [UInt8] {
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw InputError(description: "\(path): no such file")
      }
      guard !isDirectory.boolValue else { throw InputError(description: "\(path): is a directory") }
      guard let opened = FileHandle(forReadingAtPath: path) else {
        throw InputError(description: "\(path): cannot be read")
      }
      handle = opened
    }
    do {
      return [UInt8](try handle.readToEnd() ?? Data())
    } catch {
      throw InputError(description: "\(path): cannot be read (\(error.localizedDescription))")
    }
  }

  /// Splits validated UTF-8 into lines.
  static func split(_ bytes: [UInt8], source: String) throws -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(bytes.count / 12)
    try bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      var number = 1
      while start < buffer.count {
        var end = start
        while end < buffer.count && buffer[end] != UInt8(ascii: "\n") { end += 1 }
        var lineEnd = end
        if lineEnd > start && buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
        if line.contains(0) {
          throw InputError(description: "\(source): line \(number) contains a NUL byte")
        }
        guard let text = validated(line) else {
          throw InputError(description: "\(source): line \(number) is not valid UTF-8")
        }
        lines.append(text)
        start = end + 1
        number += 1
      }
    }
    return lines
  }

  /// The line as a string, or `nil` when it is not valid UTF-8.
  private static func validated(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    if line.allSatisfy({ $0 < 0x80 }) { return String(decoding: line, as: UTF8.self) }
    var iterator = line.makeIterator()
    var decoder = UTF8()
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: break loop
      case .error: return nil
      }
    }
    return String(decoding: line, as: UTF8.self)
  }
}
