import Foundation

/// One immutable segment of a ``DiskIndex``: a file holding a built ``IndexStorage`` (folded keys,
/// sorted orders, ranks, the trie's tables) and its items' stored fields, written once and never
/// changed, read by mapping it into memory.
///
/// All integers are little-endian (a big-endian host refuses the file); every section starts at a
/// multiple of 64 bytes from the file's start (a mapping starts on a page), so each can be read as
/// an array of its element type in place.
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 8 | magic `AKIDXSEG` |
/// | 8 | 4 | format version (``version``, 1) |
/// | 12 | 4 | header size (64) |
/// | 16 | 4 | flags: 1 case-sensitive, 2 keys sorted, 4 some key lost whitespace at an end |
/// | 20 | 4 | section count *n* |
/// | 24 | 8 | item count |
/// | 32 | 8 | key count |
/// | 40 | 8 | file size (a shorter file is truncated) |
/// | 48 | 8 | checksum of the section table |
/// | 56 | 8 | checksum of bytes 0..<56 |
/// | 64 | 32 *n* | section table: tag (4 ASCII bytes), element size (4), offset (8), byte count (8), checksum (8) |
/// | … | … | sections, each 64-byte aligned, zero padding between |
///
/// The header and the section table are checked when the file is opened; every section's checksum
/// at a checked open (``checkAllSections(leaving:)``) or by ``DiskIndex/verify()``, which also decodes each
/// record with bounds checks, so a damaged one is an error, not a crash. Readers skip sections whose
/// tags they do not know, so a later version can add sections (the filters' attributes, extra keys)
/// without breaking older ones within a version.
struct SegmentFile: @unchecked Sendable {
  static let magic: [UInt8] = Array("AKIDXSEG".utf8)
  static let version: UInt32 = 1
  static let headerSize = 64
  static let tableEntrySize = 32
  static let alignment = 64

  /// Header flags.
  struct Flags: OptionSet {
    let rawValue: UInt32
    static let caseSensitive = Flags(rawValue: 1)
    static let sorted = Flags(rawValue: 2)
    static let droppedWhitespace = Flags(rawValue: 4)
    /// A word index's dictionary (``IndexStorage/isWordDictionary``): given to its subfile by the
    /// reader, never stored in a header.
    static let wordDictionary = Flags(rawValue: 1 << 16)
  }

  /// Where one section lies.
  struct Section {
    let elementSize: Int
    let offset: Int
    let byteCount: Int
    let checksum: UInt64
  }

  let file: MappedFile
  /// The file's name, for errors.
  let name: String
  private(set) var flags: Flags
  private(set) var itemCount: Int
  private(set) var keyCount: Int
  private(set) var sections: [UInt32: Section]
  /// Whether every section was checked against its checksum (``checkAllSections(leaving:)``): reads
  /// need not check again, but for those it left.
  private(set) var checkedAllSections = false
  /// Where the sections that ``checkAllSections(leaving:)`` left unchecked start: a read of one of
  /// them that asks for checks checks it.
  private(set) var uncheckedOffsets: Set<Int> = []
  /// The tag space of a ``subfile(space:itemCount:keyCount:flags:)`` (0 for the file itself): its
  /// sections' tags in the file are theirs with these bits set, which messages name.
  private(set) var space: UInt32 = 0

  /// The sections written with ``SegmentFileWriter/tagSpace`` `space`, read as a file of their own
  /// with `itemCount` items and `keyCount` keys: how a word index's dictionary (an ``IndexStorage``
  /// of its own) lives inside the segment of the keys it indexes.
  func subfile(space: UInt32, itemCount: Int, keyCount: Int, flags: Flags) -> SegmentFile {
    var copy = self
    copy.sections = Dictionary(
      uniqueKeysWithValues: sections.compactMap { tag, section in
        tag & space == space ? (tag ^ space, section) : nil
      })
    (copy.itemCount, copy.keyCount, copy.flags, copy.space) = (itemCount, keyCount, flags, self.space | space)
    return copy
  }

  /// A section tag from its four ASCII characters.
  static func tag(_ text: StaticString) -> UInt32 {
    precondition(text.utf8CodeUnitCount == 4)
    let p = text.utf8Start
    return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
  }

