import Foundation

/// Opens a ``DiskIndex``'s directory: reads its manifest, maps the segments it names with their
/// deletion sets, and replays the write-ahead log on them; starts over when a writer's checkpoint
/// replaced the files while it read them.
enum DiskIndexLoader {
  /// What opening reads: the manifest, the state it and the log describe, the log.
  struct Opened {
    var manifest: IndexManifest
    var state: DiskIndex.State
    var log: WriteAheadLog.Contents?
    /// Whether the log's records are the later ones of the generation before (see `readLog`).
    var isCarried: Bool
  }

  /// Reads the index in `path`. A writer's checkpoint may replace the manifest, delete the files
  /// the old one named and replace the log while this reads them: a failure after which the
  /// manifest's bytes differ from the ones read is such a race, and the whole read starts again
  /// (up to ``DiskIndex/openAttempts`` times), so a reader opens one committed state or fails for
  /// a reason that stays.
  static func load(_ path: String, verification: DiskIndex.Verification) throws -> Opened {
    let manifestPath = path + "/" + IndexManifest.fileName
    var attempt = 1
    while true {
      let bytes = try FileIO.read(manifestPath)
      do {
        let manifest = try bytes.withUnsafeBytes { try IndexManifest(fileBytes: $0) }
        return try load(path, manifest: manifest, verification: verification)
      } catch {
        guard attempt < DiskIndex.openAttempts, (try? FileIO.read(manifestPath)) != bytes else { throw error }
        attempt += 1
      }
    }
  }

  /// Reads the segments `manifest` names and replays the log on them.
  private static func load(_ path: String, manifest: IndexManifest, verification: DiskIndex.Verification)
    throws -> Opened
  {
    let transliteration = try manifest.readingOption()
    let searchable = SearchableAttributes(manifest.searchableAttributes ?? [])
    var parts: [DiskIndex.Part] = []
    for entry in manifest.segments {
      let segment = try IndexSegment(
        directory: path, name: entry.file, checksSections: verification == .checksums,
        transliteration: transliteration, searchable: searchable)
      guard segment.itemCount == entry.itemCount, segment.isCaseSensitive == manifest.isCaseSensitive else {
        throw DiskIndexError.malformed(file: entry.file, reason: "differs from its manifest entry")
      }
      var part = DiskIndex.Part(segment: segment)
      if let deletions = entry.deletions {
        let file = try MappedFile(path: path + "/" + deletions)
        part.deletions = try DeletionSet(fileBytes: file.bytes, count: segment.itemCount, name: deletions)
        part.deletionsFile = deletions
      }
      parts.append(part)
    }
    var state = DiskIndex.State(generation: manifest.generation, parts: parts)
    let (contents, isCarried) = try readLog(path, manifest: manifest)
    let operations = DiskIndexOperations(
      settings: SegmentSettings(
        path: path, isCaseSensitive: manifest.isCaseSensitive, transliteration: transliteration,
        searchable: searchable))
    for record in contents?.records ?? [] {
      try operations.apply(record, to: &state)
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
}
