#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a file or of standard input, read into one block of memory that grows with
/// `realloc`: a large block grows in place (remapped, not copied), so input on its way to the size
/// limit is never held twice, and bytes are never zero-filled before the read overwrites them.
final class ReadBuffer {
  /// The start of the bytes (`nil` while nothing is allocated).
  private(set) var base: UnsafeMutablePointer<UInt8>?
  /// How many bytes have been read.
  private(set) var count = 0
  /// How many bytes fit before the next growth.
  private(set) var capacity = 0

  deinit { free(base) }

  /// Makes room for at least `capacity` bytes in all.
  /// - Throws: ``InputError`` when the memory cannot be had.
  func reserve(_ capacity: Int, name: String) throws {
    guard capacity > self.capacity else { return }
    guard let grown = realloc(base, capacity) else {
      throw InputError(description: "\(name): not enough memory for \(capacity) bytes")
    }
    base = grown.assumingMemoryBound(to: UInt8.self)
    self.capacity = capacity
  }

  /// Reads at most `limit` bytes from `descriptor` into the room after ``count`` (there must be
  /// room); the number read, 0 at the end of input, or -1 with `errno` set.
  func read(from descriptor: Int32, limit: Int) -> Int {
    guard let base else { return 0 }
    let read = systemRead(descriptor, base + count, min(limit, capacity - count))
    if read > 0 { count += read }
    return read
  }

  /// The bytes read, as one buffer.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base, count: count)
  }
}

/// `read(2)` (the class's own `read` hides the C function's name).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
  #else
    Darwin.read(descriptor, buffer, count)
  #endif
}