  /// The tag's four characters; a tag of the word dictionary's space (the high bit of its last
  /// byte set) is named as the dictionary's, so that "look" and the dictionary's "look" differ.
  static func name(ofTag tag: UInt32) -> String {
    let high: UInt32 = 0x8000_0000
    let plain = tag & ~high
    let name = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: plain >> (8 * $0)) }, as: UTF8.self)
    return tag & high == 0 ? name : "\(name) (word dictionary)"
  }

  /// The name of this file's section `tag` in messages (``name(ofTag:)`` of its tag in the file).
  func sectionName(_ tag: UInt32) -> String {
    Self.name(ofTag: tag | space)
  }

  /// Opens the segment at `path`, checking its header and section table.
  init(path: String) throws {
    try self.init(file: MappedFile(path: path), name: (path as NSString).lastPathComponent)
  }

  init(file: MappedFile, name: String) throws {
    self.file = file
    self.name = name
    let bytes = file.bytes
    guard 1.littleEndian == 1 else { throw DiskIndexError.malformed(file: name, reason: "big-endian host") }
    try Self.checkPreamble(of: bytes, magic: Self.magic, headerSize: Self.headerSize, name: name)
    func u32(_ at: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self) }
    func u64(_ at: Int) -> UInt64 { bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
    guard Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<56])) == u64(56) else {
      throw DiskIndexError.checksumMismatch(file: name, part: "header")
    }
    guard u32(12) == UInt32(Self.headerSize) else {
      throw DiskIndexError.malformed(file: name, reason: "header size \(u32(12))")
    }
    let fileSize = u64(40)
    guard fileSize <= UInt64(Int.max), Int(fileSize) == bytes.count else {
      if fileSize > UInt64(bytes.count) {
        throw DiskIndexError.truncated(file: name, expected: Int(clamping: fileSize), actual: bytes.count)
      }
      throw DiskIndexError.malformed(
        file: name, reason: "\(bytes.count) bytes where \(fileSize) were written")
    }
    let count = Int(u32(20))
    let tableEnd = Self.headerSize + count * Self.tableEntrySize
    guard count <= 4096, tableEnd <= bytes.count else {
      throw DiskIndexError.malformed(file: name, reason: "\(count) sections")
    }
    guard Checksum.of(UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize..<tableEnd])) == u64(48) else {
      throw DiskIndexError.checksumMismatch(file: name, part: "section table")
    }
    guard u64(24) <= UInt64(UInt32.max), u64(32) <= UInt64(UInt32.max) else {
      throw DiskIndexError.malformed(file: name, reason: "item or key count over 2^32")
    }
    flags = Flags(rawValue: u32(16)).subtracting(.wordDictionary)
    itemCount = Int(u64(24))
    keyCount = Int(u64(32))
    var sections: [UInt32: Section] = [:]
    for index in 0..<count {
      let at = Self.headerSize + index * Self.tableEntrySize
      let (tag, width, offset, size) = (u32(at), Int(u32(at + 4)), u64(at + 8), u64(at + 16))
      guard [1, 2, 4, 8].contains(width), offset % UInt64(Self.alignment) == 0, offset >= UInt64(tableEnd),
        size % UInt64(width) == 0, offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset
      else {
        throw DiskIndexError.malformed(file: name, reason: "section \(Self.name(ofTag: tag)) out of place")
      }
      sections[tag] = Section(
        elementSize: width, offset: Int(offset), byteCount: Int(size), checksum: u64(at + 24))
    }
    self.sections = sections
  }

  /// Checks what every file of the index starts with: its 8-byte magic number, then (at byte 8) the
  /// format version, in a header of `headerSize` bytes.
  static func checkPreamble(of bytes: UnsafeRawBufferPointer, magic: [UInt8], headerSize: Int, name: String)
    throws
  {
    guard bytes.count >= 8, bytes.prefix(8).elementsEqual(magic) else {
      throw DiskIndexError.notAnIndex(file: name)
    }
    guard bytes.count >= headerSize else {
      throw DiskIndexError.truncated(file: name, expected: headerSize, actual: bytes.count)
    }
    let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
    guard version == Self.version else {
      throw DiskIndexError.unsupportedVersion(file: name, found: version, supported: Self.version)
    }
  }

  /// The bytes of section `tag`, checked against its checksum when `checks` (unless
  /// ``checkAllSections(leaving:)`` did); `nil` when absent.
  func bytes(_ tag: UInt32, checks: Bool = true) throws -> UnsafeRawBufferPointer? {
    guard let section = sections[tag] else { return nil }
    let slice = UnsafeRawBufferPointer(
      rebasing: file.bytes[section.offset..<(section.offset + section.byteCount)])
    if checks, !checkedAllSections || uncheckedOffsets.contains(section.offset),
      Checksum.of(slice) != section.checksum
    {
      throw DiskIndexError.checksumMismatch(file: name, part: "section \(sectionName(tag))")
    }
    return slice
  }

  /// Checks every section against its checksum, on every core for a large file: the checksum is a
  /// chain of dependent multiplications (about 3 GB/s on one core here), and a checked open of a
  /// 75 MB index spent most of its time in it, one section after the other. Sections are
  /// independent, so they are checked side by side, the largest first. Throws the mismatch of the
  /// damaged section that comes first in the file, as checking them in turn would. The sections
  /// whose tags `isLeft` names are left for their first checked read (a word index's, which only
  /// some queries read).
  mutating func checkAllSections(leaving isLeft: (UInt32) -> Bool = { _ in false }) throws {
    let list = sections.filter { !isLeft($0.key) }.sorted {
      $0.value.byteCount != $1.value.byteCount
        ? $0.value.byteCount > $1.value.byteCount : $0.key < $1.key
    }
    /// The file's bytes and a result per section, each written by one thread only.
    struct Shared: @unchecked Sendable {
      let bytes: UnsafeRawBufferPointer
      let matches: UnsafeMutableBufferPointer<Bool>
    }
    let shared = Shared(
      bytes: file.bytes, matches: UnsafeMutableBufferPointer<Bool>.allocate(capacity: list.count))
    defer { shared.matches.deallocate() }
    let check = { @Sendable (index: Int) in
      let section = list[index].value
      let slice = UnsafeRawBufferPointer(
        rebasing: shared.bytes[section.offset..<(section.offset + section.byteCount)])
      shared.matches[index] = Checksum.of(slice) == section.checksum
    }
    let matches = shared.matches
    if shared.bytes.count >= Self.concurrentCheckSize {
      DispatchQueue.concurrentPerform(iterations: list.count, execute: check)
    } else {
      for index in list.indices { check(index) }
    }
    let damaged = list.indices.filter { !matches[$0] }.map { list[$0].key }
    if let tag = damaged.min(by: { sections[$0]!.offset < sections[$1]!.offset }) {
      throw DiskIndexError.checksumMismatch(file: name, part: "section \(sectionName(tag))")
    }
    uncheckedOffsets = Set(sections.filter { isLeft($0.key) }.map(\.value.offset))
    checkedAllSections = true
  }

  /// This file with every section checked against its checksum now, whether or not it was before.
  func checkingAllSections() throws -> SegmentFile {
    var copy = self
    copy.checkedAllSections = false
    copy.uncheckedOffsets = []
    try copy.checkAllSections()
    return copy
  }

  /// The file size from which ``checkAllSections(leaving:)`` checks sections side by side.
  static let concurrentCheckSize = 1 << 20

  /// Section `tag` read in place as a column of `T` (no copy: its pages are read when a search
  /// touches them), checked against its checksum when `checks`; an error when it is absent or its
  /// element size differs, or (given) when its count is not `count`.
  func column<T: FixedWidthInteger>(
    _ tag: UInt32, as type: T.Type, count: Int? = nil, checks: Bool
  ) throws -> Column<T> {
    let raw = try elements(tag, as: type, count: count, checks: checks)
    // Sections start at multiples of 64 bytes from a page-aligned mapping: aligned for any `T`.
    return Column(
      mapped: raw.baseAddress ?? UnsafeRawPointer(bitPattern: 64)!, count: raw.count / MemoryLayout<T>.size,
      in: file)
  }

  /// Section `tag` copied into an array of `T`, checked; an error when it is absent or its
  /// element size differs, or (given) when its count is not `count`.
  func array<T: FixedWidthInteger>(_ tag: UInt32, as type: T.Type, count: Int? = nil) throws -> [T] {
    let raw = try elements(tag, as: type, count: count, checks: true)
    // Not `init(unsafeUninitializedCapacity:)`: asked for no elements, it writes the count of the
    // runtime's shared empty array, a data race with every thread reading an empty array.
    return [T](fullyInitializedCount: raw.count / MemoryLayout<T>.size) { buffer in
      UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
    }
  }

  /// The bytes of section `tag`, made of elements of `T` (`count` of them when given).
  private func elements<T: FixedWidthInteger>(_ tag: UInt32, as type: T.Type, count: Int?, checks: Bool)
    throws
    -> UnsafeRawBufferPointer
  {
    guard let raw = try bytes(tag, checks: checks) else {
      throw DiskIndexError.malformed(file: name, reason: "section \(sectionName(tag)) missing")
    }
    guard sections[tag]?.elementSize == MemoryLayout<T>.size else {
      throw DiskIndexError.malformed(
        file: name, reason: "section \(sectionName(tag)) has another element size")
    }
    let elements = raw.count / MemoryLayout<T>.size
    if let count, elements != count {
      throw DiskIndexError.malformed(
        file: name, reason: "section \(sectionName(tag)) holds \(elements) entries, not \(count)")
    }
    return raw
  }
}

