import Foundation

/// A search index kept in a directory: opened by mapping its files, changed by adding, updating and
/// removing items, made durable by ``commit()``.
///
/// The directory holds immutable segment files (each a built index and its items' stored fields),
/// a deletion set per segment for the items removed since it was written, and a `MANIFEST` naming
/// them (see Guides/Index.md, "On-disk index"). Changes go to in-memory parts and deletion sets
/// at once, so the next search sees them; ``commit()`` appends them to a write-ahead log (`WAL`)
/// with one sync, and opening replays the log on top of the segments. A checkpoint (in the
/// background when a commit takes the log past ``checkpointLogSize``, see
/// ``checkpointsInBackground``; on ``merge()``; by ``checkpoint()``) writes them as new files, syncs
/// them, replaces the manifest atomically and starts a new log.
///
/// Added items become in-memory parts of their own, built when they are added (a part of one item
/// costs microseconds), never on a search. To keep their number logarithmic, a part is merged with
/// the one before it while that one holds at most twice its live items, as a binary counter
/// carries: each added item is rebuilt O(log n) times in all, and a search reads O(log n) parts. A
/// crash loses the changes made since the last commit returned, nothing else. ``merge()`` rewrites
/// every segment as one.
///
/// A search answers exactly as a ``SearchIndex`` built from ``items()`` would: the items in order
/// are the segments' live items in segment order, then the ones added since; an update removes the
/// item and adds its new version at the end. Searches run on any thread, each on one consistent
/// state, while a writer changes the index; changes are serialized.
///
/// Opening read-only takes no lock and writes nothing, so an index in an app bundle opens as it is;
/// an open racing a writer's checkpoint reads the new manifest and starts over.
/// A writer holds an advisory lock (`flock` on `LOCK`) that the system drops when its process ends,
/// however it ends.
public final class DiskIndex: @unchecked Sendable {
  /// How an index is opened.
  public enum Access: Sendable {
    /// Searches only; nothing is written, no lock is taken.
    case readOnly
    /// Searches and changes; one writer at a time holds the directory's lock.
    case readWrite
  }

  /// What opening an index checks of its segments' bytes.
  ///
  /// The header, the section table and the manifest are always checked. Every section is read in
  /// place where it is mapped, so the open itself costs the same whatever the index's size; what
  /// differs is whether every page is read once to check it.
  public enum Verification: Sendable {
    /// Every section's checksum is checked at open, side by side on every core, and the numbers
    /// the search indexes memory with are checked in range. Reads every page of the index once;
    /// damage is an error.
    case checksums
    /// Only the header, the section table and the manifest: an open in microseconds whatever the
    /// index's size, its pages read only as searches touch them. For files whose integrity
    /// something else guarantees, such as an index in an app's signed bundle. A damaged section
    /// is then found by ``DiskIndex/verify()``; until then it may give wrong answers, or stop the
    /// program on an out-of-range position, as a damaged array would.
    case deferred
  }

  /// The index's directory.
  public let directory: URL
  /// Whether the index keeps case and diacritics.
  public let isCaseSensitive: Bool
  /// Whether the index keeps its items' Latin readings as extra keys: chosen when it is created,
  /// kept in its manifest, so every later segment has them too (Guides/Index.md).
  public let transliteration: Transliteration
  /// The string attributes whose values are searched as keys of their items (``SearchFields``):
  /// chosen when the index is created, kept in its manifest, so every later segment keys them too.
  /// Empty for none, and for an index written before them.
  public var searchableAttributes: [String] { searchable.names }
  /// What opening found wrong but opened past, one sentence each: a damaged record at the end of
  /// the log, whose commits (and any after it) were dropped, and where a writer kept the log as it
  /// was (`WAL.damaged-N`). Empty when all was well; an app shows these, as `autocomplete` prints
  /// them on standard error.
  public let warnings: [String]
  let searchable: SearchableAttributes
  /// What every segment is built with (the directory, case, readings, searchable attributes).
  let settings: SegmentSettings
  /// The state searches read, replaced whole by every change.
  let current: CurrentState
  /// Whether commits checkpoint in the background, and why the last one failed.
  let backgroundPolicy: BackgroundPolicy
  /// The write side (``Access/readWrite``): the writer's lock, the log, commits, checkpoints.
  let writer: DiskIndexWriter?

