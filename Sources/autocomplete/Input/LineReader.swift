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
}
