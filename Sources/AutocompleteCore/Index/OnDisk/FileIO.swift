import Foundation

/// The few file operations a ``DiskIndex`` makes, with errors that name the path: writing a file
/// whole and syncing it, syncing a directory (so that a rename in it is durable), renaming, listing.
enum FileIO {
  /// Writes `bytes` to `path` (replacing it) and, when `syncs`, waits until they are on disk.
  static func write(_ bytes: UnsafeRawBufferPointer, to path: String, syncs: Bool) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw DiskIndexError.io(path: path, operation: "create", code: errno) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result < 0 {
        if errno == EINTR { continue }
        throw DiskIndexError.io(path: path, operation: "write", code: errno)
      }
      written += result
    }
    if syncs, fsync(descriptor) != 0 { throw DiskIndexError.io(path: path, operation: "fsync", code: errno) }
  }

  /// Writes `bytes` at byte `offset` of the open file `descriptor` (named `path` in errors).
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int, path: String)
    throws
  {
    var written = 0
    while written < bytes.count {
      let result = pwrite(
        descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written))
      if result < 0 {
        if errno == EINTR { continue }
        throw DiskIndexError.io(path: path, operation: "write", code: errno)
      }
      written += result
    }
  }

  /// Waits until the data written to `descriptor` (and the file size) is on disk: `fdatasync` where
  /// the system has it, else `fsync`. Returns whether it succeeded (`errno` says why not).
  static func syncData(_ descriptor: Int32) -> Bool {
    #if canImport(Glibc) || canImport(Musl)
      return fdatasync(descriptor) == 0
    #else
      return fsync(descriptor) == 0
    #endif
  }

  /// Writes `bytes` to `path` and syncs them.
  static func write(_ bytes: [UInt8], to path: String, syncs: Bool = true) throws {
    try bytes.withUnsafeBytes { try write($0, to: path, syncs: syncs) }
  }

  /// Makes the entries of directory `path` (created, renamed, removed files) durable.
  static func syncDirectory(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw DiskIndexError.io(path: path, operation: "open", code: errno) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 && errno != EINVAL {
      throw DiskIndexError.io(path: path, operation: "fsync", code: errno)
    }
  }

  /// Atomically replaces `destination` by `source`.
  static func rename(_ source: String, to destination: String) throws {
    guard Foundation.rename(source, destination) == 0 else {
      throw DiskIndexError.io(path: destination, operation: "rename", code: errno)
    }
  }

  /// The whole file at `path`.
  static func read(_ path: String) throws -> [UInt8] {
    let file = try MappedFile(path: path)
    return Array(file.bytes)
  }

  /// The names in directory `path`.
  static func names(in path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }
}
