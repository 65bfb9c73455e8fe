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

/// Reads one item per line from a file or standard input, refusing what is not text.
enum LineReader {
  /// Reads `path` (or standard input for `-`) and splits it into lines. A trailing `\r` is
  /// dropped; a final newline does not start another item.
  /// - Throws: ``InputError`` for a missing, unreadable or directory path, invalid UTF-8 or a NUL
  ///   byte, naming the line.
  static func lines(from path: String) throws -> [String] {
    try split(read(path), source: path == "-" ? "standard input" : path)
  }

  /// The whole contents of `path`, or of standard input for `-`.
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
      guard descriptor >= 0 else {
        throw InputError(description: "\(path): cannot be read (\(String(cString: strerror(errno))))")
      }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var bytes: [UInt8] = []
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size) + 1) }
    let chunk = 1 << 20
    while true {
      let before = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let count = bytes.withUnsafeMutableBytes { raw in
        Foundation.read(descriptor, raw.baseAddress! + before, chunk)
      }
      if count < 0 {
        if errno == EINTR {
          bytes.removeSubrange(before...)
          continue
        }
        throw InputError(description: "\(path): cannot be read (\(String(cString: strerror(errno))))")
      }
      bytes.removeSubrange((before + count)...)
      if count == 0 { return bytes }
    }
  }

  /// Splits UTF-8 into lines after checking it: no NUL byte, valid UTF-8.
  static func split(_ bytes: [UInt8], source: String) throws -> [String] {
    try bytes.withUnsafeBufferPointer { buffer in
      if let nul = firstNUL(buffer) {
        throw InputError(description: "\(source): line \(lineNumber(at: nul, in: buffer)) contains a NUL byte")
      }
      if let bad = firstInvalidUTF8(buffer) {
        throw InputError(description: "\(source): line \(lineNumber(at: bad, in: buffer)) is not valid UTF-8")
      }
      var lines: [String] = []
      lines.reserveCapacity(buffer.count / 12)
      var start = 0
      let base = buffer.baseAddress
      while start < buffer.count, let base {
        let newline = memchr(base + start, 0x0A, buffer.count - start).map {
          $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
        }
        let end = newline ?? buffer.count
        let lineEnd = end > start && buffer[end - 1] == 0x0D ? end - 1 : end
        lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<lineEnd]), as: UTF8.self))
        start = end + 1
      }
      return lines
    }
  }

  private static func firstNUL(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
    return found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
  }

  /// The offset of the first byte that does not start a valid UTF-8 scalar, or `nil`.
  static func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    let count = buffer.count
    let raw = UnsafeRawBufferPointer(buffer)
    while index < count {
      if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        index += 8
        continue
      }
      if buffer[index] < 0x80 {
        index += 1
        continue
      }
      var iterator = UnsafeBufferPointer(rebasing: buffer[index..<min(index + 4, count)]).makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): index += encoded.count
      case .error, .emptyInput: return index
      }
    }
    return nil
  }

  private static func lineNumber(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    1 + buffer[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }
}
