import Foundation

/// The stored fields of a segment's items, decoded one item at a time, only for the results shown.
///
/// Sections: `ioff` (item count + 1 little-endian `UInt32`: where each record starts in `item`,
/// then its end), `item` (the records), `idh ` and `idn ` (each item's id hash, the low 32 bits of
/// ``Checksum`` of its UTF-8, sorted, and the item number of each: `remove(id:)` finds an item by binary search,
/// with no table built at open), and `anam` (the attribute names the records use, sorted: a varint
/// count, then each name as a string below; absent in files written before attributes were stored,
/// which read as items without attributes). A record:
///
/// | Field | Encoding | Present |
/// |---|---|---|
/// | flags | 1 byte: 1 display text, 2 completion text, 4 alternates, 8 attributes, 16 extra keys, 32 id, 64 weight | always |
/// | weight | 8 bytes, IEEE 754 binary64 | flag 64 (else 0) |
/// | search text | varint byte count, UTF-8 | always |
/// | id | string (as above) | flag 32 (else the id is the search text) |
/// | display text, completion text | string each | flags 1, 2 (else the search text) |
/// | alternates | varint count, strings | flag 4 |
/// | attributes | varint count; each: varint attribute number (its place in `anam`, ascending), 1 type byte (0 string, 1 strings: varint count + strings, 2 number: binary64, 3 boolean: 1 byte 0 or 1; in compact records also 4 string: varint id in the attribute's column, 5 strings: varint count + ids, 6 number: the column's number for the item, no bytes), value | flag 8 |
/// | extra keys | varint count; each: varint kind, string | flag 16 (reserved for readings) |
///
/// Compact records (``StoredFieldsFormat/compact``, section `itmc` in place of `item`) name an
/// attribute's strings by their ids in the segment's attribute columns (``AttributeColumnSection``)
/// and its number by the column's, so a brand or a category costs a byte or two an item instead of
/// its text, and a price nothing beyond its column; a string that is not byte for byte the column's
/// (another normalization of the same text) is written out. An older binary reading such a segment
/// finds no `item` section and refuses it.
///
/// The record sections' checksums are checked on the first item read from the segment (a one-off
/// pass over them), so a damaged record is never shown as an item.
///
/// An app's own ``AutocompleteItem/payload`` is not stored: keep it in the app, found by the
/// item's ``AutocompleteItem/id``. Decoding checks every length against the record's end, so a
/// damaged record is a thrown error, never a read out of bounds.
struct StoredItems: @unchecked Sendable {
  enum Tag {
    static let offsets = SegmentFile.tag("ioff")
    static let records = SegmentFile.tag("item")
    static let compactRecords = SegmentFile.tag("itmc")
    static let idHashes = SegmentFile.tag("idh ")
    static let idOwners = SegmentFile.tag("idn ")
    static let attributeNames = SegmentFile.tag("anam")
  }

  /// How many sections ``write(_:to:)`` adds.
  static let sectionCount = 5

  private struct Flags: OptionSet {
    let rawValue: UInt8
    static let display = Flags(rawValue: 1)
    static let completion = Flags(rawValue: 2)
    static let alternates = Flags(rawValue: 4)
    static let attributes = Flags(rawValue: 8)
    static let extraKeys = Flags(rawValue: 16)
    static let id = Flags(rawValue: 32)
    static let weight = Flags(rawValue: 64)
  }

  let segment: SegmentFile
  private let offsets: UnsafeRawBufferPointer
  private let records: UnsafeRawBufferPointer
  private let idHashes: UnsafeRawBufferPointer
  private let idOwners: UnsafeRawBufferPointer
  /// The attribute names the records number (`anam`), read when the first item is.
  private let attributeNames = LazyValue<[String]>()
  /// Whether the records are compact (section `itmc`): their attributes may name the columns'.
  private let isCompact: Bool
  /// The segment's attribute columns, read when a compact record first names them.
  private let columns = LazyValue<AttributeTable?>()
  var count: Int { segment.itemCount }

