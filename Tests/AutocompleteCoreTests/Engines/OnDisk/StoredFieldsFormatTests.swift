import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// The stored fields' formats (``StoredFieldsFormat``): compact records that name their attributes'
/// strings and numbers in the columns, columns of single rows, and the two earlier formats, which
/// still open, answer alike and pass the full verification; forged references are errors.
@Suite("Stored fields format")
struct StoredFieldsFormatTests {
  static let formats: [StoredFieldsFormat] = [.compact, .recordsAndColumns, .recordsOnly]

  /// An index of `items` whose one segment is written in `format`.
  static func create(_ items: [AutocompleteItem], format: StoredFieldsFormat) throws -> URL {
    let directory = DiskIndexTests.temporaryDirectory()
    _ = try DiskIndex.create(at: directory, items: items)
    let segment = directory.path + "/seg-000001.aks"
    try IndexSegment.write(items, isCaseSensitive: false, storedFields: format, to: segment)
    #expect(StoredFieldsFormat.of(try SegmentFile(path: segment)) == format)
    return directory
  }

  /// The attributes with every string as its UTF-8 bytes: equal only when byte for byte equal
  /// (`String`'s `==` takes composed and decomposed "é" as equal).
  static func bytes(_ attributes: Attributes) -> [String: String] {
    attributes.mapValues { value in
      switch value {
      case .string(let text): "s" + text.utf8.map(String.init).joined(separator: ",")
      case .strings(let texts):
        "l" + texts.map { $0.utf8.map(String.init).joined(separator: ",") }.joined(separator: "|")
      case .number(let number): "n\(number.bitPattern)"
      case .bool(let flag): "b\(flag)"
      }
    }
  }

