import AutocompleteCore
import Foundation

/// The lines an `autocomplete index` command reads (`--data FILE`, `-` or piped standard input), as
/// items: each line is one item, its text its id (so `index remove` finds lines by text).
enum IndexInput {
  /// The lines of `path` (`-` for standard input), ended by `separator`; a last separator ends the
  /// last line rather than starting an empty one.
  /// - Throws: ``InputError`` naming the file and the first bad line (invalid UTF-8, a NUL byte).
  static func lines(_ path: String, separator: UInt8) throws -> [String] {
    let data: Data
    do {
      data =
        path == "-"
        ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw InputError(
        description: "\(LineReader.name(of: path)): cannot read (\(error.localizedDescription))")
    }
    let bytes = [UInt8](data)
    try bytes.withUnsafeBufferPointer { buffer in
      var validator = UTF8LineValidator(separator: separator)
      do {
        try validator.check(buffer, isComplete: true)
      } catch {
        throw InputError(description: "\(LineReader.name(of: path)): \(error)")
      }
    }
    var lines = bytes.split(separator: separator, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if bytes.last == separator || bytes.isEmpty { lines.removeLast() }
    return lines
  }

  /// The items of `lines`.
  static func items(_ lines: [String]) -> [AutocompleteItem] {
    lines.map { AutocompleteItem($0) }
  }
}
