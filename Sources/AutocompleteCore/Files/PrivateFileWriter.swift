import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a remembered file (a recents file, `pick --history`) atomically without widening who
/// may read it: the new content goes to a temporary file beside the target (``FileTarget``: through
/// symbolic links), which takes the existing file's mode and owner — or 0600 for a new file, in
/// directories made 0700, as the XDG Base Directory specification asks of state — and is renamed
/// over it.
package enum PrivateFileWriter {
  /// Why writing failed: the path and the system's reason.
  package struct Failure: Error {
    /// The file or directory that could not be written.
    package var path: String
    /// The system's reason ("Permission denied").
    package var reason: String
  }

  /// Writes `data` as the content of the file `url` names (links followed).
  /// - Throws: ``Failure``.
  package static func write(_ data: Data, to url: URL) throws(Failure) {
    let target = FileTarget.resolved(url)
    let directory = target.deletingLastPathComponent()
    try makeDirectory(directory)
    var existing = stat()
    let exists = stat(target.path, &existing) == 0
    let mode = exists ? existing.st_mode & 0o7777 : 0o600
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw Failure(path: target.path, reason: String(cString: strerror(errno))) }
    var failure: Int32?
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = writeBytes(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == nil, fchmod(descriptor, mode) != 0 { failure = errno }
    // The owner is kept when the writer may (root writing a user's file); else it is the writer's.
    if exists, failure == nil, existing.st_uid != getuid() || existing.st_gid != getgid() {
      _ = fchown(descriptor, existing.st_uid, existing.st_gid)
    }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, target.path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw Failure(path: target.path, reason: String(cString: strerror(failure)))
    }
  }

  /// Makes `directory` and its missing parents, each 0700.
  package static func makeDirectory(_ directory: URL) throws(Failure) {
    var missing: [String] = []
    var path = directory.standardizedFileURL.path
    var status = stat()
    while !path.isEmpty, path != "/", stat(path, &status) != 0 {
      missing.append(path)
      path = (path as NSString).deletingLastPathComponent
    }
    for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw Failure(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

/// `write(2)`, outside ``PrivateFileWriter`` (whose own `write` would hide it).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
