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

  /// Adds the section holding the columns of `table` to `writer` (one section).
  static func write(_ table: AttributeTable, to writer: inout SegmentFileWriter) {
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
      let order = (0..<column.strings.count).map { column.strings[$0] }.enumerated().sorted {
        $0.element < $1.element
      }
      var newID = [UInt32](repeating: 0, count: order.count)
      for (id, entry) in order.enumerated() { newID[entry.offset] = UInt32(id) }
      add(Array(name.utf8))
      var offsets: [UInt32] = [0]
      var bytes: [UInt8] = []
      var postingStarts: [UInt32] = [0]
      var postings: [UInt32] = []
      for entry in order {
        bytes += entry.element.utf8
        offsets.append(UInt32(bytes.count))
        let old = entry.offset
        postings += column.postingItems[Int(column.postingStarts[old])..<Int(column.postingStarts[old + 1])]
        postingStarts.append(UInt32(postings.count))
      }
      add(offsets)
      add(bytes)
      add(postingStarts)
      add(postings)
      add(column.stringStarts)
      add(column.stringIDs.map { newID[Int($0)] })
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
      let postingStarts = try array(UInt32.self, count: strings + 1)
      let postings = try array(UInt32.self)
      let rowStarts = try array(UInt32.self, count: items + 1)
      let rowIDs = try array(UInt32.self)
      let numbers = try array(Double.self)
      let bools = try array(UInt8.self)
      let present = try array(UInt64.self, count: (items + 63) / 64)
      guard ascending(offsets, endingAt: bytes.count), ascending(postingStarts, endingAt: postings.count),
        ascending(rowStarts, endingAt: rowIDs.count), below(postings, items), below(rowIDs, strings),
        [0, items].contains(numbers.count), [0, items].contains(bools.count)
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
        let ids = row(of: column, item)
        for id in ids { rows[Int(id)].append(UInt32(item)) }
        guard
          ids.map({ column.strings[Int($0)] }) == row(of: expected, item).map({ expected.strings[Int($0)] })
        else { throw damaged(segment, "item \(item)'s \(name) differs from its record") }
      }
      for (id, row) in rows.enumerated()
      where !column.postingItems[
        Int(column.postingStarts[id])..<Int(column.postingStarts[id + 1])
      ].elementsEqual(row) {
        throw damaged(segment, "\(name)'s postings differ from its rows")
      }
      guard column.present == expected.present, column.bools.elementsEqual(expected.bools),
        column.numbers.map(\.bitPattern) == expected.numbers.map(\.bitPattern)
      else { throw damaged(segment, "\(name)'s values differ from the records'") }
    }
  }

  /// The string ids of `item` in `column`.
  private static func row(of column: AttributeTable.Column, _ item: Int) -> ArraySlice<UInt32> {
    ArraySlice(column.stringIDs[Int(column.stringStarts[item])..<Int(column.stringStarts[item + 1])])
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

  /// Whether every element of `values` is below `limit`.
  private static func below(_ values: Column<UInt32>, _ limit: Int) -> Bool {
    values.withUnsafeBufferPointer { buffer in
      var largest: UInt32 = 0
      for value in buffer { largest = max(largest, value) }
      return buffer.isEmpty || Int(largest) < limit
    }
  }

  private static func damaged(_ segment: SegmentFile, _ what: String) -> DiskIndexError {
    .malformed(file: segment.name, reason: "attribute columns: \(what)")
  }
}