  @Test("every format keeps each attribute byte for byte, answers alike and verifies", .offThePool)
  func everyFormatRoundTrips() throws {
    var items = AttributeColumnSectionTests.items(seed: 4811, count: 240)
    items[0].attributes["nan"] = .number(.nan)
    items[1].attributes["mixed"] = .strings(["zz", "e\u{301}te\u{301}", "zz"])
    for format in Self.formats {
      let directory = try Self.create(items, format: format)
      defer { try? FileManager.default.removeItem(at: directory) }
      let index = try DiskIndex(contentsOf: directory)
      try index.verify(.full)
      #expect(
        try index.items().map { Self.bytes($0.attributes) } == items.map { Self.bytes($0.attributes) },
        "\(format)")
      var random = SplitMix64(seed: 48)
      #expect(try DiskIndexFilterTests.expectSameAnswers(index, items, random: &random, rounds: 120, step: 0))
    }
  }

  /// A catalogue's attributes: a brand and a category (one string each), a price, and tags (a list).
  static func catalogue(count: Int) -> [AutocompleteItem] {
    (0..<count).map { number in
      var attributes: Attributes = [
        "brand": .string(["Müller", "Nike", "Lindt", "Bosch"][number % 4]),
        "category": .string(["Food", "Shoes", "Tools"][number % 3]), "price": .number(Double(number) / 4),
      ]
      if number % 5 == 0 { attributes["tags"] = .strings(["new", "sale"]) }
      return AutocompleteItem("product \(number)", id: "P\(number)", attributes: attributes)
    }
  }

  @Test("compact: single rows where a column fits them, and smaller records", .offThePool)
  func compactColumnsAndRecordsAreSmaller() throws {
    let items = Self.catalogue(count: 2000)
    let compact = try Self.create(items, format: .compact)
    let earlier = try Self.create(items, format: .recordsAndColumns)
    defer { for directory in [compact, earlier] { try? FileManager.default.removeItem(at: directory) } }
    let file = try SegmentFile(path: compact.path + "/seg-000001.aks")
    let table = try #require(try AttributeColumnSection.read(from: file, checks: true))
    #expect(try #require(table.columns["brand"]).hasSingleRows)
    #expect(try #require(table.columns["category"]).hasSingleRows)
    #expect(try #require(table.columns["price"]).hasSingleRows)
    #expect(try #require(table.columns["price"]).stringIDs.isEmpty)
    #expect(try !(#require(table.columns["tags"]).hasSingleRows))
    let old = try SegmentFile(path: earlier.path + "/seg-000001.aks")
    func size(_ file: SegmentFile, _ tag: UInt32) -> Int { file.sections[tag]?.byteCount ?? 0 }
    // Records: a brand, a category and a price were 8, 7 and 10 bytes; now 3, 3 and 2.
    #expect(
      size(file, StoredItems.Tag.compactRecords) + 15 * items.count <= size(old, StoredItems.Tag.records))
    // Columns: 12 bytes an item for a brand or a category, 4 with single rows; a price 12, now 8.
    #expect(
      size(file, AttributeColumnSection.tag) + 20 * items.count <= size(old, AttributeColumnSection.tag))
    // Filters, facets and distinct over single rows.
    let index = try DiskIndex(contentsOf: compact)
    var options = SearchOptions(maximumCount: nil)
    options.filter = Attribute("brand") == "Nike" && Attribute("category") == "Shoes"
    let found = try index.search("", options: options).map(\.item.id)
    #expect(try found == SearchIndex(items).search("", options: options).map(\.item.id))
    #expect(found.count == 2000 / 12 + 1)
    #expect(
      try index.facetCounts(of: "brand", for: "product", options: SearchOptions())
        == [
          FacetCount(value: "Bosch", count: 500), FacetCount(value: "Lindt", count: 500),
          FacetCount(value: "Müller", count: 500), FacetCount(value: "Nike", count: 500),
        ])
    options.filter = nil
    options.distinct = "category"
    #expect(try index.search("", options: options).map(\.item.id) == ["P0", "P1", "P2"])
  }

  /// The one item's record section and a copy of the index, forged by `edit`, and what opening and
  /// reading it gives.
  static func forgedRecord(
    format: StoredFieldsFormat, attributes: Attributes, _ edit: (inout [UInt8]) -> Void
  )
    throws -> (any Error)?
  {
    let directory = try create([AutocompleteItem("x", attributes: attributes)], format: format)
    defer { try? FileManager.default.removeItem(at: directory) }
    try DiskIndexForgedAttributesTests.forge(
      directory.path + "/seg-000001.aks", section: format == .compact ? "itmc" : "item", edit)
    do {
      let index = try DiskIndex(contentsOf: directory)
      _ = try index.items()
      try index.verify(.full)
      return nil
    } catch {
      return error
    }
  }

  @Test("a forged reference to the columns is an error naming the item", .offThePool)
  func forgedReferencesAreErrors() throws {
    // The record ends with the attribute: number 0, type 4, string id 0.
    let pastTheStrings = try Self.forgedRecord(format: .compact, attributes: ["brand": "A"]) {
      $0[$0.count - 1] = 5
    }
    #expect(
      pastTheStrings as? DiskIndexError == .malformed(file: "seg-000001.aks", reason: "item 0's attributes"))
    // Type 6 (the column's number) where the column holds strings alone.
    let noNumber = try Self.forgedRecord(format: .compact, attributes: ["brand": "A"]) {
      $0[$0.count - 2] = 6
    }
    #expect(noNumber as? DiskIndexError == .malformed(file: "seg-000001.aks", reason: "item 0's attributes"))
    // A reference in a record that holds its attributes (type 0, length 1, "A" made type 4).
    let notCompact = try Self.forgedRecord(format: .recordsAndColumns, attributes: ["brand": "A"]) {
      $0[$0.count - 3] = 4
    }
    #expect(
      notCompact as? DiskIndexError == .malformed(file: "seg-000001.aks", reason: "item 0's attributes"))
    #expect(try Self.forgedRecord(format: .compact, attributes: ["brand": "A"]) { _ in } == nil)
  }
}
