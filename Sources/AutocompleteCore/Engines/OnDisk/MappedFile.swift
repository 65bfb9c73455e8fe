import Foundation

/// A whole file mapped read-only into memory (`mmap`): opening costs the same whatever the size,
/// and the pages are read from disk (or the page cache) only when touched. Unmapped when released.
///
/// The mapping is private and read-only, so a file replaced on disk (the index writes new files,
/// never into old ones) leaves what a reader sees as it was.
final class MappedFile: @unchecked Sendable {
  /// The path the file was opened at, for errors.
  let path: String
  /// The file's bytes.
  let bytes: UnsafeRawBufferPointer

  /// Maps the file at `path`.
  init(path: String) throws {
    self.path = path
    isCopy = false
    let descriptor = try FileIO.openRegularFile(path, flags: O_RDONLY)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw DiskIndexError.io(path: path, operation: "stat", code: errno)
    }
    let size = Int(status.st_size)
    guard size > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      return
    }
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      throw DiskIndexError.io(path: path, operation: "mmap", code: errno)
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  /// Whether `bytes` were copied into memory of its own rather than mapped.
  private let isCopy: Bool

  /// A copy of `bytes` (a segment held in a log record), 64-byte aligned as a mapping would be.
  init(copying bytes: UnsafeRawBufferPointer, path: String) {
    self.path = path
    isCopy = true
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 64)
    copy.copyMemory(from: bytes)
    self.bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
  }

  deinit {
    guard let base = bytes.baseAddress else { return }
    if isCopy {
      base.deallocate()
    } else {
      munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    }
  }
}
