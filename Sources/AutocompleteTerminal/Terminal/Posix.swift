#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers so that types with their own `read`/`write`/`open` methods can call the C functions.
enum Posix {
  /// `open(2)`.
  static func open(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #elseif canImport(Musl)
      Musl.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }

  /// `write(2)`.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  /// `read(2)`.
  static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, bytes, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, bytes, count)
    #else
      Darwin.read(descriptor, bytes, count)
    #endif
  }
}
