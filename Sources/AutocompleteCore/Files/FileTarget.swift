import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a remembered path (a recents file, `pick --history`) really names: symbolic links
/// followed, as editors and shells do with their history files, so that a pick reaches the link's
/// target (never replacing the link by a regular file) and two names of one file lock the same
/// lock; and whether it is a file at all (a FIFO or `/dev/zero` would block or never end).
package enum FileTarget {
  /// `url` with its symbolic links followed, a dangling link included (the file it would create);
  /// `url` itself when it is no link (or a loop of links).
  package static func resolved(_ url: URL) -> URL {
    var path = url.path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return URL(fileURLWithPath: path)
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count > 0 else { return URL(fileURLWithPath: path) }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      path =
        target.hasPrefix("/")
        ? target : (path as NSString).deletingLastPathComponent + "/" + target
    }
    return url
  }

  /// Why `url` (links followed) cannot hold a remembered file — "not a regular file: a FIFO", or
  /// the system's "Is a directory" — or `nil` when it is a regular file or does not exist.
  package static func irregularity(of url: URL) -> String? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    if status.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
    let kind: String? =
      switch status.st_mode & S_IFMT {
      case S_IFREG: nil
      case S_IFIFO: "a FIFO"
      case S_IFCHR: "a character device"
      case S_IFBLK: "a block device"
      case S_IFSOCK: "a socket"
      default: "not a file"
      }
    return kind.map { "not a regular file: \($0)" }
  }

  /// The size of the file at `url` in bytes, or `nil` when it cannot be looked at.
  package static func size(of url: URL) -> Int? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }
}
