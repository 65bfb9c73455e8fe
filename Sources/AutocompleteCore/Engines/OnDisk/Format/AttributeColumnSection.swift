import Foundation

/// A segment's attributes by column (section `acol`), so that filters and facet counts over an
/// opened segment read its ``AttributeTable`` in place from the mapped file instead of decoding every
/// item's record (about 1.4 s for a million items before this section existed).
///
/// The section is made of little-endian `UInt64` words (element size 8). Word 0 is the attribute
/// count *a*; then, per attribute, in ascending name order, 10 pairs of words (offset from the
/// section's start in bytes, a multiple of 8; element count), one per array below; then the arrays,
/// each starting on a multiple of 8 bytes, zero padding between:
///
/// | Array | Element | Count | Holds |
/// |---|---|---|---|
/// | name | `UInt8` | its length | the attribute's name, UTF-8 |
/// | string offsets | `UInt32` | *s* + 1 | where each distinct string starts in the string bytes, then the end |
/// | string bytes | `UInt8` | | the distinct strings, UTF-8, ascending as `String`s compare, none equal |
/// | posting starts | `UInt32` | *s* + 1 | where each string's items start in the postings, then the end |
/// | postings | `UInt32` | | per string, the items that have it, ascending |
/// | row starts | `UInt32` | items + 1 | where each item's string ids start in the row ids, then the end |
/// | row ids | `UInt32` | | per item, its strings' ids, in its value's order |
/// | numbers | binary64 | 0 or items | per item, its number (NaN for none) |
/// | booleans | `UInt8` | 0 or items | per item, 0, 1, or 2 for none |
/// | present | `UInt64` | (items + 63) / 64 | bit *i* % 64 of word *i* / 64: item *i* has a value |
///
/// A column of **single rows** (written by the compact stored fields, ``StoredFieldsFormat/compact``,
/// when no item has more than one string) has no posting starts, postings or row starts (count 0):
/// its row ids are one per item (`0xFFFF_FFFF` for none), or none at all when the column has no
/// string; a filter on a string finds its items in one pass over them. The other layout costs 12 bytes
/// an item for a column of one string a row (a brand, a category), single rows 4, and a column of
/// numbers alone 8 instead of 12.
///
/// Reading checks what a lookup could otherwise take out of bounds, a pass over each integer array
/// (no string is decoded: about a millisecond for a million items): starts ascending and ending at
/// their array's end, ids below the string count, items below the item count. A file that fails is
/// a ``DiskIndexError``. ``verify(_:in:against:)`` also checks that the strings are sorted, the
/// postings the same as the rows, and every value the same as its item's record.
///
/// Files written before this section read their attributes from the records (``StoredItems``).
enum AttributeColumnSection {
  static let tag = SegmentFile.tag("acol")
  private static let arraysPerAttribute = 10

  /// Per string id of `column` (its place in the column's strings), its id in the file: its place in
  /// the strings sorted as `String`s compare (none are equal).
  static func fileIDs(of column: AttributeTable.Column) -> [UInt32] {
    let order = (0..<column.strings.count).sorted { column.strings[$0] < column.strings[$1] }
    var fileID = [UInt32](repeating: 0, count: order.count)
    for (id, old) in order.enumerated() { fileID[old] = UInt32(id) }
    return fileID
  }

  /// Whether no item of `column` has more than one string: it is written as single rows.
  private static func fitsSingleRows(_ column: AttributeTable.Column, itemCount: Int) -> Bool {
    column.hasSingleRows
      || column.stringStarts.withUnsafeBufferPointer { starts in
        (0..<itemCount).allSatisfy { starts[$0 + 1] - starts[$0] <= 1 }
      }
  }