  /// The log size past which a commit checkpoints: ``checkpointLogSize``, smaller in tests.
  var checkpointThreshold: Int {
    get { writer?.checkpointThreshold ?? Self.checkpointLogSize }
    set { writer?.checkpointThreshold = newValue }
  }

  /// Whether a background checkpoint runs.
  var isCheckpointRunning: Bool { writer?.isCheckpointRunning ?? false }

  /// Called at each step of a background checkpoint, on its thread; set by tests before the first
  /// commit.
  var backgroundHook: (@Sendable (BackgroundStep) -> Void)? {
    get { writer?.backgroundHook }
    set { writer?.backgroundHook = newValue }
  }

  /// The log's size past which a commit checkpoints instead: 1 MiB, about 1,600 one-item commits,
  /// replayed at open in about 55 ms (release build, Benchmarks/README.md).
  public static let checkpointLogSize = 1 << 20

  /// How many times opening reads the manifest again when the files it named changed under it.
  static let openAttempts = 20

  /// Writes a new index of `items` into `directory` (created if needed; an index already there is
  /// an error) and opens it for writing. With `transliteration` ``Transliteration/latin`` every
  /// segment (this one, and those later changes write) also keys its items' Latin readings, as
  /// ``SearchIndex/init(_:isCaseSensitive:sortsKeys:transliteration:searchableAttributes:)`` does;
  /// with `searchableAttributes`, every segment keys those attributes' string values too, as a
  /// ``SearchIndex`` built with them does.
  public static func create(
    at directory: URL, items: [AutocompleteItem], isCaseSensitive: Bool = false,
    transliteration: Transliteration = .none, searchableAttributes: [String] = []
  ) throws -> DiskIndex {
    let searchable = SearchableAttributes(searchableAttributes)
    let path = directory.path
    try FileIO.createDirectory(path)
    // The writer's lock first, then the check: of two creations at once, the second finds the
    // lock held or the first one's manifest, never an empty directory it writes over.
    let descriptor = try DiskIndexWriter.lockDirectory(path)
    do {
      guard !FileIO.exists(path + "/" + IndexManifest.fileName) else {
        throw DiskIndexError.malformed(file: path, reason: "an index is already there")
      }
      var segments: [IndexManifest.Segment] = []
      if !items.isEmpty {
        let name = segmentName(generation: 1)
        try IndexSegment.write(
          items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable,
          to: path + "/" + name)
        segments.append(.init(file: name, itemCount: items.count, deletions: nil))
      }
      try IndexManifest(
        generation: 1, isCaseSensitive: isCaseSensitive, segments: segments, transliteration: transliteration,
        searchable: searchable
      ).publish(in: path)
    } catch {
      close(descriptor)
      throw error
    }
    // The lock goes to the writer, never released in between (which closes it on an error).
    return try DiskIndex(
      contentsOf: directory, access: .readWrite, verification: .checksums, lock: descriptor)
  }

  /// Opens the index in `directory`: maps its segments, whose search sections are read in place;
  /// the items' fields are read only for the results shown.
  /// - Parameters:
  ///   - directory: the index's directory, as `create(at:items:)` wrote it.
  ///   - access: whether the index is searched only, or changed too.
  ///   - verification: whether every section is checked against its checksum
  ///     (``Verification/checksums``, the default) or only the header, the section table and the
  ///     manifest (``Verification/deferred``, for a bundled index: O(1) in the index's size).
  /// - Throws: ``DiskIndexError`` naming the file when one is missing, truncated, damaged or of
  ///   another format version, or (``Access/readWrite``) when another writer holds the lock.
  public convenience init(
    contentsOf directory: URL, access: Access = .readOnly, verification: Verification = .checksums
  ) throws {
    let lock = access == .readWrite ? try DiskIndexWriter.lockDirectory(directory.path) : -1
    try self.init(contentsOf: directory, access: access, verification: verification, lock: lock)
  }