  /// The stored items of `segment`; their sections are mapped, not read. Their checksums are
  /// checked with every other section's (``SegmentFile/checkAllSections(leaving:)``, at a checked open) or
  /// by ``DiskIndex/verify()``; each record is decoded with bounds checks.
  init(segment: SegmentFile) throws {
    self.segment = segment
    func section(_ tag: UInt32, width: Int, count: Int?) throws -> UnsafeRawBufferPointer {
      guard let bytes = try segment.bytes(tag, checks: false), segment.sections[tag]?.elementSize == width,
        count.map({ bytes.count == $0 * width }) ?? true
      else {
        throw DiskIndexError.malformed(
          file: segment.name, reason: "section \(SegmentFile.name(ofTag: tag)) missing or of wrong size")
      }
      return bytes
    }
    offsets = try section(Tag.offsets, width: 4, count: segment.itemCount + 1)
    isCompact = segment.sections[Tag.compactRecords] != nil
    records = try section(isCompact ? Tag.compactRecords : Tag.records, width: 1, count: nil)
    idHashes = try section(Tag.idHashes, width: 4, count: segment.itemCount)
    idOwners = try section(Tag.idOwners, width: 4, count: segment.itemCount)
  }

  /// The names in `anam` (none when the section is absent), checked and decoded once.
  private func names() throws -> [String] {
    try attributeNames.value {
      guard let bytes = try segment.bytes(Tag.attributeNames) else { return [] }
      var reader = RecordReader(bytes: bytes)
      guard let names = reader.strings() else { throw damaged("attribute names cut short") }
      guard reader.remaining == 0 else {
        throw damaged("attribute names followed by \(reader.remaining) bytes")
      }
      return names
    }
  }

  private func damaged(_ what: String) -> DiskIndexError {
    .malformed(file: segment.name, reason: what)
  }

  /// The bytes of record `owner`.
  private func record(_ owner: Int) throws -> UnsafeRawBufferPointer {
    let start = offsets.loadUnaligned(fromByteOffset: 4 * owner, as: UInt32.self)
    let end = offsets.loadUnaligned(fromByteOffset: 4 * owner + 4, as: UInt32.self)
    guard start <= end, Int(end) <= records.count else {
      throw damaged("item \(owner)'s record out of place")
    }
    return UnsafeRawBufferPointer(rebasing: records[Int(start)..<Int(end)])
  }

  /// Item `owner`.
  func item(_ owner: Int) throws -> AutocompleteItem {
    var reader = RecordReader(bytes: try record(owner))
    guard let flags = reader.byte().map(Flags.init),
      let weight = flags.contains(.weight) ? reader.uint64() : 0,
      let text = reader.string()
    else { throw damaged("item \(owner)'s record is cut short") }
    let id = flags.contains(.id) ? reader.string() : text
    let display = flags.contains(.display) ? reader.string() : text
    let completion = flags.contains(.completion) ? reader.string() : text
    var alternates: [String] = []
    if flags.contains(.alternates) {
      guard let read = reader.strings() else { throw damaged("item \(owner)'s alternates") }
      alternates = read
    }
    let attributes = flags.contains(.attributes) ? try readAttributes(&reader, owner: owner) : [:]
    guard let id, let display, let completion else { throw damaged("item \(owner)'s record is cut short") }
    return AutocompleteItem(
      text, displayText: display, completionText: completion, alternateSearchTexts: alternates,
      weight: Double(bitPattern: weight), id: id, attributes: attributes)
  }

  /// Every item's attributes, in order: each record is decoded whole (about 1.4 s for a million
  /// items). For `verify()`, and for the ``AttributeTable`` of a file written before the attribute
  /// columns (``AttributeColumnSection``), once per segment and process.
  func allAttributes() throws -> [Attributes] {
    try (0..<count).map { try item($0).attributes }
  }