  /// Adds the section holding the columns of `table` to `writer` (one section), with single rows
  /// where a column fits them when `singleRows` (the compact stored fields).
  static func write(_ table: AttributeTable, singleRows: Bool, to writer: inout SegmentFileWriter) {
    let names = table.columns.keys.sorted()
    var directory: [UInt64] = [UInt64(names.count)]
    var body: [UInt8] = []
    let bodyStart = 8 * (1 + 2 * arraysPerAttribute * names.count)
    func add<T>(_ elements: some Collection<T>) {
      body.append(contentsOf: repeatElement(0, count: (8 - body.count % 8) % 8))
      directory += [UInt64(bodyStart + body.count), UInt64(elements.count)]
      Array(elements).withUnsafeBytes { body.append(contentsOf: $0) }
    }
    for name in names {
      let column = table.columns[name]!
      // Ids in the strings' sorted order, so a reader finds a string by binary search.
      let newID = fileIDs(of: column)
      var order = [Int](repeating: 0, count: newID.count)
      for (old, new) in newID.enumerated() { order[Int(new)] = old }
      let single = singleRows && fitsSingleRows(column, itemCount: table.itemCount)
      add(Array(name.utf8))
      var offsets: [UInt32] = [0]
      var bytes: [UInt8] = []
      var postingStarts: [UInt32] = single ? [] : [0]
      var postings: [UInt32] = []
      for old in order {
        bytes += column.strings[old].utf8
        offsets.append(UInt32(bytes.count))
        guard !single else { continue }
        column.forEachItem(withString: old) { postings.append(UInt32($0)) }
        postingStarts.append(UInt32(postings.count))
      }
      add(offsets)
      add(bytes)
      add(postingStarts)
      add(postings)
      if single {
        add([UInt32]())
        add(
          order.isEmpty
            ? []
            : (0..<table.itemCount).map { column.firstStringID(of: $0).map { newID[Int($0)] } ?? noString })
      } else {
        add(column.stringStarts)
        add(column.stringIDs.map { newID[Int($0)] })
      }
      add(column.numbers.map(\.bitPattern))
      add(column.bools)
      add(column.present.words)
    }
    body.append(contentsOf: repeatElement(0, count: (8 - body.count % 8) % 8))
    var section: [UInt8] = []
    for word in directory { section.append(littleEndian: word) }
    section += body
    section.withUnsafeBytes { writer.add(tag, raw: $0, width: 8) }
  }