  /// Opens the index in `directory` with the writer's lock `lock` already taken (`-1` for
  /// ``Access/readOnly``); the index closes it, on an error too.
  init(contentsOf directory: URL, access: Access, verification: Verification, lock: Int32) throws {
    self.directory = directory
    let path = directory.path
    let policy = BackgroundPolicy()
    backgroundPolicy = policy
    do {
      let opened = try DiskIndexLoader.load(path, verification: verification)
      let settings = SegmentSettings(
        path: path, isCaseSensitive: opened.manifest.isCaseSensitive,
        transliteration: try opened.manifest.readingOption(),
        searchable: SearchableAttributes(opened.manifest.searchableAttributes ?? []))
      self.settings = settings
      isCaseSensitive = settings.isCaseSensitive
      transliteration = settings.transliteration
      searchable = settings.searchable
      var state = opened.state
      if access == .readWrite {
        let log = try WriteAheadLog.Writer(
          directory: path, generation: opened.manifest.generation, contents: opened.log)
        if opened.isCarried, let records = opened.log?.records {
          // A background checkpoint's manifest over the log before it: its later records become
          // the log of this generation before anything is appended.
          try log.reset(
            generation: opened.manifest.generation,
            records: records.map {
              try WriteAheadLog.body(of: $0, isCaseSensitive: opened.manifest.isCaseSensitive)
            })
          state.logRecordCount = log.recordCount
          state.logByteCount = log.byteCount
        }
        let current = CurrentState(state)
        self.current = current
        // From here the writer holds the lock: it closes it when it ends.
        writer = DiskIndexWriter(
          settings: settings, current: current, policy: policy, lockDescriptor: lock, log: log)
        warnings = Self.warnings(damage: opened.log?.damage, keptAside: log.keptAside)
      } else {
        current = CurrentState(state)
        writer = nil
        warnings = Self.warnings(damage: opened.log?.damage, keptAside: nil)
      }
    } catch {
      if lock >= 0 { close(lock) }
      throw error
    }
    writer?.removeUnreferencedFiles()
  }

  /// The writer, or ``DiskIndexError/readOnly`` for an index opened ``Access/readOnly``.
  private func writing() throws -> DiskIndexWriter {
    guard let writer else { throw DiskIndexError.readOnly }
    return writer
  }

  private var reader: DiskIndexReader { DiskIndexReader(settings: settings) }
  private var operations: DiskIndexOperations { DiskIndexOperations(settings: settings) }

  static func segmentName(generation: Int) -> String {
    "seg-" + String(generation).leftPadded(to: 6) + ".aks"
  }

  // MARK: Searching

  /// Answers `query` like ``SearchIndex/search(_:options:ranking:)`` over ``items()``.
  /// - Throws: `CancellationError` when the task is cancelled; ``DiskIndexError`` when a result's
  ///   stored fields are damaged; ``UnsearchableAttributeError`` when the options' fields weigh an
  ///   attribute not among ``searchableAttributes``; ``UnknownAttributeError`` when their filter,
  ///   boost or `distinct` names an attribute no item has.
  public func search(
    _ query: String, options: SearchOptions = SearchOptions(), ranking: SearchRanking = .standard
  ) throws -> [SearchResult<AutocompleteItem>] {
    let state = current.value
    try Self.checkAttributes(of: options, in: state)
    let reader = reader
    return try options.answering { options in
      let results = try reader.search(SearchQuery(query, options: options), ranking: ranking, in: state)
      return try addingRetypedMatches(
        to: results, of: query, options: options, ranking: ranking, parts: Array(state.allParts)
      ) { try reader.search(SearchQuery($0, options: options), ranking: ranking, in: state) }
    }
  }

  /// How many of the matches of `query` have each value of `attribute`, as
  /// ``SearchIndex/facetCounts(of:for:options:limit:)`` counts them over ``items()``: most first,
  /// ties by value, the first `limit` when given. `options` are those of the search the counts go
  /// with: their mode, typos, fields and filter apply, not their limit, boost or `distinct`.
  /// - Throws: `CancellationError` when the task is cancelled; ``DiskIndexError`` when a segment's
  ///   stored attributes are damaged; ``UnknownAttributeError`` when `attribute` (or the options'
  ///   filter, boost or `distinct`) names an attribute no item has.
  public func facetCounts(
    of attribute: String, for query: String, options: SearchOptions, limit: Int? = nil
  ) throws -> [FacetCount] {
    let state = current.value
    try Self.checkAttributes(of: options, facet: attribute, in: state)
    return try reader.facetCounts(
      of: attribute, for: SearchQuery(query, options: options), limit: limit, in: state)
  }

