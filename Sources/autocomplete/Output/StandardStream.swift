import AutocompleteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and standard error written with `write(2)`, so that a full disk, a closed
/// descriptor or a reader that went away is an error the command reports, never a trap.
enum StandardStream {
  /// Why writing failed.
  enum WriteError: Error, Equatable, CustomStringConvertible {
    /// The reader of a pipe went away (EPIPE, with SIGPIPE ignored).
    case brokenPipe
    /// Any other error, with its `errno`.
    case failed(stream: String, errno: Int32)

    var description: String {
      switch self {
      case .brokenPipe: "standard output: broken pipe"
      case .failed(let stream, let code): "cannot write to \(stream): \(String(cString: strerror(code)))"
      }
    }
  }

  /// Writes `text` whole to standard output, retrying short writes and interruptions.
  /// - Throws: ``WriteError`` when the descriptor fails.
  static func output(_ text: String) throws(WriteError) {
    try write(text, to: 1, name: "standard output")
  }

  /// Writes `text` to standard error as well as it can; errors are ignored (there is nowhere left to
  /// report them). Control characters other than line feeds and tabs are escaped
  /// (``PrintableText``): messages quote outside text (a server's words, a file's line), which must
  /// not drive the terminal.
  static func error(_ text: String) {
    try? write(PrintableText.escaping(text, keepsLineBreaks: true), to: 2, name: "standard error")
  }

  /// Writes `text` whole to `descriptor`.
  static func write(_ text: String, to descriptor: Int32, name: String) throws(WriteError) {
    var text = text
    let failure: Int32? = text.withUTF8 { write(bytes: $0, to: descriptor) }
    guard let failure else { return }
    throw failure == EPIPE ? .brokenPipe : .failed(stream: name, errno: failure)
  }

  /// Writes `bytes` whole to standard output (the streaming filter's output, no `String` made).
  /// - Throws: ``WriteError`` when the descriptor fails.
  static func output(bytes: UnsafeBufferPointer<UInt8>) throws(WriteError) {
    guard let failure = write(bytes: bytes, to: 1) else { return }
    throw failure == EPIPE ? .brokenPipe : .failed(stream: "standard output", errno: failure)
  }

  /// Writes `bytes` whole to standard output, then a line break (a picked line, no `String` made).
  /// - Throws: ``WriteError`` when the descriptor fails.
  static func outputLine(_ bytes: ArraySlice<UInt8>, terminator: String = "\n") throws {
    try bytes.withUnsafeBufferPointer { try output(bytes: $0) }
    try output(terminator)
  }

  /// Writes `buffer` whole to `descriptor`, retrying short writes and interruptions; the `errno` of
  /// a failure, or `nil`.
  private static func write(bytes buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < buffer.count {
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      #elseif canImport(Musl)
        let written = Musl.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      #else
        let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      #endif
      if written > 0 {
        offset += written
      } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return written < 0 ? errno : EIO
      }
    }
    return nil
  }
}
