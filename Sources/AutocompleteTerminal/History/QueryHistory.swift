import AutocompleteCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The queries typed before, walked with Ctrl-P and Ctrl-N as fzf's `--history` does: a text file
/// of one query a line, oldest first.
///
/// - ``previous(replacing:)`` and ``next(replacing:)`` move through the queries; the text being
///   typed is kept at the end, and a recalled query that is edited keeps its edit while walking (in
///   memory only), as in fzf.
/// - ``save(_:)`` appends the query the picker was accepted with (an empty one is not saved; line
///   breaks become spaces) and keeps the last ``maximumCount``. With a file, it reads the file again
///   under an exclusive `flock` on `<file>.lock` and appends to what is there, so two pickers saving
///   at once both keep their query (fzf writes the copy it read at start); the file is replaced
///   atomically, keeping its mode and owner (a new one is readable by its owner only, 0600, in a
///   0700 directory: `PrivateFileWriter`).
/// - A symbolic link is followed (`FileTarget`): the link's target gets the query and is locked.
/// - Only the last ``maximumCount`` lines are read, from the file's end (`HistoryTail`): a huge
///   history opens at once, and is rewritten at that size. A FIFO, a device or a directory is
///   refused ("not a regular file").
/// - A missing file is created empty (with its directory) when the history is opened, so a path
///   that cannot be used is reported before the picker starts.
public struct QueryHistory: Sendable {
  /// The file, or `nil` for a history in memory.
  public let url: URL?
  /// The most queries kept (fzf's `--history-size`, 1000 by default).
  public let maximumCount: Int
  /// The queries, oldest first.
  public private(set) var queries: [String]
  /// Where the walk is: an index of ``queries``, or `queries.count` for the text being typed.
  private var position: Int
  /// The text being typed when the walk left it, and edits of recalled queries, by position.
  private var edits: [Int: String] = [:]

  /// A history in memory.
  public init(queries: [String] = [], maximumCount: Int = 1000) {
    self.url = nil
    self.maximumCount = max(1, maximumCount)
    self.queries = queries
    self.position = queries.count
  }

  /// The history in the file at `url`, created empty (with its directory) when missing.
  /// - Throws: ``QueryHistoryError`` when the file cannot be read or created.
  public init(contentsOf url: URL, maximumCount: Int = 1000) throws(QueryHistoryError) {
    self.url = url
    let count = max(1, maximumCount)
    self.maximumCount = count
    let target = FileTarget.resolved(url)
    let (queries, isTrimmed) = try Self.read(target, keeping: count, creating: true)
    if isTrimmed {  // rewritten at the size kept, unless another picker changed it meanwhile
      self.queries = try Self.withLock(on: target) { () throws(QueryHistoryError) -> [String] in
        let (again, _) = try Self.read(target, keeping: count, creating: false)
        try Self.write(again, to: target)
        return again
      }
    } else {
      self.queries = queries
    }
    self.position = self.queries.count
  }

  /// The query before the current one, after keeping `current` (the field's text) at the current
  /// position; `nil` at the oldest.
  public mutating func previous(replacing current: String) -> String? {
    guard position > 0 else { return nil }
    edits[position] = current
    position -= 1
    return text(at: position)
  }

  /// The query after the current one (the text being typed after the newest), after keeping
  /// `current` at the current position; `nil` when already at the text being typed.
  public mutating func next(replacing current: String) -> String? {
    guard position < queries.count else { return nil }
    edits[position] = current
    position += 1
    return text(at: position)
  }

  /// Appends `query` (not an empty one) and keeps the last ``maximumCount`` queries; with a file,
  /// appends it to the file as it is now (see the type's description). The walk starts again from
  /// the end.
  /// - Throws: ``QueryHistoryError`` when the file cannot be read or written.
  public mutating func save(_ query: String) throws(QueryHistoryError) {
    let line = String(query.map { $0.isNewline ? " " : $0 })
    defer {
      position = queries.count
      edits = [:]
    }
    guard !line.isEmpty else { return }
    guard let url else { return queries = Self.appending(line, to: queries, keeping: maximumCount) }
    let count = maximumCount
    let target = FileTarget.resolved(url)
    queries = try Self.withLock(on: target) { () throws(QueryHistoryError) -> [String] in
      let read = try Self.read(target, keeping: count, creating: false).queries
      let updated = Self.appending(line, to: read, keeping: count)
      try Self.write(updated, to: target)
      return updated
    }
  }

  private func text(at position: Int) -> String {
    edits[position] ?? (position < queries.count ? queries[position] : "")
  }

  private static func appending(_ line: String, to queries: [String], keeping count: Int) -> [String] {
    var queries = queries
    queries.append(line)
    if queries.count > count { queries.removeFirst(queries.count - count) }
    return queries
  }

  // MARK: The file

  /// The last `count` queries of the file at `url` (its links followed), and whether it held more;
  /// a missing file is none (created empty when `creating`).
  private static func read(_ url: URL, keeping count: Int, creating: Bool) throws(QueryHistoryError)
    -> (queries: [String], isTrimmed: Bool)
  {
    if let irregularity = FileTarget.irregularity(of: url) {
      throw QueryHistoryError(path: url.path, reason: irregularity)
    }
    let tail: (lines: [String], isTrimmed: Bool)?
    do {
      tail = try HistoryTail.read(url.path, keeping: count)
    } catch {
      throw QueryHistoryError(path: url.path, reason: error.reason)
    }
    guard let tail else {
      if creating { try write([], to: url) }
      return ([], false)
    }
    return (tail.lines, tail.isTrimmed)
  }

  /// Replaces the file at `url` with `queries` (`PrivateFileWriter`: atomically, its mode and
  /// owner kept, 0600 when new).
  private static func write(_ queries: [String], to url: URL) throws(QueryHistoryError) {
    let text = queries.isEmpty ? "" : queries.joined(separator: "\n") + "\n"
    do {
      try PrivateFileWriter.write(Data(text.utf8), to: url)
    } catch {
      throw QueryHistoryError(path: error.path, reason: error.reason)
    }
  }

  /// Runs `body` holding the file's lock (``FileLock``: an exclusive `flock` on `<file>.lock`).
  private static func withLock<T>(on url: URL, _ body: () throws(QueryHistoryError) -> T)
    throws(QueryHistoryError) -> T
  {
    do {
      return try FileLock.withLock(beside: url, permissions: 0o600, body)
    } catch let error as QueryHistoryError {
      throw error
    } catch let failure as FileLock.Failure {
      throw QueryHistoryError(path: failure.path, reason: failure.reason)
    } catch {
      throw QueryHistoryError(path: url.path, reason: FileLock.reason(error))
    }
  }
}

/// Why a ``QueryHistory`` file could not be read or written.
public struct QueryHistoryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// The system's reason.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// "the history file … cannot be used (…)".
  public var description: String { "the history file \(path) cannot be used (\(reason))" }
}
