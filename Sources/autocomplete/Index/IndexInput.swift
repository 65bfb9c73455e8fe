import AutocompleteCore
import Foundation

/// The lines an `autocomplete index` command reads (`--data FILE`, `-` or piped standard input), as
/// items. Each line is one item. Without `--ids` its text is also its id (so `index remove` finds
/// lines by text); with `--ids` a line is `ID<TAB>TEXT`: the id before the first tab, the item's
/// text after it (`index remove --ids` then takes ids, one a line).
enum IndexInput {
  /// The bytes read at a time, between progress updates.
  static let chunkSize = 1 << 20

  /// The lines of `path` (`-` for standard input), ended by `separator`; a last separator ends the
  /// last line rather than starting an empty one. The bytes read so far go to `progress`.
  /// - Throws: ``InputError`` naming the file and the first bad line (invalid UTF-8, a NUL byte).
  static func lines(_ path: String, separator: UInt8, progress: IndexProgress? = nil) throws -> [String] {
    let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
    guard let handle else {
      throw InputError(
        description: "\(LineReader.name(of: path)): cannot read (\(String(cString: strerror(errno))))")
    }
    var status = stat()
    let total =
      fstat(handle.fileDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      ? Int(status.st_size) : nil
    var bytes: [UInt8] = []
    if let total { bytes.reserveCapacity(total) }
    do {
      while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
        bytes += chunk
        progress?.read(bytes.count, of: total)
      }
    } catch {
      throw InputError(
        description: "\(LineReader.name(of: path)): cannot read (\(error.localizedDescription))")
    }
    if path != "-" { try? handle.close() }
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

  /// The items of `lines`: each line's text its id, or (`hasIDs`) `ID<TAB>TEXT`.
  /// - Throws: ``InputError`` naming the first line without a tab, or with an empty id (`hasIDs`).
  static func items(_ lines: [String], hasIDs: Bool = false) throws -> [AutocompleteItem] {
    guard hasIDs else { return lines.map { AutocompleteItem($0) } }
    return try lines.enumerated().map { number, line in
      let (id, text) = try split(line, number: number + 1)
      return AutocompleteItem(text, id: id)
    }
  }

  /// The id and text of `ID<TAB>TEXT` line `number`.
  static func split(_ line: String, number: Int) throws -> (id: String, text: String) {
    guard let tab = line.utf8.firstIndex(of: 0x09) else {
      throw InputError(description: "line \(number) has no tab between its id and its text (--ids)")
    }
    let id = String(line[..<tab])
    guard !id.isEmpty else { throw InputError(description: "line \(number) has an empty id (--ids)") }
    return (id, String(line[line.utf8.index(after: tab)...]))
  }

  /// The ids of `index remove --ids`: each line is an id, or an `ID<TAB>TEXT` line whose id is
  /// taken (so the file an index was built from removes its items).
  static func ids(_ lines: [String]) -> [String] {
    lines.map { line in line.utf8.firstIndex(of: 0x09).map { String(line[..<$0]) } ?? line }
  }
}