/// Lays out a segment file: sections appended one after the other, each aligned, then the header and
/// the table written in front (``SegmentFile``).
struct SegmentFileWriter {
  private var table: [(tag: UInt32, width: Int, offset: Int, count: Int, checksum: UInt64)] = []
  private var body: [UInt8] = []
  private let sectionCount: Int
  /// Set into the tag of every section added (``SegmentFile/subfile(space:itemCount:keyCount:flags:)``):
  /// 0 for the file's own sections.
  var tagSpace: UInt32 = 0

  /// A writer for a file of `sectionCount` sections (the table's room is reserved up front).
  init(sectionCount: Int) {
    self.sectionCount = sectionCount
    body = [UInt8](
      repeating: 0, count: Self.aligned(SegmentFile.headerSize + sectionCount * SegmentFile.tableEntrySize))
  }

  private static func aligned(_ offset: Int) -> Int {
    (offset + SegmentFile.alignment - 1) / SegmentFile.alignment * SegmentFile.alignment
  }

  /// Appends section `tag` holding `array`.
  mutating func add<T: FixedWidthInteger>(_ tag: UInt32, _ array: [T]) {
    array.withUnsafeBytes { add(tag, raw: $0, width: MemoryLayout<T>.size) }
  }

  /// Appends section `tag` holding `column`'s elements.
  mutating func add<T: FixedWidthInteger>(_ tag: UInt32, _ column: Column<T>) {
    column.withUnsafeBytes { add(tag, raw: $0, width: MemoryLayout<T>.size) }
  }

