import Foundation

/// The log (`WAL`) a ``DiskIndex`` commits to: each commit appends its changes as one checksummed
/// record and syncs it once (`fdatasync`), instead of writing a segment, a manifest and the
/// directory, as SQLite's write-ahead log does. Opening replays the records on top of the manifest's
/// segments; a checkpoint writes them as segments the durable way (see ``IndexManifest``) and starts
/// a new, empty log.
///
/// File: a header of 32 bytes — magic `AKIDXWAL` (8), format version (4), header size (4), the
/// manifest generation the log applies to (8), checksum of bytes 0..<24 (8) — then the records, each
/// `[byte count n (4)][sequence number (4)][body (n)][checksum of the previous n + 8 bytes (8)]`,
/// numbered from 1. A body is a list of operations, each `[kind (1)][byte count (4)][bytes]`: kind 1
/// removes the items whose id is the UTF-8 bytes; kind 2 adds items, the bytes a segment file holding
/// only their stored fields (``StoredItems``). An update is a removal, then an add. Integers are
/// little-endian.
///
/// A new log is written whole to `WAL.tmp`, synced, renamed and the directory synced, so the header
/// is never torn. A log whose generation is below the manifest's was checkpointed already (a crash
/// came before the new log was in place): its records are in the segments, and it is ignored; but
/// when a background checkpoint wrote that manifest, the records it did not hold (the manifest's
/// `checkpointedRecords` says how many it did) are replayed, and a writer opening it rewrites them
/// as the log of the manifest's generation.
///
/// Torn tails: a commit is acknowledged once its record is synced, and the next record is written
/// only after that, so a crash can damage only the last record. A record that fails its checks is
/// dropped as that unacknowledged tail when nothing follows it: it runs to or past the end of the
/// file, or only zero bytes follow its start. Never silently: a byte count damaged on disk looks
/// the same and can hide acknowledged commits, so the index reports it (``DiskIndex/warnings``) and
/// a writer keeps the whole log as `WAL.damaged-N` before it cuts the tail. A damaged record with
/// bytes after it is damage to acknowledged commits: an error.
struct WriteAheadLog {
  static let fileName = "WAL"
  static let magic: [UInt8] = Array("AKIDXWAL".utf8)
  static let headerSize = 32
  /// A record's bytes besides its body: the byte count and sequence number before it, the checksum after.
  static let recordOverhead = 16

  /// One change, as the log keeps it.
  enum Operation {
    /// Remove the items whose id is this.
    case remove(id: String)
    /// Add these items after every item.
    case add([AutocompleteItem])
  }

  /// What a log file holds.
  struct Contents {
    /// The generation of the manifest its records apply to.
    var generation: Int
    /// The records' operations, in order.
    var records: [[Operation]]
    /// Where the last valid record ends (the bytes after it are a dropped torn tail).
    var validEnd: Int
    /// The file's size.
    var fileSize: Int
    /// What was wrong with the bytes after `validEnd` when some were dropped (a damaged or torn
    /// last record), for the index's ``DiskIndex/warnings``.
    var damage: String?
  }

  // MARK: Encoding

  /// The body of a record holding `operations`.
  static func body(of operations: [Operation], isCaseSensitive: Bool) throws -> [UInt8] {
    var body: [UInt8] = []
    for operation in operations {
      let kind: UInt8
      let bytes: [UInt8]
      switch operation {
      case .remove(let id):
        kind = 1
        bytes = Array(id.utf8)
      case .add(let items):
        kind = 2
        var writer = SegmentFileWriter(sectionCount: StoredItems.sectionCount)
        try StoredItems.write(items, to: &writer)
        let flags: SegmentFile.Flags = isCaseSensitive ? [.caseSensitive] : []
        bytes = writer.finish(flags: flags, itemCount: items.count, keyCount: 0)
      }
      guard bytes.count < Int(UInt32.max) else {
        throw DiskIndexError.tooLarge(reason: "a log record over 4 GiB")
      }
      body.append(kind)
      body.append(littleEndian: UInt32(bytes.count))
      body += bytes
    }
    guard body.count < Int(UInt32.max) - recordOverhead else {
      throw DiskIndexError.tooLarge(reason: "a log record over 4 GiB")
    }
    return body
  }

