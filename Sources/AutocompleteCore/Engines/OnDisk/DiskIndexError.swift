import Foundation

/// Why a ``DiskIndex`` could not be opened, read or changed. Every damaged, truncated or foreign
/// file ends in one of these, naming the file and what is wrong with it.
public enum DiskIndexError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file does not start with the index's magic number: it is not a file of this format.
  case notAnIndex(file: String)
  /// The file was written by another version of the format.
  case unsupportedVersion(file: String, found: UInt32, supported: UInt32)
  /// The file is shorter than its header says.
  case truncated(file: String, expected: Int, actual: Int)
  /// A part of the file does not hold what was written there (its checksum differs).
  case checksumMismatch(file: String, part: String)
  /// The file's parts do not fit together.
  case malformed(file: String, reason: String)
  /// A change on an index opened read-only.
  case readOnly
  /// Another writer holds the index's lock.
  case locked(path: String)
  /// The system refused a file operation.
  case io(path: String, operation: String, code: Int32)
  /// The item to write cannot be stored (a text over 4 GiB, too many items for one segment).
  case tooLarge(reason: String)
  /// Something other than a regular file is where the index keeps one: `kind` says what (a
  /// symbolic link, a directory, a FIFO, a device, a socket). The index never follows a link nor
  /// reads a file that could block.
  case notAFile(path: String, kind: String)

  /// A sentence saying what is wrong.
  public var description: String {
    switch self {
    case .notAnIndex(let file): "\(file) is not an autocomplete index file (wrong magic number)"
    case .unsupportedVersion(let file, let found, let supported):
      "\(file) has format version \(found); this build reads version \(supported)"
    case .truncated(let file, let expected, let actual):
      "\(file) is truncated: \(actual) bytes where \(expected) were written"
    case .checksumMismatch(let file, let part): "\(file) is damaged: the checksum of its \(part) differs"
    case .malformed(let file, let reason): "\(file) is malformed: \(reason)"
    case .readOnly: "the index was opened read-only"
    case .locked(let path): "\(path) is open for writing by another process"
    case .io(let path, let operation, let code):
      "\(operation) \(path) failed: \(String(cString: strerror(code)))"
    case .tooLarge(let reason): "cannot store: \(reason)"
    case .notAFile(let path, let kind):
      "\(path) is \(kind), not a regular file: an index reads and writes only regular files of its own"
    }
  }
}