  /// The table read in place from `segment`'s section (checked against its checksum when `checks`),
  /// `nil` when the segment has none (a file written before it).
  static func read(from segment: SegmentFile, checks: Bool) throws -> AttributeTable? {
    guard let raw = try segment.bytes(tag, checks: checks) else { return nil }
    guard segment.sections[tag]?.elementSize == 8 else { throw damaged(segment, "has another element size") }
    let items = segment.itemCount
    func word(_ index: Int) throws -> Int {
      guard 8 * index + 8 <= raw.count else { throw damaged(segment, "directory cut short") }
      let value = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))
      guard value <= UInt64(raw.count) else {
        throw damaged(segment, "offset or count \(value) past its end")
      }
      return Int(value)
    }
    let count = try word(0)
    var columns: [String: AttributeTable.Column] = [:]
    for attribute in 0..<count {
      var next = 1 + 2 * arraysPerAttribute * attribute
      func array<T>(_ type: T.Type, count expected: Int? = nil) throws -> Column<T> {
        let (offset, count) = (try word(next), try word(next + 1))
        next += 2
        guard offset % 8 == 0, count <= (raw.count - offset) / MemoryLayout<T>.stride,
          expected.map({ $0 == count }) ?? true
        else { throw damaged(segment, "array out of place") }
        return Column(mapped: raw.baseAddress! + offset, count: count, in: segment.file)
      }
      let name = String(decoding: try array(UInt8.self).array, as: UTF8.self)
      let offsets = try array(UInt32.self)
      let bytes = try array(UInt8.self)
      guard !offsets.isEmpty else { throw damaged(segment, "no string offsets") }
      let strings = offsets.count - 1
      let postingStarts = try array(UInt32.self)
      let postings = try array(UInt32.self)
      let rowStarts = try array(UInt32.self)
      let rowIDs = try array(UInt32.self)
      let numbers = try array(Double.self)
      let bools = try array(UInt8.self)
      let present = try array(UInt64.self, count: (items + 63) / 64)
      let rowsInRange: Bool
      if rowStarts.isEmpty {  // single rows
        rowsInRange =
          postingStarts.isEmpty && postings.isEmpty && rowIDs.count == (strings == 0 ? 0 : items)
          && below(rowIDs, strings, exceptNone: true)
      } else {
        rowsInRange =
          postingStarts.count == strings + 1 && rowStarts.count == items + 1
          && ascending(postingStarts, endingAt: postings.count)
          && ascending(rowStarts, endingAt: rowIDs.count)
          && below(postings, items) && below(rowIDs, strings)
      }
      guard rowsInRange, ascending(offsets, endingAt: bytes.count), [0, items].contains(numbers.count),
        [0, items].contains(bools.count)
      else { throw damaged(segment, "\(name)'s values out of range") }
      guard columns[name] == nil else { throw damaged(segment, "attribute \(name) twice") }
      columns[name] = AttributeTable.Column(
        strings: AttributeStrings(offsets: offsets, bytes: bytes), postingStarts: postingStarts,
        postingItems: postings, stringStarts: rowStarts, stringIDs: rowIDs, numbers: numbers, bools: bools,
        present: ItemMask(words: present.array, count: items))
    }
    return AttributeTable(count: items, columns: columns)
  }

  /// Checks `table` (read from `segment`) further than reading does: every string in order, every
  /// posting list ascending and holding exactly the items whose rows name its string, and every
  /// value the same as in `records` (the table gathered from the stored records).
  static func verify(_ table: AttributeTable, in segment: SegmentFile, against records: AttributeTable) throws
  {
    guard table.names == records.names else { throw damaged(segment, "names differ from the records'") }
    for (name, column) in table.columns {
      let expected = records.columns[name]!
      guard column.strings.isSortedAndUnique else { throw damaged(segment, "\(name)'s strings out of order") }
      var rows = [[UInt32]](repeating: [], count: column.strings.count)
      for item in 0..<table.itemCount {
        let ids = column.stringIDs(of: item)
        for id in ids { rows[Int(id)].append(UInt32(item)) }
        guard
          ids.map({ column.strings[Int($0)] })
            == expected.stringIDs(of: item).map({ expected.strings[Int($0)] })
        else { throw damaged(segment, "item \(item)'s \(name) differs from its record") }
      }
      for (id, row) in rows.enumerated() where !column.hasSingleRows {
        var postings: [UInt32] = []
        column.forEachItem(withString: id) { postings.append(UInt32($0)) }
        guard postings == row else { throw damaged(segment, "\(name)'s postings differ from its rows") }
      }
      guard column.present == expected.present, column.bools.elementsEqual(expected.bools),
        column.numbers.map(\.bitPattern) == expected.numbers.map(\.bitPattern)
      else { throw damaged(segment, "\(name)'s values differ from the records'") }
    }
  }

  /// Whether `starts` is ascending from 0 to `end`.
  private static func ascending(_ starts: Column<UInt32>, endingAt end: Int) -> Bool {
    starts.withUnsafeBufferPointer { buffer in
      guard let first = buffer.first, first == 0, Int(buffer.last!) == end else { return false }
      var sorted = true
      for index in 1..<max(buffer.count, 1) { sorted = sorted && buffer[index - 1] <= buffer[index] }
      return sorted
    }
  }

  /// Whether every element of `values` is below `limit` (or, when `exceptNone`, is
  /// ``AttributeTable/Column/noString``).
  private static func below(_ values: Column<UInt32>, _ limit: Int, exceptNone: Bool = false) -> Bool {
    values.withUnsafeBufferPointer { buffer in
      var largest: UInt32 = 0
      for value in buffer where !exceptNone || value != noString { largest = max(largest, value) }
      return buffer.isEmpty || Int(largest) < limit
    }
  }

  private static var noString: UInt32 { AttributeTable.Column.noString }

  private static func damaged(_ segment: SegmentFile, _ what: String) -> DiskIndexError {
    .malformed(file: segment.name, reason: "attribute columns: \(what)")
  }
}
