import Foundation

/// The storage ``Column`` (the name ``AttributeTable/Column`` takes inside the table).
typealias ArrayColumn<Element> = Column<Element>

/// The items' attributes stored by column, for filters, facets and `distinct` at keystroke speed.
///
/// Per attribute name, a column keeps:
/// - the distinct strings, each with a posting list (the items that have it, ascending), and per item
///   its string ids (compressed rows: `stringStarts[i]..<stringStarts[i + 1]` in `stringIDs`);
/// - per item its number (NaN for none) and its boolean (0, 1, or 2 for none), when any item has
///   one;
/// - which items have any value.
///
/// A filter is evaluated to an ``ItemMask`` (equality through posting lists, ranges by one pass over
/// the numbers, `and`/`or`/`not` a word at a time): about a millisecond for a million items, and
/// cached per filter, so that the keystrokes after the first only test one bit per candidate. Facet
/// counts read each matching item's row once. Every array is flat, so a column can be written to a
/// file and mapped back as it is.
final class AttributeTable: @unchecked Sendable {
  /// One attribute's values, each array flat (in memory, or read in place from a segment file).
  struct Column: Sendable {
    /// The distinct strings, numbered.
    var strings: AttributeStrings
    /// String `s`'s posting list (its items, ascending) is
    /// `postingItems[postingStarts[s]..<postingStarts[s + 1]]`; both are empty in a column of
    /// single rows (read from a file), whose items with a string are found from `stringIDs`.
    var postingStarts: ArrayColumn<UInt32>
    var postingItems: ArrayColumn<UInt32>
    /// Item `i`'s string ids (in its value's order) are `stringIDs[stringStarts[i]..<stringStarts[i + 1]]`.
    /// A column of single rows (no item with more than one string, read from a file) has no
    /// `stringStarts`: item `i`'s id is `stringIDs[i]` (``noString`` for none), and `stringIDs` is
    /// empty when no item has a string.
    var stringStarts: ArrayColumn<UInt32>
    var stringIDs: ArrayColumn<UInt32>
    /// Per item, its number (NaN for none); empty when no item has one.
    var numbers: ArrayColumn<Double>
    /// Per item, its boolean (0, 1, or 2 for none); empty when no item has one.
    var bools: ArrayColumn<UInt8>
    /// The items with any value.
    var present: ItemMask

    /// The id of no string, in a column of single rows.
    static let noString = UInt32.max

    /// Whether the column keeps one string id per item and no posting lists (see `stringStarts`).
    var hasSingleRows: Bool { stringStarts.isEmpty }

    /// Item `item`'s string ids, in its value's order.
    func stringIDs(of item: Int) -> ArraySlice<UInt32> {
      guard hasSingleRows else {
        return stringIDs.withUnsafeBufferPointer {
          ArraySlice($0[Int(stringStarts[item])..<Int(stringStarts[item + 1])])
        }
      }
      return firstStringID(of: item).map { [$0] } ?? []
    }

    /// Item `item`'s first string id, `nil` when it has no string.
    func firstStringID(of item: Int) -> UInt32? {
      guard hasSingleRows else {
        let start = stringStarts[item]
        return start < stringStarts[item + 1] ? stringIDs[Int(start)] : nil
      }
      return item < stringIDs.count && stringIDs[item] != Self.noString ? stringIDs[item] : nil
    }

    /// Calls `body` with every item that has string `id`, ascending.
    func forEachItem(withString id: Int, _ body: (Int) -> Void) {
      guard hasSingleRows else {
        for item in postingItems[Int(postingStarts[id])..<Int(postingStarts[id + 1])] { body(Int(item)) }
        return
      }
      stringIDs.withUnsafeBufferPointer { ids in
        for (item, stored) in ids.enumerated() where stored == UInt32(id) { body(item) }
      }
    }
  }

  /// A column being gathered item by item.
  private struct Builder {
    var strings: [String] = []
    var stringIndex: [String: UInt32] = [:]
    var postings: [[UInt32]] = []
    var stringStarts: [UInt32] = [0]
    var stringIDs: [UInt32] = []
    var numbers: [Double] = []
    var bools: [UInt8] = []
    var present: ItemMask

    /// An empty column of `count` items, the first `item` of which have no value.
    init(count: Int, from item: Int) {
      present = ItemMask(count: count, allSet: false)
      stringStarts = [UInt32](repeating: 0, count: item + 1)
    }