  /// The counts of ``facetCounts(of:for:options:limit:)`` with the default options (prefix mode,
  /// no filter), whatever options the search they go with used: a `.words` search for "running"
  /// finds "Trail running shoe" where these count nothing.
  /// - Throws: as ``facetCounts(of:for:options:limit:)``.
  @available(
    *, deprecated,
    message: "pass the options of the search the counts go with: facetCounts(of:for:options:limit:)"
  )
  public func facetCounts(of attribute: String, for query: String, limit: Int? = nil) throws -> [FacetCount] {
    try facetCounts(of: attribute, for: query, options: SearchOptions(), limit: limit)
  }

  /// The names of the attributes any item has, for
  /// ``AttributeFilter/init(parsing:knownAttributes:)``: a filter naming another is an error there,
  /// as over a ``SearchIndex`` of ``items()``.
  /// - Throws: ``DiskIndexError`` when a segment's stored attributes are damaged.
  public var attributeNames: Set<String> {
    get throws { try reader.attributeNames(in: current.value) }
  }

  /// How many items the index holds, changes not yet committed included.
  public var count: Int {
    current.value.allParts.reduce(0) { $0 + $1.liveCount }
  }

  /// How many in-memory parts hold the changes since the last commit (logarithmic in their items).
  var memoryPartCount: Int { current.value.memory.count }

  /// Every item, in the index's order (what a ``SearchIndex`` answering the same must be built from).
  public func items() throws -> [AutocompleteItem] {
    try current.value.allParts.flatMap { try $0.liveItems() }
  }

  // MARK: Changing

  /// Adds `items` after every item; the next search finds them.
  public func add(_ items: [AutocompleteItem]) throws {
    try writing().change { state in
      try operations.apply(.add(items), to: &state)
    }
  }

  /// Replaces every item whose id is `item.id` by `item` (added at the end), or adds it.
  public func update(_ item: AutocompleteItem) throws {
    try writing().change { state in
      try operations.apply(.remove(id: item.id), to: &state)
      try operations.apply(.add([item]), to: &state)
    }
  }

  /// Removes every item whose id is `id`; returns how many there were.
  @discardableResult
  public func remove(id: String) throws -> Int {
    var removed = 0
    try writing().change { state in
      removed = try operations.apply(.remove(id: id), to: &state)
    }
    return removed
  }

  // MARK: Committing

  /// Makes every change so far durable: appends them to the log as one record, synced once
  /// (`fdatasync`), and returns. Searches go on meanwhile, on the same state.
  ///
  /// When the log passes ``checkpointLogSize``, the commit also starts a checkpoint in the
  /// background (see ``checkpointsInBackground``) and returns without waiting for it; with
  /// background checkpoints off, the commit is a ``checkpoint()`` instead.
  public func commit() throws {
    try writing().commit()
  }

  /// Whether a commit that takes the log past ``checkpointLogSize`` checkpoints in the background
  /// (the default) or before it returns.
  ///
  /// The policy of background checkpoints: one at a time, started by the commit that passes the
  /// size. It writes what that commit made durable (the same segments and merges as
  /// ``checkpoint()``) while changes, commits and searches go on; commits append to the log
  /// meanwhile (which may pass the size). Then, holding the writer's turn for a moment, it
  /// publishes its manifest (which says how many of the log's records its segments hold), replays
  /// the changes made since on its segments, and replaces the log by one holding only the records
  /// committed since. A crash at any moment leaves the old committed state or the new one, every
  /// acknowledged commit in it. ``waitForBackgroundWork()`` waits for it; ``checkpoint()`` and
  /// ``merge()`` wait for it before they start. An index dropped while a checkpoint runs stays
  /// open, its writer's lock held, until the checkpoint ends: wait for it before opening the
  /// directory again for writing. Turning this off does not stop a checkpoint already running.
  public var checkpointsInBackground: Bool {
    get { backgroundPolicy.isEnabled }
    set { backgroundPolicy.isEnabled = newValue }
  }

