import Foundation

/// The one small file (`MANIFEST`) that says which files make up a committed ``DiskIndex``: its
/// segments in order and each one's deletion set. A commit writes the new files, then replaces the
/// manifest atomically (written to `MANIFEST.tmp`, synced, renamed, the directory synced), so a
/// reader or a crash sees the old state or the new one, never a mix.
///
/// File: magic `AKIDXMAN` (8 bytes), format version (4), body byte count (4), checksum of the body
/// (8), then the body, JSON: `{"generation": n, "isCaseSensitive": false, "segments": [{"file":
/// "seg-000001.aks", "itemCount": 3, "deletions": "seg-000001.000004.del"}], "transliteration":
/// "latin", "searchableAttributes": ["country"], "checkpointedRecords": 12}` (`transliteration` only
/// in an index built with Latin readings, `searchableAttributes` only in one built with some;
/// `checkpointedRecords` only when a background checkpoint wrote it). File names are
/// relative to the index's directory (a plain name, no `/`), so the directory can be copied or moved.
struct IndexManifest: Codable, Equatable, Sendable {
  static let fileName = "MANIFEST"
  static let magic: [UInt8] = Array("AKIDXMAN".utf8)
  static let headerSize = 24

  /// One segment and its deletions.
  struct Segment: Codable, Equatable, Sendable {
    var file: String
    var itemCount: Int
    var deletions: String?
  }

  /// Increases with every commit; new files are named after it.
  var generation: Int
  var isCaseSensitive: Bool
  var segments: [Segment]
  /// `"latin"` when every segment is built with Latin readings (``Transliteration/latin``); absent
  /// (as in files written before readings) for none.
  var transliteration: String?
  /// The string attributes whose values every segment keys, in order (``SearchableAttributes``);
  /// absent (as in files written before them) for none.
  var searchableAttributes: [String]?
  /// Written by a background checkpoint (see ``DiskIndex``): its segments hold the first this many
  /// records of the log of the generation before, whose later records (committed while it wrote)
  /// still apply until a log of this generation replaces that one. Absent: every record of an older
  /// log is in the segments.
  var checkpointedRecords: Int?

  /// The manifest's bytes.
  func fileBytes() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let body = [UInt8](try encoder.encode(self))
    var bytes = Self.magic
    bytes.append(littleEndian: SegmentFile.version)
    bytes.append(littleEndian: UInt32(body.count))
    bytes.append(littleEndian: body.withUnsafeBytes { Checksum.of($0) })
    return bytes + body
  }

  /// Reads the manifest in `bytes`.
  init(fileBytes bytes: UnsafeRawBufferPointer) throws {
    let name = Self.fileName
    try SegmentFile.checkPreamble(of: bytes, magic: Self.magic, headerSize: Self.headerSize, name: name)
    let count = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
    guard bytes.count == Self.headerSize + count else {
      if bytes.count < Self.headerSize + count {
        throw DiskIndexError.truncated(file: name, expected: Self.headerSize + count, actual: bytes.count)
      }
      throw DiskIndexError.malformed(file: name, reason: "bytes after the body")
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])
    guard Checksum.of(body) == bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self) else {
      throw DiskIndexError.checksumMismatch(file: name, part: "body")
    }
    do {
      self = try JSONDecoder().decode(IndexManifest.self, from: Data(body))
    } catch {
      throw DiskIndexError.malformed(file: name, reason: "body is not a manifest")
    }
    func isPlainName(_ file: String) -> Bool {
      !file.isEmpty && !file.contains("/") && file != "." && file != ".." && !file.contains("\0")
    }
    guard (0...Self.largestGeneration).contains(generation) else {
      throw DiskIndexError.malformed(file: name, reason: "generation \(generation) out of range")
    }
    // Every file named once: a segment listed twice would count its items twice (and a writer
    // would remove or rewrite a file still in use), a deletion set shared or named like a
    // segment or the index's own files would mix them up.
    var named: Set<String> = [Self.fileName, WriteAheadLog.fileName, "LOCK"]
    for segment in segments {
      guard isPlainName(segment.file), segment.deletions.map(isPlainName) ?? true, segment.itemCount >= 0
      else { throw DiskIndexError.malformed(file: name, reason: "segment entry \(segment.file)") }
      for file in [segment.file] + (segment.deletions.map { [$0] } ?? []) {
        guard named.insert(file).inserted else {
          throw DiskIndexError.malformed(
            file: name, reason: "names \(file) twice, or as one of its own files")
        }
      }
    }
    guard (checkpointedRecords ?? 0) >= 0 else {
      throw DiskIndexError.malformed(file: name, reason: "checkpointed records")
    }
  }

  init(
    generation: Int, isCaseSensitive: Bool, segments: [Segment], transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none, checkpointedRecords: Int? = nil
  ) {
    self.generation = generation
    self.isCaseSensitive = isCaseSensitive
    self.segments = segments
    self.transliteration = Self.name(of: transliteration)
    self.searchableAttributes = searchable.isEmpty ? nil : searchable.names
    self.checkpointedRecords = checkpointedRecords
  }

  /// The largest generation a manifest may hold: far more commits than any index makes, far below
  /// the overflow of the numbers computed from it.
  static let largestGeneration = 1 << 48

  /// Publishes this manifest in `directory`: the new files it names must already be synced.
  func publish(in directory: String) throws {
    guard (0...Self.largestGeneration).contains(generation) else {
      throw DiskIndexError.tooLarge(reason: "generation \(generation), past \(Self.largestGeneration)")
    }
    let temporary = directory + "/" + Self.fileName + ".tmp"
    try FileIO.write(try fileBytes(), to: temporary)
    try FileIO.rename(temporary, to: directory + "/" + Self.fileName)
    try FileIO.syncDirectory(directory)
  }
}