    /// Closes item `item`'s row of string ids (it may have had no string value).
    mutating func closeRow(_ item: Int) {
      if stringStarts.count == item + 1 { stringStarts.append(stringStarts[item]) }
    }

    var column: Column {
      Column(
        strings: AttributeStrings(strings: strings, ids: stringIndex),
        postingStarts: ArrayColumn(postings.reduce(into: [0]) { $0.append($0.last! + UInt32($1.count)) }),
        postingItems: ArrayColumn(postings.flatMap { $0 }), stringStarts: ArrayColumn(stringStarts),
        stringIDs: ArrayColumn(stringIDs), numbers: ArrayColumn(numbers), bools: ArrayColumn(bools),
        present: present)
    }
  }

  let itemCount: Int
  let columns: [String: Column]
  private let lock = NSLock()
  private var masks: [(filter: AttributeFilter, mask: ItemMask)] = []
  private var groups: [String: [UInt32]] = [:]

  /// The names of the attributes any item has.
  var names: Set<String> { Set(columns.keys) }

  /// A table of `count` items holding `columns` (each of `count` items).
  init(count: Int, columns: [String: Column]) {
    itemCount = count
    self.columns = columns
  }

  /// Gathers the attributes of `count` items, item by item, in time linear in their values: each
  /// column is mutated in place (the builders in an array, never a copy of one held while it grows).
  init(count: Int, attributes: (Int) -> Attributes) {
    itemCount = count
    var builders: [Builder] = []
    var slots: [String: Int] = [:]
    for item in 0..<count {
      for (name, value) in attributes(item) {
        let slot: Int
        if let known = slots[name] {
          slot = known
        } else {
          slot = builders.count
          slots[name] = slot
          builders.append(Builder(count: count, from: item))
        }
        Self.append(value, item: item, count: count, to: &builders[slot])
      }
      for slot in builders.indices { builders[slot].closeRow(item) }
    }
    columns = slots.mapValues { builders[$0].column }
  }

  private static func append(_ value: AttributeValue, item: Int, count: Int, to column: inout Builder) {
    column.present.insert(item)
    switch value {
    case .string, .strings:
      let start = column.stringStarts[item]
      var ids: [UInt32] = []
      for text in value.stringValues {
        let id: UInt32
        if let known = column.stringIndex[text] {
          id = known
        } else {
          id = UInt32(column.strings.count)
          column.stringIndex[text] = id
          column.strings.append(text)
          column.postings.append([])
        }
        guard !ids.contains(id) else { continue }
        ids.append(id)
        column.postings[Int(id)].append(UInt32(item))
      }
      column.stringIDs.append(contentsOf: ids)
      column.stringStarts.append(start + UInt32(ids.count))
    case .number(let number):
      if column.numbers.isEmpty { column.numbers = [Double](repeating: .nan, count: count) }
      column.numbers[item] = number
    case .bool(let flag):
      if column.bools.isEmpty { column.bools = [UInt8](repeating: 2, count: count) }
      column.bools[item] = flag ? 1 : 0
    }
  }

  // MARK: Filters

  /// The items that `filter` lets through, cached for the few latest filters.
  func mask(for filter: AttributeFilter) -> ItemMask {
    if let cached = lock.withLock({ masks.first { $0.filter == filter }?.mask }) { return cached }
    let mask = evaluate(filter)
    lock.withLock {
      masks.removeAll { $0.filter == filter }
      masks.insert((filter, mask), at: 0)
      if masks.count > 8 { masks.removeLast() }
    }
    return mask
  }

  private func evaluate(_ filter: AttributeFilter) -> ItemMask {
    switch filter {
    case .isIn(let name, let values):
      var mask = ItemMask(count: itemCount, allSet: false)
      guard let column = columns[name] else { return mask }
      for value in values { Self.insert(value, of: column, into: &mask) }
      return mask
    case .inRange(let name, let range):
      var mask = ItemMask(count: itemCount, allSet: false)
      guard let numbers = columns[name]?.numbers, !numbers.isEmpty else { return mask }
      for (item, number) in numbers.enumerated() where range.contains(number) { mask.insert(item) }
      return mask
    case .exists(let name):
      return columns[name]?.present ?? ItemMask(count: itemCount, allSet: false)
    case .all(let filters):
      var mask = ItemMask(count: itemCount, allSet: true)
      for filter in filters { mask.formIntersection(evaluate(filter)) }
      return mask
    case .any(let filters):
      var mask = ItemMask(count: itemCount, allSet: false)
      for filter in filters { mask.formUnion(evaluate(filter)) }
      return mask
    case .not(let filter):
      var mask = evaluate(filter)
      mask.invert()
      return mask
    }
  }

