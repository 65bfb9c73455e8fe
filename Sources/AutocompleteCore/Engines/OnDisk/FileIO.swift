import Foundation

/// The few file operations a ``DiskIndex`` makes, with errors that name the path: writing a file
/// whole and syncing it, syncing a directory (so that a rename in it is durable), renaming, listing.
enum FileIO {
  /// Writes `bytes` to a new file at `path` and, when `syncs`, waits until they are on disk. Whatever
  /// `path` named before (a stale temporary file, a file of an earlier state, a symbolic link
  /// someone left there) is removed first, never written through: the file is created exclusively
  /// (`O_CREAT | O_EXCL`), so a link planted in the index's directory cannot send the bytes
  /// outside it.
  static func write(_ bytes: UnsafeRawBufferPointer, to path: String, syncs: Bool) throws {
    if unlink(path) != 0, errno != ENOENT {
      throw DiskIndexError.io(path: path, operation: "remove", code: errno)
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
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

  /// Opens the regular file at `path` with `flags` (`O_RDONLY` or `O_RDWR`), never following a
  /// symbolic link and never waiting: a FIFO, a device, a directory or a link in its place is an
  /// error naming the file, not a read that blocks forever or leaves the index's directory.
  static func openRegularFile(_ path: String, flags: Int32) throws -> Int32 {
    let descriptor = open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ELOOP || code == EMLINK {
        throw DiskIndexError.notAFile(path: path, kind: "a symbolic link")
      }
      if code == EISDIR { throw DiskIndexError.notAFile(path: path, kind: "a directory") }
      throw DiskIndexError.io(path: path, operation: "open", code: code)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw DiskIndexError.io(path: path, operation: "stat", code: code)
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else {
      close(descriptor)
      let kind =
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
      throw DiskIndexError.notAFile(path: path, kind: kind)
    }
    // Reads and writes of a regular file do not wait on O_NONBLOCK; cleared all the same.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// Creates directory `path` and the ones above it that are missing; one already there is fine.
  /// Something else in its place (a file, a dangling link) is an error saying so.
  static func createDirectory(_ path: String) throws {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw DiskIndexError.io(path: path, operation: "create directory", code: ENOTDIR)
      }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      // Made by another process meanwhile: as good.
      if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
      let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
      throw DiskIndexError.io(
        path: path, operation: "create directory", code: Int32(truncatingIfNeeded: code ?? Int(EACCES)))
    }
  }

  /// Whether anything (a file, a directory, a link, dangling or not) is named `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The names in directory `path`.
  static func names(in path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }
}