  /// The attributes at `reader`'s position in record `owner`.
  private func readAttributes(_ reader: inout RecordReader, owner: Int) throws -> Attributes {
    let names = try names()
    // Made only when thrown: a record is read for every result and every filtered segment's table.
    func problem() -> DiskIndexError { damaged("item \(owner)'s attributes") }
    guard let count = reader.varint(), count <= reader.remaining else { throw problem() }
    var attributes: Attributes = [:]
    for _ in 0..<count {
      guard let number = reader.varint(), number < names.count, let type = reader.byte() else {
        throw problem()
      }
      let value: AttributeValue
      if type >= 4 {
        guard isCompact,
          let column = try columns.value({ try AttributeColumnSection.read(from: segment, checks: false) })?
            .columns[names[number]]
        else { throw problem() }
        value = try columnValue(type, of: column, owner: owner, reader: &reader, problem: problem)
      } else {
        switch type {
        case 0:
          guard let text = reader.string() else { throw problem() }
          value = .string(text)
        case 1:
          guard let texts = reader.strings() else { throw problem() }
          value = .strings(texts)
        case 2:
          guard let bits = reader.uint64() else { throw problem() }
          value = .number(Double(bitPattern: bits))
        case 3:
          guard let flag = reader.byte(), flag <= 1 else { throw problem() }
          value = .bool(flag == 1)
        default:
          throw problem()
        }
      }
      guard attributes.updateValue(value, forKey: names[number]) == nil else { throw problem() }
    }
    return attributes
  }

  /// A compact record's value of type `type` (4, 5 or 6) that names `column`'s strings or number.
  private func columnValue(
    _ type: UInt8, of column: AttributeTable.Column, owner: Int, reader: inout RecordReader,
    problem: () -> DiskIndexError
  ) throws -> AttributeValue {
    func string() throws -> String {
      guard let id = reader.varint(), id < column.strings.count else { throw problem() }
      return column.strings[id]
    }
    switch type {
    case 4:
      return .string(try string())
    case 5:
      guard let count = reader.varint(), count <= reader.remaining else { throw problem() }
      return .strings(try (0..<count).map { _ in try string() })
    case 6:
      guard owner < column.numbers.count else { throw problem() }
      return .number(column.numbers[owner])
    default:
      throw problem()
    }
  }

