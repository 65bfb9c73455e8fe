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
  private let path: String
  private let access: Access
  private let lock = NSLock()
  private let writeLock = NSLock()
  private var state: State
  private let lockDescriptor: Int32
  /// The log commits are appended to (``Access/readWrite``); used under `writeLock`.
  private let log: WriteAheadLog.Writer?

  /// A background checkpoint running: what it holds and what was committed since it started.
  private struct Background {
    /// The log's records its snapshot holds.
    var checkpointedRecords: Int
    /// The records committed since, which its publication replays and keeps in the new log.
    var laterRecords: [(operations: [WriteAheadLog.Operation], body: [UInt8])] = []
  }

  /// The background checkpoint running, if any; under `writeLock`.
  private var background: Background?
  /// Entered while a background checkpoint runs.
  private let backgroundGroup = DispatchGroup()
  /// Under `lock`.
  private var backgroundEnabled = true
  /// Why the last background checkpoint failed; under `lock`.
  private var backgroundError: (any Error)?
  /// Set when a background checkpoint failed after publishing its manifest: the object can no
  /// longer change the index (reopening it reads the published state); under `writeLock`.
  private var failure: (any Error)?
  /// The log size past which a commit checkpoints: ``checkpointLogSize``, smaller in tests.
  var checkpointThreshold = DiskIndex.checkpointLogSize

  /// The steps of a background checkpoint, which tests can stop at (`backgroundHook`).
  enum BackgroundStep: Sendable {
    /// Before it writes anything (no lock held).
    case writing
    /// Its segments written, before the manifest (no lock held).
    case segmentsWritten
    /// Its manifest published, before its log (under `writeLock`).
    case manifestPublished
  }

  /// Whether a background checkpoint runs.
  var isCheckpointRunning: Bool { writeLock.withLock { background != nil } }

  /// Called at each step of a background checkpoint, on its thread; set by tests before the first
  /// commit.
  var backgroundHook: (@Sendable (BackgroundStep) -> Void)?

  /// The log's size past which a commit checkpoints instead: 1 MiB, about 1,600 one-item commits,
  /// replayed at open in about 55 ms (release build, Benchmarks/README.md).
  public static let checkpointLogSize = 1 << 20

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
    let descriptor = try Self.lockWriter(path)
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
    let lock = access == .readWrite ? try Self.lockWriter(directory.path) : -1
    try self.init(contentsOf: directory, access: access, verification: verification, lock: lock)
  }

  /// Opens the index in `directory` with the writer's lock `lock` already taken (`-1` for
  /// ``Access/readOnly``); the index closes it, on an error too.
  init(contentsOf directory: URL, access: Access, verification: Verification, lock: Int32) throws {
    self.directory = directory
    self.path = directory.path
    self.access = access
    lockDescriptor = lock
    do {
      let opened = try Self.load(path, verification: verification)
      isCaseSensitive = opened.manifest.isCaseSensitive
      transliteration = try opened.manifest.readingOption()
      searchable = SearchableAttributes(opened.manifest.searchableAttributes ?? [])
      state = opened.state
      if access == .readWrite {
        let writer = try WriteAheadLog.Writer(
          directory: path, generation: opened.manifest.generation, contents: opened.log)
        if opened.isCarried, let records = opened.log?.records {
          // A background checkpoint's manifest over the log before it: its later records become
          // the log of this generation before anything is appended.
          try writer.reset(
            generation: opened.manifest.generation,
            records: records.map {
              try WriteAheadLog.body(of: $0, isCaseSensitive: opened.manifest.isCaseSensitive)
            })
          state.logRecordCount = writer.recordCount
          state.logByteCount = writer.byteCount
        }
        log = writer
        warnings = Self.warnings(damage: opened.log?.damage, keptAside: writer.keptAside)
      } else {
        log = nil
        warnings = Self.warnings(damage: opened.log?.damage, keptAside: nil)
      }
    } catch {
      if lockDescriptor >= 0 { close(lockDescriptor) }
      throw error
    }
    if access == .readWrite { removeUnreferencedFiles() }
  }

  deinit {
    if lockDescriptor >= 0 { close(lockDescriptor) }
  }

  /// What opening reads: the manifest, the state it and the log describe, the log.
  private struct Opened {
    var manifest: IndexManifest
    var state: State
    var log: WriteAheadLog.Contents?
    /// Whether the log's records are the later ones of the generation before (see `readLog`).
    var isCarried: Bool
  }

  /// How many times opening reads the manifest again when the files it named changed under it.
  static let openAttempts = 20

  /// Reads the index in `path`. A writer's checkpoint may replace the manifest, delete the files
  /// the old one named and replace the log while this reads them: a failure after which the
  /// manifest's bytes differ from the ones read is such a race, and the whole read starts again
  /// (up to ``openAttempts`` times), so a reader opens one committed state or fails for a reason
  /// that stays.
  private static func load(_ path: String, verification: Verification) throws -> Opened {
    let manifestPath = path + "/" + IndexManifest.fileName
    var attempt = 1
    while true {
      let bytes = try FileIO.read(manifestPath)
      do {
        let manifest = try bytes.withUnsafeBytes { try IndexManifest(fileBytes: $0) }
        return try load(path, manifest: manifest, verification: verification)
      } catch {
        guard attempt < openAttempts, (try? FileIO.read(manifestPath)) != bytes else { throw error }
        attempt += 1
      }
    }
  }

  /// Reads the segments `manifest` names and replays the log on them.
  private static func load(_ path: String, manifest: IndexManifest, verification: Verification) throws
    -> Opened
  {
    let transliteration = try manifest.readingOption()
    let searchable = SearchableAttributes(manifest.searchableAttributes ?? [])
    var parts: [Part] = []
    for entry in manifest.segments {
      let segment = try IndexSegment(
        directory: path, name: entry.file, checksSections: verification == .checksums,
        transliteration: transliteration, searchable: searchable)
      guard segment.itemCount == entry.itemCount, segment.isCaseSensitive == manifest.isCaseSensitive else {
        throw DiskIndexError.malformed(file: entry.file, reason: "differs from its manifest entry")
      }
      var part = Part(segment: segment)
      if let deletions = entry.deletions {
        let file = try MappedFile(path: path + "/" + deletions)
        part.deletions = try DeletionSet(fileBytes: file.bytes, count: segment.itemCount, name: deletions)
        part.deletionsFile = deletions
      }
      parts.append(part)
    }
    var state = State(generation: manifest.generation, parts: parts)
    let (contents, isCarried) = try readLog(path, manifest: manifest)
    for record in contents?.records ?? [] {
      for operation in record {
        try apply(
          operation, to: &state, isCaseSensitive: manifest.isCaseSensitive, transliteration: transliteration,
          searchable: searchable)
      }
    }
    state.unlogged = []
    state.unloggedAddedCount = 0
    if let contents, contents.generation == manifest.generation {
      state.logRecordCount = contents.records.count
      state.logByteCount = contents.validEnd
    } else if isCarried {
      state.logRecordCount = contents?.records.count ?? 0
      state.logByteCount = contents?.validEnd ?? 0
    }
    return Opened(manifest: manifest, state: state, log: contents, isCarried: isCarried)
  }

  /// The log in `path`, when there is one; its records only when they apply to `manifest`: all of a
  /// log of its generation; of the log of the generation before, those after the manifest's
  /// `checkpointedRecords` (a background checkpoint's manifest, whose own log was not yet in place:
  /// then `isCarried`); none of an older one (checkpointed already).
  private static func readLog(_ path: String, manifest: IndexManifest) throws
    -> (contents: WriteAheadLog.Contents?, isCarried: Bool)
  {
    let generation = manifest.generation
    let logPath = path + "/" + WriteAheadLog.fileName
    guard FileIO.exists(logPath) else { return (nil, false) }
    let file = try MappedFile(path: logPath)
    var contents = try withExtendedLifetime(file) { try WriteAheadLog.read(file.bytes) }
    guard contents.generation <= generation else {
      throw DiskIndexError.malformed(
        file: WriteAheadLog.fileName,
        reason: "follows generation \(contents.generation), the manifest's is \(generation)")
    }
    if contents.generation == generation - 1, let checkpointed = manifest.checkpointedRecords {
      guard checkpointed <= contents.records.count else {
        throw DiskIndexError.malformed(
          file: WriteAheadLog.fileName,
          reason: "holds \(contents.records.count) records, the manifest's segments \(checkpointed)")
      }
      contents.records.removeFirst(checkpointed)
      return (contents, !contents.records.isEmpty)
    }
    if contents.generation < generation { contents.records = [] }
    return (contents, false)
  }

  private static func lockWriter(_ path: String) throws -> Int32 {
    let lockPath = path + "/LOCK"
    // Created when missing, never through a link nor on a FIFO (see `FileIO.openRegularFile`).
    let created = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if created < 0, errno != EEXIST {
      throw DiskIndexError.io(path: lockPath, operation: "create", code: errno)
    }
    if created >= 0 { close(created) }
    let descriptor = try FileIO.openRegularFile(lockPath, flags: O_RDWR)
    // A lock just released can look held for a moment: a child another thread forks holds a copy
    // of every descriptor until its exec closes the close-on-exec ones (the lock goes with the
    // copy). So a held lock is tried again for up to half a second before it counts as a writer.
    var attempts = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK && attempts < 20 {
        attempts += 1
        usleep(25_000)
        continue
      }
      close(descriptor)
      if code == EWOULDBLOCK { throw DiskIndexError.locked(path: path) }
      throw DiskIndexError.io(path: lockPath, operation: "lock", code: code)
    }
    return descriptor
  }

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
    let state = lock.withLock { self.state }
    try Self.checkAttributes(of: options, in: state)
    let results = try search(SearchQuery(query, options: options), ranking: ranking, in: state)
    return try addingRetypedMatches(
      to: results, of: query, options: options, ranking: ranking, parts: Array(state.allParts)
    ) { try search(SearchQuery($0, options: options), ranking: ranking, in: state) }
  }

  /// The answer to `prepared` over `state`'s parts, as typed (no retyped queries).
  private func search(_ prepared: SearchQuery, ranking: SearchRanking, in state: State) throws
    -> [SearchResult<AutocompleteItem>]
  {
    let options = prepared.options
    var results: [SearchResult<AutocompleteItem>] = []
    var base = 0
    var answering = 0
    for part in state.allParts where part.liveCount > 0 {
      results += try part.segment.search(prepared, ranking: ranking, deletions: part.deletions, base: base)
      base += part.liveCount
      answering += 1
    }
    guard answering > 1 else { return results }
    guard options.boost != nil || options.distinct != nil || options.fields != nil else {
      return results.ranked(by: ranking, limit: options.limit)
    }
    // Each segment answered its best `limit` (boosted first among equal matches, one per
    // `distinct` value): the best `limit` of all are among them, the same boost and groups applied
    // across segments by the items' values.
    let keyed = results.map { result in
      let attributes = result.item.attributes
      var key = RankingKey(
        result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
        offset: result.offset)
      key.isBoosted = options.boost?.matches(attributes) ?? false
      return (key: key, result: result, group: options.distinct.flatMap { attributes[$0]?.distinctKey })
    }
    let order = try FieldOrder(options.fields, searchable: searchable)
    guard !ranking.isStandard, options.distinct != nil else {
      return keyed.orderedDistinct(by: ranking, order: order, limit: options.limit)
    }
    // As in a `SearchIndex`, a `distinct` group's result is its best match in the standard order
    // (the one its top results keep), then the custom ranking orders those.
    let boosted = Set(keyed.filter(\.key.isBoosted).map(\.key.offset))
    return keyed.orderedDistinct(by: .standard, order: order, limit: nil)
      .ranked(by: ranking, limit: options.limit) { boosted.contains($0) }
  }

  /// How many of the matches of `query` have each value of `attribute`, as
  /// ``SearchIndex/facetCounts(of:for:options:limit:)`` counts them over ``items()``: most first,
  /// ties by value, the first `limit` when given; the options' filter applies, not their limit,
  /// boost or `distinct`.
  /// - Throws: `CancellationError` when the task is cancelled; ``DiskIndexError`` when a segment's
  ///   stored attributes are damaged; ``UnknownAttributeError`` when `attribute` (or the options'
  ///   filter) names an attribute no item has.
  public func facetCounts(
    of attribute: String, for query: String, options: SearchOptions = SearchOptions(), limit: Int? = nil
  ) throws -> [FacetCount] {
    let state = lock.withLock { self.state }
    try Self.checkAttributes(of: options, facet: attribute, in: state)
    let prepared = SearchQuery(query, options: options)
    var counts: [String: Int] = [:]
    for part in state.allParts where part.liveCount > 0 {
      for facet in try part.segment.facetCounts(of: attribute, for: prepared, deletions: part.deletions) {
        counts[facet.value, default: 0] += facet.count
      }
    }
    return counts.map { FacetCount(value: $0.key, count: $0.value) }.facetOrdered(limit: limit)
  }

  /// The names of the attributes any item has, for
  /// ``AttributeFilter/init(parsing:knownAttributes:)``: a filter naming another is an error there,
  /// as over a ``SearchIndex`` of ``items()``.
  /// - Throws: ``DiskIndexError`` when a segment's stored attributes are damaged.
  public var attributeNames: Set<String> {
    get throws {
      let state = lock.withLock { self.state }
      var names = Set<String>()
      for part in state.allParts where part.liveCount > 0 {
        let live = part.deletions?.liveMask
        for (name, column) in try part.segment.attributes().columns where !names.contains(name) {
          var present = column.present
          if let live { present.formIntersection(live) }
          if present.setCount > 0 { names.insert(name) }
        }
      }
      return names
    }
  }

  /// How many items the index holds, changes not yet committed included.
  public var count: Int {
    let state = lock.withLock { self.state }
    return state.allParts.reduce(0) { $0 + $1.liveCount }
  }

  /// How many in-memory parts hold the changes since the last commit (logarithmic in their items).
  var memoryPartCount: Int { lock.withLock { state.memory.count } }

  /// Every item, in the index's order (what a ``SearchIndex`` answering the same must be built from).
  public func items() throws -> [AutocompleteItem] {
    let state = lock.withLock { self.state }
    return try state.allParts.flatMap { try $0.liveItems() }
  }

  // MARK: Changing

  /// Adds `items` after every item; the next search finds them.
  public func add(_ items: [AutocompleteItem]) throws {
    try change { state in
      try Self.apply(
        .add(items), to: &state, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
        searchable: searchable)
    }
  }

  /// Replaces every item whose id is `item.id` by `item` (added at the end), or adds it.
  public func update(_ item: AutocompleteItem) throws {
    try change { state in
      try Self.apply(
        .remove(id: item.id), to: &state, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
        searchable: searchable)
      try Self.apply(
        .add([item]), to: &state, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
        searchable: searchable)
    }
  }

  /// Removes every item whose id is `id`; returns how many there were.
  @discardableResult
  public func remove(id: String) throws -> Int {
    var removed = 0
    try change { state in
      removed = try Self.apply(
        .remove(id: id), to: &state, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
        searchable: searchable)
    }
    return removed
  }

  /// Applies `operation` to `state` and keeps it for the next commit's log record; returns how
  /// many items it removed. Replaying a log applies its operations the same way, so it rebuilds
  /// the same state.
  @discardableResult
  private static func apply(
    _ operation: WriteAheadLog.Operation, to state: inout State, isCaseSensitive: Bool,
    transliteration: Transliteration, searchable: SearchableAttributes
  )
    throws -> Int
  {
    var removed = 0
    switch operation {
    case .remove(let id):
      removed = try remove(id: id, from: &state)
      guard removed > 0 else { return 0 }
    case .add(let items):
      guard !items.isEmpty else { return 0 }
      try append(
        items, to: &state.memory, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
        searchable: searchable)
      state.unloggedAddedCount += items.count
    }
    state.unlogged.append(operation)
    return removed
  }

  private static func remove(id: String, from state: inout State) throws -> Int {
    try remove(id: id, from: &state.parts) + remove(id: id, from: &state.memory)
  }

  /// Marks the items of `parts` whose id is `id` removed; returns how many there were.
  private static func remove(id: String, from parts: inout [Part]) throws -> Int {
    var removed = 0
    for index in parts.indices {
      let part = parts[index]
      let owners = try part.segment.owners(withID: id).filter { !(part.deletions?.contains($0) ?? false) }
      guard !owners.isEmpty else { continue }
      parts[index].deletions = (part.deletions ?? DeletionSet(count: part.segment.itemCount)).removing(owners)
      parts[index].deletionsChanged = true
      removed += owners.count
    }
    return removed
  }

  /// Adds `items` to the in-memory parts as a part of their own, then merges the last two parts
  /// while the one before holds at most twice the live items of the last (see ``DiskIndex``); parts
  /// left with no live item are dropped.
  private static func append(
    _ items: [AutocompleteItem], to memory: inout [Part], isCaseSensitive: Bool,
    transliteration: Transliteration, searchable: SearchableAttributes
  ) throws {
    guard !items.isEmpty else { return }
    memory.removeAll { $0.liveCount == 0 }
    memory.append(
      Part(
        segment: IndexSegment(
          items: items, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
          searchable: searchable))
    )
    while memory.count >= 2, memory[memory.count - 2].liveCount <= 2 * memory[memory.count - 1].liveCount {
      let last = memory.removeLast()
      let merged = try memory.removeLast().liveItems() + last.liveItems()
      memory.append(
        Part(
          segment: IndexSegment(
            items: merged, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
            searchable: searchable)))
    }
  }

  /// Applies `body` to a copy of the state and publishes the result, one writer at a time.
  private func change(_ body: (inout State) throws -> Void) throws {
    guard access == .readWrite else { throw DiskIndexError.readOnly }
    try writeLock.withLock {
      if let failure { throw failure }
      var next = lock.withLock { state }
      try body(&next)
      lock.withLock { state = next }
    }
  }

  // MARK: Committing

  /// Makes every change so far durable: appends them to the log as one record, synced once
  /// (`fdatasync`), and returns. Searches go on meanwhile, on the same state.
  ///
  /// When the log passes ``checkpointLogSize``, the commit also starts a checkpoint in the
  /// background (see ``checkpointsInBackground``) and returns without waiting for it; with
  /// background checkpoints off, the commit is a ``checkpoint()`` instead.
  public func commit() throws {
    guard access == .readWrite, let log else { throw DiskIndexError.readOnly }
    try writeLock.withLock {
      if let failure { throw failure }
      let current = lock.withLock { state }
      guard !current.unlogged.isEmpty else { return }
      let body = try WriteAheadLog.body(of: current.unlogged, isCaseSensitive: isCaseSensitive)
      let logSize = log.generation == current.generation ? log.byteCount : WriteAheadLog.headerSize
      let isDue = logSize + body.count + WriteAheadLog.recordOverhead > checkpointThreshold
      let inBackground = lock.withLock { backgroundEnabled }
      if isDue && !inBackground && background == nil { return try checkpointLocked() }
      try log.append(body, generation: current.generation)
      background?.laterRecords.append((current.unlogged, body))
      lock.withLock {
        state.unlogged = []
        state.unloggedAddedCount = 0
        state.logRecordCount = log.recordCount
        state.logByteCount = log.byteCount
      }
      if isDue && inBackground && background == nil { startBackgroundCheckpoint() }
    }
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
    get { lock.withLock { backgroundEnabled } }
    set { lock.withLock { backgroundEnabled = newValue } }
  }

  /// Waits until no background checkpoint runs (see ``checkpointsInBackground``).
  /// - Throws: the error that made the last background checkpoint fail, once (its changes stay in
  ///   the log, committed; a later commit starts another checkpoint).
  public func waitForBackgroundWork() throws {
    backgroundGroup.wait()
    let error = lock.withLock {
      defer { backgroundError = nil }
      return backgroundError
    }
    if let error { throw error }
  }

  /// Runs `body` under `writeLock` once no background checkpoint runs.
  private func whenNoCheckpointRuns(_ body: () throws -> Void) throws {
    while true {
      backgroundGroup.wait()
      let ran = try writeLock.withLock {
        if let failure { throw failure }
        guard background == nil else { return false }
        try body()
        return true
      }
      if ran { return }
    }
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
    guard access == .readWrite else { throw DiskIndexError.readOnly }
    try whenNoCheckpointRuns { try checkpointLocked() }
  }

  /// ``checkpoint()``, under `writeLock`.
  private func checkpointLocked() throws {
    var next = lock.withLock { state }
    let generation = next.generation + 1
    try writeSegments(of: &next, generation: generation)
    try publish(State(generation: generation, parts: next.parts))
  }

  /// Writes the items `state` added since the last checkpoint as segment `generation` (absorbing
  /// segments by the merge policy, see ``checkpoint()``) and its changed deletion sets, all synced;
  /// `state` then holds them as committed parts, nothing in memory.
  private func writeSegments(of next: inout State, generation: Int) throws {
    var used = Self.fileNames(of: next.parts)
    let added = try next.addedItems()
    if !added.isEmpty {
      // The merge policy (see `checkpoint()`): the added items and the segments they absorb are
      // written once, as one segment.
      var items = added
      var absorbed = 0
      while let previous = next.parts.last, previous.liveCount <= 2 * items.count {
        items = try previous.liveItems() + items
        next.parts.removeLast()
        absorbed += 1
      }
      let name = Self.unusedName(Self.segmentName(generation: generation), avoiding: &used)
      // One `add` of many items, nothing removed or absorbed: its part's storage is the segment's.
      let built =
        absorbed == 0 && next.memory.count == 1 && next.memory[0].deletions == nil
        ? next.memory[0].segment.storage : nil
      try IndexSegment.write(
        items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable,
        built: built, to: path + "/" + name)
      next.parts.append(
        Part(
          segment: try IndexSegment(
            directory: path, name: name, transliteration: transliteration, searchable: searchable)))
    }
    for index in next.parts.indices where next.parts[index].deletionsChanged {
      guard let deletions = next.parts[index].deletions, let file = next.parts[index].segment.fileName
      else {
        continue
      }
      let name = Self.unusedName(
        (file as NSString).deletingPathExtension + "." + String(generation).leftPadded(to: 6) + ".del",
        avoiding: &used)
      try FileIO.write(deletions.fileBytes(), to: path + "/" + name)
      next.parts[index].deletionsFile = name
      next.parts[index].deletionsChanged = false
    }
    next.memory = []
  }

  /// Starts a background checkpoint of the state just committed (under `writeLock`, nothing
  /// unlogged): see ``checkpointsInBackground``.
  private func startBackgroundCheckpoint() {
    let snapshot = lock.withLock { state }
    background = Background(checkpointedRecords: log?.recordCount ?? 0)
    backgroundGroup.enter()
    // The work holds the index until it ends, so a dropped index finishes it before it closes.
    DispatchQueue.global(qos: .utility).async { [self] in
      defer { backgroundGroup.leave() }
      do {
        try runBackgroundCheckpoint(of: snapshot)
      } catch {
        lock.withLock { backgroundError = error }
      }
    }
  }

  /// Writes `snapshot`'s segments outside the writer's lock, then publishes them with the changes
  /// made since carried over (see ``checkpointsInBackground``).
  private func runBackgroundCheckpoint(of snapshot: State) throws {
    guard let log else { return }
    backgroundHook?(.writing)
    let generation = snapshot.generation + 1
    var next = snapshot
    do {
      try writeSegments(of: &next, generation: generation)
    } catch {
      writeLock.withLock {
        background = nil
        removeUnreferencedFiles()
      }
      throw error
    }
    backgroundHook?(.segmentsWritten)
    try writeLock.withLock {
      guard let carried = background else { return }
      background = nil
      var manifest = manifest(of: next)
      manifest.generation = generation
      manifest.checkpointedRecords = carried.checkpointedRecords
      do {
        try manifest.publish(in: path)
      } catch {
        removeUnreferencedFiles()
        throw error
      }
      backgroundHook?(.manifestPublished)
      // From here the directory holds the new state: a failure leaves this object unusable (the
      // next open reads that state), never a log that drops the records committed meanwhile.
      do {
        let unlogged = lock.withLock { state.unlogged }
        var published = State(generation: generation, parts: next.parts)
        for operation in carried.laterRecords.flatMap(\.operations) {
          try Self.apply(
            operation, to: &published, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
            searchable: searchable)
        }
        published.unlogged = []
        published.unloggedAddedCount = 0
        for operation in unlogged {
          try Self.apply(
            operation, to: &published, isCaseSensitive: isCaseSensitive, transliteration: transliteration,
            searchable: searchable)
        }
        try log.reset(generation: generation, records: carried.laterRecords.map(\.body))
        published.logRecordCount = log.recordCount
        published.logByteCount = log.byteCount
        lock.withLock { state = published }
      } catch {
        failure = error
        throw error
      }
      removeUnreferencedFiles()
    }
  }

  /// Rewrites every live item (committed or not) as one segment, and checkpoints it. Waits first
  /// for a background checkpoint.
  public func merge() throws {
    guard access == .readWrite else { throw DiskIndexError.readOnly }
    try whenNoCheckpointRuns {
      let current = lock.withLock { state }
      let items = try current.allParts.flatMap { try $0.liveItems() }
      let generation = current.generation + 1
      var next = State(generation: generation, parts: [])
      if !items.isEmpty {
        var used = Self.fileNames(of: current.parts)
        let name = Self.unusedName(Self.segmentName(generation: generation), avoiding: &used)
        try IndexSegment.write(
          items, isCaseSensitive: isCaseSensitive, transliteration: transliteration, searchable: searchable,
          to: path + "/" + name)
        next.parts = [
          Part(
            segment: try IndexSegment(
              directory: path, name: name, transliteration: transliteration, searchable: searchable))
        ]
      }
      try publish(next)
    }
  }

  /// Publishes `next` (its new files synced): its manifest, then the state searches see, then an
  /// empty log for it. A crash before the new log is in place leaves the old one, which names an
  /// older generation and is ignored.
  private func publish(_ next: State) throws {
    try manifest(of: next).publish(in: path)
    lock.withLock { state = next }
    try log?.reset(generation: next.generation)
    lock.withLock {
      state.logRecordCount = 0
      state.logByteCount = log?.byteCount ?? 0
    }
    removeUnreferencedFiles()
  }

  private func manifest(of state: State) -> IndexManifest {
    IndexManifest(
      generation: state.generation, isCaseSensitive: isCaseSensitive,
      segments: state.parts.map {
        .init(file: $0.segment.fileName ?? "", itemCount: $0.segment.itemCount, deletions: $0.deletionsFile)
      }, transliteration: transliteration, searchable: searchable)
  }

  /// Deletes the files of earlier states (a crash may leave some): segments, deletion sets and
  /// temporary manifests the current manifest does not name. Best effort: a reader that mapped
  /// one keeps reading it.
  private func removeUnreferencedFiles() {
    let state = lock.withLock { self.state }
    var kept: Set<String> = [IndexManifest.fileName, "LOCK", WriteAheadLog.fileName]
    for part in state.parts {
      if let file = part.segment.fileName { kept.insert(file) }
      if let file = part.deletionsFile { kept.insert(file) }
    }
    for name in FileIO.names(in: path) where !kept.contains(name) {
      if name.hasSuffix(".aks") || name.hasSuffix(".del") || name.hasSuffix(".tmp") {
        unlink(path + "/" + name)
      }
    }
  }

  // MARK: Inspecting

  /// What the index is made of.
  public var info: DiskIndexInfo {
    let state = lock.withLock { self.state }
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
    let state = lock.withLock { self.state }
    for part in state.parts { try part.segment.verify() }
  }

  /// The segments of the committed parts (``verify(_:)``).
  var committedSegments: [IndexSegment] { lock.withLock { state.parts.map(\.segment) } }

  /// The first `count` items of ``items()`` that satisfy `filter` (all when `nil`), decoding only
  /// those (a picker's first screen).
  public func items(prefix count: Int, matching filter: AttributeFilter? = nil) throws -> [AutocompleteItem] {
    let state = lock.withLock { self.state }
    try Self.checkAttributes(filter?.attributeNames ?? [], in: state)
    var items: [AutocompleteItem] = []
    for part in state.allParts where items.count < count {
      let allowed = try filter.map { try part.segment.attributes().mask(for: $0) }
      for owner in 0..<part.segment.itemCount where !(part.deletions?.contains(owner) ?? false) {
        guard items.count < count else { break }
        if let allowed, !allowed.contains(owner) { continue }
        items.append(try part.segment.item(owner))
      }
    }
    return items
  }

  /// How many items satisfy `filter`, changes not yet committed included (the `count` property for `nil`).
  /// - Throws: ``DiskIndexError`` when a segment's stored attributes are damaged.
  public func count(matching filter: AttributeFilter?) throws -> Int {
    guard let filter else { return count }
    let state = lock.withLock { self.state }
    try Self.checkAttributes(filter.attributeNames, in: state)
    var total = 0
    for part in state.allParts where part.liveCount > 0 {
      var allowed = try part.segment.attributes().mask(for: filter)
      if let live = part.deletions?.liveMask { allowed.formIntersection(live) }
      total += allowed.setCount
    }
    return total
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