  /// Appends section `tag` holding `raw`, made of elements of `width` bytes.
  mutating func add(_ tag: UInt32, raw: UnsafeRawBufferPointer, width: Int) {
    precondition(table.count < sectionCount)
    let offset = body.count
    body.append(contentsOf: raw)
    table.append((tag | tagSpace, width, offset, raw.count, Checksum.of(raw)))
    body.append(contentsOf: repeatElement(0, count: Self.aligned(body.count) - body.count))
  }

  /// The finished file.
  mutating func finish(flags: SegmentFile.Flags, itemCount: Int, keyCount: Int) -> [UInt8] {
    precondition(table.count == sectionCount)
    var header = [UInt8](repeating: 0, count: SegmentFile.headerSize)
    var entries: [UInt8] = []
    for entry in table {
      entries.append(littleEndian: entry.tag)
      entries.append(littleEndian: UInt32(entry.width))
      entries.append(littleEndian: UInt64(entry.offset))
      entries.append(littleEndian: UInt64(entry.count))
      entries.append(littleEndian: entry.checksum)
    }
    header.replaceSubrange(0..<8, with: SegmentFile.magic)
    header.store(littleEndian: SegmentFile.version, at: 8)
    header.store(littleEndian: UInt32(SegmentFile.headerSize), at: 12)
    header.store(littleEndian: flags.rawValue, at: 16)
    header.store(littleEndian: UInt32(table.count), at: 20)
    header.store(littleEndian: UInt64(itemCount), at: 24)
    header.store(littleEndian: UInt64(keyCount), at: 32)
    header.store(littleEndian: UInt64(body.count), at: 40)
    header.store(littleEndian: entries.withUnsafeBytes { Checksum.of($0) }, at: 48)
    header.store(
      littleEndian: header.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[0..<56])) },
      at: 56)
    body.replaceSubrange(0..<SegmentFile.headerSize, with: header)
    body.replaceSubrange(SegmentFile.headerSize..<(SegmentFile.headerSize + entries.count), with: entries)
    return body
  }
}

extension [UInt8] {
  /// Appends `value`'s little-endian bytes.
  mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }

  /// Stores `value`'s little-endian bytes at `offset`.
  mutating func store<T: FixedWidthInteger>(littleEndian value: T, at offset: Int) {
    Swift.withUnsafeBytes(of: value.littleEndian) { replaceSubrange(offset..<(offset + $0.count), with: $0) }
  }
}