  /// Sets the items of `column` equal to `value`, as ``FilterValue/matches(_:)`` defines it.
  private static func insert(_ value: FilterValue, of column: Column, into mask: inout ItemMask) {
    if let id = column.strings.id(of: value.text) {
      column.forEachItem(withString: Int(id)) { mask.insert($0) }
    }
    let number: Double?
    switch value {
    case .number(let n): number = n
    case .string(let text): number = Double(text)
    case .bool: number = nil
    }
    if let number, !column.numbers.isEmpty {
      for (item, stored) in column.numbers.enumerated() where stored == number { mask.insert(item) }
    }
    let flag: UInt8?
    switch value {
    case .bool(let b): flag = b ? 1 : 0
    case .string("true"): flag = 1
    case .string("false"): flag = 0
    default: flag = nil
    }
    if let flag, !column.bools.isEmpty {
      for (item, stored) in column.bools.enumerated() where stored == flag { mask.insert(item) }
    }
  }

  // MARK: Distinct and facets

  /// What an item's whole value of one attribute is, for `distinct`.
  private enum GroupKey: Hashable {
    case strings([UInt32])
    case number(UInt64)
    case bool(UInt8)
  }

  /// Per item, the group of its whole value of `name` for `distinct`: items with equal values (the
  /// same strings in the same order, the same number or boolean) share a group; an item without a
  /// value is a group of its own. Made once per attribute.
  func groups(of name: String) -> [UInt32] {
    if let cached = lock.withLock({ groups[name] }) { return cached }
    var made = [UInt32](repeating: 0, count: itemCount)
    var ids: [GroupKey: UInt32] = [:]
    var unique = UInt32(itemCount)  // past every value's id
    let column = columns[name]
    for item in 0..<itemCount {
      guard let column, column.present.contains(item) else {
        made[item] = unique
        unique &+= 1
        continue
      }
      let key: GroupKey
      if !column.numbers.isEmpty, !column.numbers[item].isNaN {
        key = .number(column.numbers[item].bitPattern)
      } else if !column.bools.isEmpty, column.bools[item] < 2 {
        key = .bool(column.bools[item])
      } else {
        key = .strings(Array(column.stringIDs(of: item)))
      }
      if let id = ids[key] {
        made[item] = id
      } else {
        made[item] = UInt32(ids.count)
        ids[key] = UInt32(ids.count)
      }
    }
    lock.withLock { groups[name] = made }
    return made
  }

  /// How many of `items` have each value of `name`, most first, ties by value; the first `limit`.
  func facetCounts<Items: Sequence<Int>>(of name: String, among items: Items, limit: Int?) -> [FacetCount] {
    guard let column = columns[name] else { return [] }
    var stringCounts = [Int](repeating: 0, count: column.strings.count)
    var numberCounts: [Double: Int] = [:]
    var boolCounts = [0, 0]
    column.stringStarts.withUnsafeBufferPointer { starts in
      column.stringIDs.withUnsafeBufferPointer { ids in
        for item in items {
          if starts.isEmpty {  // single rows
            if item < ids.count, ids[item] != Column.noString { stringCounts[Int(ids[item])] += 1 }
          } else {
            for position in Int(starts[item])..<Int(starts[item + 1]) {
              stringCounts[Int(ids[position])] += 1
            }
          }
          if !column.numbers.isEmpty, !column.numbers[item].isNaN {
            numberCounts[column.numbers[item], default: 0] += 1
          }
          if !column.bools.isEmpty, column.bools[item] < 2 { boolCounts[Int(column.bools[item])] += 1 }
        }
      }
    }
    var byText: [String: Int] = [:]
    for (id, count) in stringCounts.enumerated() where count > 0 {
      byText[column.strings[id], default: 0] += count
    }
    for (number, count) in numberCounts { byText[AttributeValue.text(of: number), default: 0] += count }
    for (flag, count) in boolCounts.enumerated() where count > 0 {
      byText[flag == 1 ? "true" : "false", default: 0] += count
    }
    return byText.map { FacetCount(value: $0.key, count: $0.value) }.facetOrdered(limit: limit)
  }
}