  /// Waits until no background checkpoint runs (see ``checkpointsInBackground``).
  /// - Throws: the error that made the last background checkpoint fail, once (its changes stay in
  ///   the log, committed; a later commit starts another checkpoint).
  public func waitForBackgroundWork() throws {
    writer?.backgroundGroup.wait()
    if let error = backgroundPolicy.takeError() { throw error }
  }

  /// Makes every change so far durable in segments: the items added since the last checkpoint
  /// become a new segment file and changed deletion sets new files, all synced, then the manifest
  /// naming them replaces the old one atomically, and an empty log replaces the old one. Searches
  /// go on meanwhile, on the state before. Waits first for a background checkpoint.
  ///
  /// The merge policy: the new segment absorbs the segments at the end that hold at most twice the
  /// live items it has so far (taken from the last one back, as a binary counter carries), written
  /// once. After *n* checkpoints of new items there are O(log *n*) segments besides the large ones,
  /// each item was rewritten O(log *n*) times, and a large segment (a bundled index) is rewritten
  /// only once the items committed after it reach half its own.
  public func checkpoint() throws {
    try writing().checkpoint()
  }

  /// Rewrites every live item (committed or not) as one segment, and checkpoints it. Waits first
  /// for a background checkpoint.
  public func merge() throws {
    try writing().merge()
  }

  // MARK: Inspecting

  /// What the index is made of.
  public var info: DiskIndexInfo {
    let state = current.value
    return DiskIndexInfo(
      formatVersion: Int(SegmentFile.version), generation: state.generation,
      itemCount: state.allParts.reduce(0) { $0 + $1.liveCount },
      uncommittedAddedCount: state.unloggedAddedCount, logCommitCount: state.logRecordCount,
      logByteCount: state.logByteCount, warnings: warnings,
      segments: state.parts.map {
        DiskIndexInfo.Segment(
          file: $0.segment.fileName ?? "", itemCount: $0.segment.itemCount,
          removedCount: $0.deletions?.removedCount ?? 0, byteCount: $0.segment.byteCount)
      })
  }

  /// Reads every byte of every segment: checksums of every section and every item's record.
  /// - Throws: ``DiskIndexError`` naming the first damaged file.
  public func verify() throws {
    let state = current.value
    for part in state.parts { try part.segment.verify() }
  }

  /// The segments of the committed parts (``verify(_:)``).
  var committedSegments: [IndexSegment] { current.value.parts.map(\.segment) }

  /// The first `count` items of ``items()`` that satisfy `filter` (all when `nil`), decoding only
  /// those (a picker's first screen).
  public func items(prefix count: Int, matching filter: AttributeFilter? = nil) throws -> [AutocompleteItem] {
    let state = current.value
    try Self.checkAttributes(filter?.attributeNames ?? [], in: state)
    return try reader.items(prefix: count, matching: filter, in: state)
  }

  /// How many items satisfy `filter`, changes not yet committed included (the `count` property for `nil`).
  /// - Throws: ``DiskIndexError`` when a segment's stored attributes are damaged.
  public func count(matching filter: AttributeFilter?) throws -> Int {
    guard let filter else { return count }
    let state = current.value
    try Self.checkAttributes(filter.attributeNames, in: state)
    return try reader.count(matching: filter, in: state)
  }
}

/// What a ``DiskIndex`` is made of (`autocomplete index info`).
public struct DiskIndexInfo: Sendable, Equatable {
  /// One segment file.
  public struct Segment: Sendable, Equatable {
    /// The file's name in the index's directory.
    public var file: String
    /// The items written in it.
    public var itemCount: Int
    /// How many of them were removed since.
    public var removedCount: Int
    /// The file's size.
    public var byteCount: Int
  }

  /// The version of the file format.
  public var formatVersion: Int
  /// The number of the last commit.
  public var generation: Int
  /// The items a search sees.
  public var itemCount: Int
  /// Items added since the last commit (some may have been removed since).
  public var uncommittedAddedCount: Int
  /// The commits in the write-ahead log since the last checkpoint (replayed at open).
  public var logCommitCount: Int
  /// The log's size in bytes (0 when there is none).
  public var logByteCount: Int
  /// What opening found wrong but opened past (``DiskIndex/warnings``).
  public var warnings: [String]
  /// The committed segments, in order.
  public var segments: [Segment]
}

extension String {
  /// The string with zeros in front up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
