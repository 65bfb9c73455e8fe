import Foundation

/// An answer's body as it arrives, refused as soon as it passes a limit: a server cannot make a
/// source hold more than ``limit`` bytes. URLSession hands over the body decompressed, so the limit
/// holds after decompression too (a gzip bomb stops at the limit); a `Content-Length` above it is
/// refused before any byte is read.
struct AnswerBuffer {
  /// The most bytes an answer may have.
  let limit: Int
  /// The bytes so far.
  private(set) var data = Data()

  init(limit: Int) {
    self.limit = max(limit, 0)
  }

  /// Whether an answer announcing `expectedLength` bytes (-1: unknown) may be read.
  func accepts(expectedLength: Int64) -> Bool {
    expectedLength < 0 || expectedLength <= Int64(limit)
  }

  /// Appends `chunk`; `false` (and nothing kept) once the body passes the limit.
  mutating func append(_ chunk: Data) -> Bool {
    guard chunk.count <= limit - data.count else {
      data = Data()
      return false
    }
    data.append(chunk)
    return true
  }
}
