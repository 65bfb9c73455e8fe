import Foundation

extension DiskIndex {
  /// One committed segment and the items removed from it.
  struct Part {
    var segment: IndexSegment
    var deletions: DeletionSet?
    var deletionsFile: String?
    var deletionsChanged = false

    var liveCount: Int { segment.itemCount - (deletions?.removedCount ?? 0) }

    /// The items not removed, in order.
    func liveItems() throws -> [AutocompleteItem] {
      try (0..<segment.itemCount).filter { !(deletions?.contains($0) ?? false) }.map { try segment.item($0) }
    }
  }

  /// What a search reads: replaced whole by every change.
  struct State {
    var generation: Int
    /// The committed segments.
    var parts: [Part]
    /// The items added since the last checkpoint (committed to the log or not), in parts built in
    /// memory (their segments have no file), in order.
    var memory: [Part] = []
    /// The changes since the last commit, which the next one logs.
    var unlogged: [WriteAheadLog.Operation] = []
    /// Items added since the last commit.
    var unloggedAddedCount = 0
    /// The commits in the log and its size in bytes.
    var logRecordCount = 0
    var logByteCount = 0

    /// Every part in the index's order: the committed ones, then the in-memory ones.
    var allParts: FlattenSequence<[[Part]]> { [parts, memory].joined() }

    /// The live items of the in-memory parts, in order.
    func addedItems() throws -> [AutocompleteItem] { try memory.flatMap { try $0.liveItems() } }
  }

  /// The current ``State``, shared by the index's reader and writer: each search takes it whole
  /// (one consistent state), each change replaces it whole, under a lock held only for the copy.
  final class CurrentState: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    /// The state now: what a search reads from start to end.
    var value: State { lock.withLock { state } }

    /// Replaces the state by `next`.
    func replace(with next: State) { lock.withLock { state = next } }

    /// Changes the state in place, under the lock.
    func modify<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
      try lock.withLock { try body(&state) }
    }
  }
}

/// What every segment of one index is built with, as its manifest says: kept by the parts that
/// write and read segments so that every later segment keys its items the same way.
struct SegmentSettings: Sendable {
  /// The index's directory.
  var path: String
  /// Whether the index keeps case and diacritics.
  var isCaseSensitive: Bool
  /// Whether segments key their items' Latin readings too.
  var transliteration: Transliteration
  /// The string attributes whose values are keys too.
  var searchable: SearchableAttributes

  /// A segment built in memory of `items` (no file).
  func memorySegment(of items: [AutocompleteItem]) -> IndexSegment {
    IndexSegment(
      items: items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable
    )
  }

  /// Writes `items` as the segment file `name` (synced), reusing `built` when it is their storage
  /// already, and maps it.
  func writeSegment(_ items: [AutocompleteItem], built: IndexStorage? = nil, named name: String) throws
    -> IndexSegment
  {
    try IndexSegment.write(
      items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable,
      built: built, to: path + "/" + name)
    return try IndexSegment(
      directory: path, name: name, transliteration: transliteration, searchable: searchable)
  }
}
