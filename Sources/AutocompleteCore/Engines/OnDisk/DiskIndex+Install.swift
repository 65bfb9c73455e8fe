import Foundation

extension DiskIndex {
  /// Copies the index at `source` (such as one shipped read-only in an app's bundle) to
  /// `destination`, a writable place an app opens it from with ``Access/readWrite``, unless an
  /// index is already there.
  ///
  /// The copy is safe against a kill or a crash at any moment: it is written into a hidden folder
  /// beside `destination` (`.NAME.installing-…`), each file synced, then renamed into place in one
  /// step, so `destination` is either absent or a complete index (the next call removes what a
  /// killed copy left). The source's `LOCK` is never copied, and every file is made writable by its
  /// owner (mode 0644, the folder 0755) whatever the source's modes: a bundle's read-only files
  /// would otherwise make every later open for writing fail.
  ///
  /// The copy takes as much storage as the source: an app pays for the bundled index and its copy.
  ///
  /// ```swift
  /// let bundled = Bundle.main.url(forResource: "catalog", withExtension: "index")!
  /// let writable = URL.applicationSupportDirectory.appending(path: "catalog.index")
  /// try DiskIndex.install(from: bundled, to: writable)
  /// let index = try DiskIndex(contentsOf: writable, access: .readWrite)
  /// ```
  /// - Parameters:
  ///   - source: The index's folder, as ``create(at:items:isCaseSensitive:transliteration:searchableAttributes:)``
  ///     wrote it; only read.
  ///   - destination: The folder to create; its parent is created when missing.
  /// - Returns: `true` when it copied the index, `false` when `destination` already held one (it
  ///   is left as it is).
  /// - Throws: ``DiskIndexError/io(path:operation:code:)`` naming the file when a read, write or
  ///   rename fails, when `source` holds no index, or when `destination` exists without an index
  ///   in it (`EEXIST`: it is not replaced).
  @discardableResult
  public static func install(from source: URL, to destination: URL) throws -> Bool {
    let manager = FileManager.default
    let target = destination.standardizedFileURL.path
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: target, isDirectory: &isFolder) {
      if isFolder.boolValue && manager.fileExists(atPath: target + "/" + IndexManifest.fileName) {
        return false
      }
      throw DiskIndexError.io(path: target, operation: "install an index into", code: EEXIST)
    }
    let from = source.standardizedFileURL.path
    guard manager.fileExists(atPath: from + "/" + IndexManifest.fileName) else {
      throw DiskIndexError.io(path: from + "/" + IndexManifest.fileName, operation: "open", code: ENOENT)
    }
    let parent = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    do {
      try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw DiskIndexError.io(path: parent, operation: "create directory", code: EACCES)
    }
    // What a killed copy left.
    let prefix = "." + name + ".installing-"
    for stale in FileIO.names(in: parent) where stale.hasPrefix(prefix) {
      try? manager.removeItem(atPath: parent + "/" + stale)
    }
    let temporary = parent + "/" + prefix + UUID().uuidString
    guard mkdir(temporary, 0o755) == 0 else {
      throw DiskIndexError.io(path: temporary, operation: "create directory", code: errno)
    }
    do {
      for file in FileIO.names(in: from).sorted() where file != "LOCK" {
        var status = stat()
        guard stat(from + "/" + file, &status) == 0 else {
          throw DiskIndexError.io(path: from + "/" + file, operation: "stat", code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { continue }
        try copyFile(from + "/" + file, to: temporary + "/" + file)
      }
      _ = chmod(temporary, 0o755)
      try FileIO.syncDirectory(temporary)
      try FileIO.rename(temporary, to: target)
      try FileIO.syncDirectory(parent)
    } catch {
      try? manager.removeItem(atPath: temporary)
      throw error
    }
    return true
  }

  /// Copies the regular file `source` to the new file `destination` (mode 0644) and syncs it.
  private static func copyFile(_ source: String, to destination: String) throws {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw DiskIndexError.io(path: source, operation: "open", code: errno) }
    defer { close(input) }
    let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard output >= 0 else { throw DiskIndexError.io(path: destination, operation: "create", code: errno) }
    defer { close(output) }
    // The mode the umask may have narrowed: the owner must be able to write the copy.
    _ = fchmod(output, 0o644)
    let size = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    var offset = 0
    while true {
      let count = read(input, buffer, size)
      if count < 0 {
        if errno == EINTR { continue }
        throw DiskIndexError.io(path: source, operation: "read", code: errno)
      }
      if count == 0 { break }
      try FileIO.write(
        UnsafeRawBufferPointer(start: buffer, count: count), to: output, at: offset, path: destination)
      offset += count
    }
    guard fsync(output) == 0 else {
      throw DiskIndexError.io(path: destination, operation: "fsync", code: errno)
    }
  }
}
