import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<file>.lock` beside a file that several processes rewrite (the recents
/// file, `pick --history`): whoever holds it rereads, changes and atomically replaces the file, so
/// that two processes saving at once lose nothing. The lock file is separate because the file
/// itself is replaced (a lock on a replaced file locks nothing).
package enum FileLock {
  /// Why the lock could not be taken: the path that failed and the system's reason.
  package struct Failure: Error {
    /// The directory, or the lock file, that could not be made or locked.
    package var path: String
    /// The system's reason ("Permission denied").
    package var reason: String
  }

  /// Runs `body` holding the lock for the file `url` names (links followed: ``FileTarget``, so
  /// that two names of one file take one lock; its directory made 0700 first when missing; the
  /// lock file made with `permissions`); waits while another process holds it.
  /// - Throws: ``Failure`` when the lock cannot be taken, or what `body` throws.
  package static func withLock<T>(beside url: URL, permissions: mode_t, _ body: () throws -> T) throws -> T {
    let url = FileTarget.resolved(url)
    do {
      try PrivateFileWriter.makeDirectory(url.deletingLastPathComponent())
    } catch {
      throw Failure(path: error.path, reason: error.reason)
    }
    let lockPath = url.path + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT, permissions)
    guard descriptor >= 0 else { throw Failure(path: lockPath, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw Failure(path: lockPath, reason: String(cString: strerror(errno))) }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Why a file operation failed, in words: the system's reason ("Is a directory", "Permission
  /// denied") when Foundation wraps one, else its description.
  package static func reason(_ error: any Error) -> String {
    var error = error as NSError
    while error.domain != NSPOSIXErrorDomain,
      let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error
    {
      error = underlying as NSError
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    return error.localizedDescription
  }
}