  /// The record numbered `sequence` holding `body`.
  static func record(_ body: [UInt8], sequence: Int) -> [UInt8] {
    var record: [UInt8] = []
    record.reserveCapacity(body.count + recordOverhead)
    record.append(littleEndian: UInt32(body.count))
    record.append(littleEndian: UInt32(truncatingIfNeeded: sequence))
    record += body
    record.append(littleEndian: record.withUnsafeBytes { Checksum.of($0) })
    return record
  }

  /// The header of a log applying to the manifest of `generation`.
  static func header(generation: Int) -> [UInt8] {
    var bytes = magic
    bytes.append(littleEndian: SegmentFile.version)
    bytes.append(littleEndian: UInt32(headerSize))
    bytes.append(littleEndian: UInt64(generation))
    bytes.append(littleEndian: bytes.withUnsafeBytes { Checksum.of($0) })
    return bytes
  }

  // MARK: Reading

  /// Reads the log in `bytes` (the file named ``fileName``).
  /// - Throws: ``DiskIndexError`` for a damaged header or a damaged record that is not the tail.
  static func read(_ bytes: UnsafeRawBufferPointer) throws -> Contents {
    let name = fileName
    try SegmentFile.checkPreamble(of: bytes, magic: magic, headerSize: headerSize, name: name)
    guard
      Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<24]))
        == bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    else { throw DiskIndexError.checksumMismatch(file: name, part: "header") }
    guard bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self) == UInt32(headerSize) else {
      throw DiskIndexError.malformed(file: name, reason: "header size")
    }
    let generation = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    guard generation <= UInt64(Int.max) else {
      throw DiskIndexError.malformed(file: name, reason: "generation")
    }
    var contents = Contents(
      generation: Int(generation), records: [], validEnd: headerSize, fileSize: bytes.count)
    var position = headerSize
    while position < bytes.count {
      let problem: String
      if bytes.count - position < recordOverhead {
        problem = "cut short"
      } else {
        let count = Int(bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
        let sequence = Int(bytes.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self))
        let end = position + 8 + count + 8
        if end > bytes.count {
          problem = "cut short"
        } else if Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[position..<(end - 8)]))
          != bytes.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
        {
          problem = "checksum differs"
        } else if sequence != contents.records.count + 1 {
          problem = "numbered \(sequence) after \(contents.records.count)"
        } else {
          let body = UnsafeRawBufferPointer(rebasing: bytes[(position + 8)..<(end - 8)])
          contents.records.append(try operations(in: body, record: sequence))
          position = end
          contents.validEnd = end
          continue
        }
        // A damaged record with bytes after it (other than zeros) held acknowledged commits.
        if problem.hasPrefix("numbered") || (end < bytes.count && bytes[end...].contains { $0 != 0 }) {
          throw DiskIndexError.malformed(
            file: name, reason: "record \(contents.records.count + 1) at byte \(position): \(problem)")
        }
      }
      contents.damage =
        "record \(contents.records.count + 1) at byte \(position) is damaged (\(problem)):"
        + " the \(bytes.count - position) bytes from there on were dropped"
      break  // the torn tail, never acknowledged: dropped, with a warning
    }
    return contents
  }

  /// The operations of the (checked) body of record `record`.
  private static func operations(in body: UnsafeRawBufferPointer, record: Int) throws -> [Operation] {
    func damaged(_ what: String) -> DiskIndexError {
      .malformed(file: fileName, reason: "record \(record): \(what)")
    }
    var operations: [Operation] = []
    var position = 0
    while position < body.count {
      guard body.count - position >= 5 else { throw damaged("operation cut short") }
      let kind = body[position]
      let count = Int(body.loadUnaligned(fromByteOffset: position + 1, as: UInt32.self))
      guard count <= body.count - position - 5 else { throw damaged("operation cut short") }
      let bytes = UnsafeRawBufferPointer(rebasing: body[(position + 5)..<(position + 5 + count)])
      position += 5 + count
      switch kind {
      case 1:
        guard let id = String(bytes: bytes, encoding: .utf8) else { throw damaged("an id is not UTF-8") }
        operations.append(.remove(id: id))
      case 2:
        let file = MappedFile(copying: bytes, path: fileName)
        var segment = try SegmentFile(file: file, name: fileName + " record \(record)")
        try segment.checkAllSections()
        let stored = try StoredItems(segment: segment)
        operations.append(.add(try (0..<segment.itemCount).map { try stored.item($0) }))
      default:
        throw damaged("operation of kind \(kind)")
      }
    }
    return operations
  }
}

