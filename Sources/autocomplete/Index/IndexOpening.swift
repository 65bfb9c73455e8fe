import AutocompleteCore
import Foundation

/// Opens an index for a command, and says on standard error what opening found wrong but opened
/// past (``DiskIndex/warnings``: a damaged log whose last commits were dropped, and where the log
/// was kept), so no command, a read-only `filter --index` included, loses commits in silence.
enum IndexOpening {
  /// The index at `path`, opened with `access`, its warnings printed on standard error.
  static func open(_ path: String, access: DiskIndex.Access = .readOnly) throws -> DiskIndex {
    let index = try DiskIndex(contentsOf: URL(fileURLWithPath: path), access: access)
    for warning in index.warnings { StandardStream.error("autocomplete: warning: \(path): \(warning)\n") }
    return index
  }
}