  /// The items whose id is `id`, in order.
  func owners(withID id: String) throws -> [Int] {
    let hash = UInt32(truncatingIfNeeded: Checksum.of(id))
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if idHashes.loadUnaligned(fromByteOffset: 4 * middle, as: UInt32.self) < hash {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: [Int] = []
    while low < count, idHashes.loadUnaligned(fromByteOffset: 4 * low, as: UInt32.self) == hash {
      let owner = Int(idOwners.loadUnaligned(fromByteOffset: 4 * low, as: UInt32.self))
      guard owner < count else { throw damaged("id table names item \(owner)") }
      if try item(owner).id == id { found.append(owner) }
      low += 1
    }
    return found.sorted()
  }

  /// Adds the sections of `items` to `writer` (``sectionCount`` sections): compact records naming
  /// `columns` (the items' attribute table, written beside them as ``StoredFieldsFormat/compact``
  /// columns) when given, else records that hold their attributes.
  static func write(
    _ items: [AutocompleteItem], columns: AttributeTable? = nil, to writer: inout SegmentFileWriter
  ) throws {
    let names = Set(items.lazy.flatMap(\.attributes.keys)).sorted()
    let numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    let references = columns.map { table in
      table.columns.mapValues { ColumnReference(column: $0, fileIDs: AttributeColumnSection.fileIDs(of: $0)) }
    }
    var table: [UInt8] = []
    appendVarint(names.count, to: &table)
    for name in names { appendString(name, to: &table) }
    var records: [UInt8] = []
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(items.count + 1)
    for item in items {
      append(item, attributeNumbers: numbers, references: references, to: &records)
      guard records.count <= Int(UInt32.max) else {
        throw DiskIndexError.tooLarge(reason: "over 4 GiB of stored fields")
      }
      offsets.append(UInt32(records.count))
    }
    let hashes = items.map { UInt32(truncatingIfNeeded: Checksum.of($0.id)) }
    let order = hashes.indices.sorted { hashes[$0] != hashes[$1] ? hashes[$0] < hashes[$1] : $0 < $1 }
    writer.add(Tag.offsets, offsets)
    writer.add(columns == nil ? Tag.records : Tag.compactRecords, records)
    writer.add(Tag.idHashes, order.map { hashes[$0] })
    writer.add(Tag.idOwners, order.map { UInt32($0) })
    writer.add(Tag.attributeNames, table)
  }

  /// An attribute's column and, per string id in it, the id the file gives it.
  private struct ColumnReference {
    let column: AttributeTable.Column
    let fileIDs: [UInt32]

    /// The file's id of `text` when the column holds it byte for byte.
    func fileID(of text: String) -> UInt32? {
      guard let id = column.strings.id(of: text), column.strings[Int(id)].utf8.elementsEqual(text.utf8) else {
        return nil
      }
      return fileIDs[Int(id)]
    }

    /// Appends `value` as a compact record names it in the column (type 4, 5 or 6, then the ids),
    /// or returns `false` (a boolean, or a string the column does not hold byte for byte).
    func append(_ value: AttributeValue, to bytes: inout [UInt8]) -> Bool {
      switch value {
      case .string(let text):
        guard let id = fileID(of: text) else { return false }
        bytes.append(4)
        StoredItems.appendVarint(Int(id), to: &bytes)
      case .strings(let texts):
        let ids = texts.compactMap(fileID(of:))
        guard ids.count == texts.count else { return false }
        bytes.append(5)
        StoredItems.appendVarint(ids.count, to: &bytes)
        for id in ids { StoredItems.appendVarint(Int(id), to: &bytes) }
      case .number:
        bytes.append(6)
      case .bool:
        return false
      }
      return true
    }
  }

  private static func append(
    _ item: AutocompleteItem, attributeNumbers: [String: Int], references: [String: ColumnReference]?,
    to bytes: inout [UInt8]
  ) {
    var flags = Flags()
    if item.displayText != item.searchText { flags.insert(.display) }
    if item.completionText != item.searchText { flags.insert(.completion) }
    if !item.alternateSearchTexts.isEmpty { flags.insert(.alternates) }
    if item.id != item.searchText { flags.insert(.id) }
    if item.weight.bitPattern != 0 { flags.insert(.weight) }
    if !item.attributes.isEmpty { flags.insert(.attributes) }
    bytes.append(flags.rawValue)
    if flags.contains(.weight) { bytes.append(littleEndian: item.weight.bitPattern) }
    appendString(item.searchText, to: &bytes)
    if flags.contains(.id) { appendString(item.id, to: &bytes) }
    if flags.contains(.display) { appendString(item.displayText, to: &bytes) }
    if flags.contains(.completion) { appendString(item.completionText, to: &bytes) }
    if flags.contains(.alternates) {
      appendVarint(item.alternateSearchTexts.count, to: &bytes)
      for alternate in item.alternateSearchTexts { appendString(alternate, to: &bytes) }
    }
    if flags.contains(.attributes) {
      appendVarint(item.attributes.count, to: &bytes)
      for (name, value) in item.attributes.sorted(by: { $0.key < $1.key }) {
        appendVarint(attributeNumbers[name]!, to: &bytes)
        if let reference = references?[name], reference.append(value, to: &bytes) { continue }
        switch value {
        case .string(let text):
          bytes.append(0)
          appendString(text, to: &bytes)
        case .strings(let texts):
          bytes.append(1)
          appendVarint(texts.count, to: &bytes)
          for text in texts { appendString(text, to: &bytes) }
        case .number(let number):
          bytes.append(2)
          bytes.append(littleEndian: number.bitPattern)
        case .bool(let flag):
          bytes.append(3)
          bytes.append(flag ? 1 : 0)
        }
      }
    }
  }

  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    appendVarint(text.utf8.count, to: &bytes)
    bytes.append(contentsOf: text.utf8)
  }

  private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
    var value = UInt64(value)
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }
}

/// Reads a record's fields in order, each read `nil` past the record's end.
private struct RecordReader {
  let bytes: UnsafeRawBufferPointer
  var position = 0

  var remaining: Int { bytes.count - position }

  mutating func byte() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint64() -> UInt64? {
    guard remaining >= 8 else { return nil }
    defer { position += 8 }
    return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
  }

  mutating func varint() -> Int? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while let byte = byte() {
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value <= UInt64(Int32.max) ? Int(value) : nil }
      shift += 7
      if shift > 35 { return nil }
    }
    return nil
  }

  mutating func string() -> String? {
    guard let count = varint(), count <= remaining else { return nil }
    defer { position += count }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)]), as: UTF8.self)
  }
  /// A varint count, then that many strings; `nil` when cut short.
  mutating func strings() -> [String]? {
    guard let count = varint(), count <= remaining else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count {
      guard let text = string() else { return nil }
      strings.append(text)
    }
    return strings
  }

}