extension WriteAheadLog {
  /// The log a writer appends to: its open file, where its valid bytes end, how many records it holds.
  /// Used only under the writer's lock.
  final class Writer {
    private let directory: String
    private var descriptor: Int32 = -1
    /// The generation of the manifest the open log applies to.
    private(set) var generation: Int
    /// Where the log's last record ends (its size), 0 when no log is open.
    private(set) var byteCount = 0
    /// How many records the log holds.
    private(set) var recordCount = 0

    /// The writer of the log in `directory` read as `contents` (nothing open when `nil` or stale for
    /// the manifest of `generation`); a torn tail is cut off.
    init(directory: String, generation: Int, contents: WriteAheadLog.Contents?) throws {
      self.directory = directory
      self.generation = generation
      guard let contents else { return }
      let path = directory + "/" + WriteAheadLog.fileName
      if contents.validEnd < contents.fileSize {
        // Kept aside whole before the tail is cut or the log replaced: what was dropped may be
        // acknowledged commits behind a damaged byte count, recoverable by hand.
        keptAside = try Self.keepAside(path, in: directory)
      }
      guard contents.generation == generation else { return }
      let descriptor = try FileIO.openRegularFile(path, flags: O_RDWR)
      if contents.validEnd < contents.fileSize {
        guard ftruncate(descriptor, off_t(contents.validEnd)) == 0, FileIO.syncData(descriptor) else {
          let code = errno
          close(descriptor)
          throw DiskIndexError.io(path: path, operation: "truncate", code: code)
        }
      }
      self.descriptor = descriptor
      byteCount = contents.validEnd
      recordCount = contents.records.count
    }

    /// The name of the copy of the log kept when opening dropped a damaged tail
    /// (`WAL.damaged-1`, or the next number free), `nil` when nothing was dropped.
    private(set) var keptAside: String?

    deinit {
      if descriptor >= 0 { close(descriptor) }
    }

    /// Copies the log at `path` to the first free name `WAL.damaged-N` in `directory`, synced;
    /// returns that name.
    private static func keepAside(_ path: String, in directory: String) throws -> String {
      let bytes = try FileIO.read(path)
      var number = 1
      while FileIO.exists(directory + "/" + WriteAheadLog.fileName + ".damaged-" + String(number)) {
        number += 1
      }
      let name = WriteAheadLog.fileName + ".damaged-" + String(number)
      try FileIO.write(bytes, to: directory + "/" + name)
      try FileIO.syncDirectory(directory)
      return name
    }

    /// Appends a record holding `body` to the log of the manifest of `generation` (a new log when the
    /// open one applies to another), synced once. On an error the log is as before (or replaced by
    /// an empty one at the next append) and nothing is acknowledged.
    func append(_ body: [UInt8], generation: Int) throws {
      if descriptor < 0 || self.generation != generation { try reset(generation: generation) }
      let path = directory + "/" + WriteAheadLog.fileName
      let record = WriteAheadLog.record(body, sequence: recordCount + 1)
      do {
        try record.withUnsafeBytes { try FileIO.write($0, to: descriptor, at: byteCount, path: path) }
        guard FileIO.syncData(descriptor) else {
          throw DiskIndexError.io(path: path, operation: "fsync", code: errno)
        }
      } catch {
        // Best effort: cut the unacknowledged bytes; when that fails too, the next append starts a new log.
        if ftruncate(descriptor, off_t(byteCount)) != 0 { closeLog() }
        throw error
      }
      byteCount += record.count
      recordCount += 1
    }

    /// Replaces the log by one applying to the manifest of `generation` holding `records` (record
    /// bodies, numbered from 1): empty after a checkpoint that wrote every change, the changes
    /// committed meanwhile after a background one. Written whole, synced, renamed into place, the
    /// directory synced. Until the rename the open log stays as it was.
    func reset(generation: Int, records: [[UInt8]] = []) throws {
      let path = directory + "/" + WriteAheadLog.fileName
      let temporary = path + ".tmp"
      var bytes = WriteAheadLog.header(generation: generation)
      for (index, body) in records.enumerated() { bytes += WriteAheadLog.record(body, sequence: index + 1) }
      try FileIO.write(bytes, to: temporary)
      try FileIO.rename(temporary, to: path)
      closeLog()
      try FileIO.syncDirectory(directory)
      let descriptor = try FileIO.openRegularFile(path, flags: O_RDWR)
      self.descriptor = descriptor
      self.generation = generation
      byteCount = bytes.count
      recordCount = records.count
    }

    private func closeLog() {
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
      byteCount = 0
      recordCount = 0
    }
  }
}
