import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// The attribute column section (`acol`): a reopened index that has it answers filters, boost,
/// `distinct` and facets exactly as a ``SearchIndex`` of the same items and as the same index
/// written without it (the format before it, read from the records).
@Suite("Attribute column section")
struct AttributeColumnSectionTests {
  typealias Random = FilteredSearchDifferentialTests

  /// Items with the differential tests' random attributes plus `mixed`: strings (two of them the
  /// same text composed and decomposed), several strings, numbers and booleans under one name.
  static func items(seed: UInt64, count: Int) -> [AutocompleteItem] {
    var random = SplitMix64(seed: seed)
    var number = 0
    let mixed: [AttributeValue] = [
      .string("\u{E9}t\u{E9}"), .string("e\u{301}te\u{301}"), .string("zz"), .strings(["zz", "a", "zz"]),
      .strings([]), .number(3), .number(-0.5), .bool(true), .bool(false),
    ]
    return DiskIndexFilterTests.items(&random, from: &number, count: count).map { item in
      var item = item
      if random.next() % 3 > 0 { item.attributes["mixed"] = mixed.randomElement(using: &random)! }
      return item
    }
  }

  /// Writes `items` as an index in a new directory, with or without the column section.
  static func create(_ items: [AutocompleteItem], withColumns: Bool) throws -> URL {
    let directory = DiskIndexTests.temporaryDirectory()
    _ = try DiskIndex.create(at: directory, items: items)
    let segment = directory.path + "/seg-000001.aks"
    if !withColumns {
      try IndexSegment.write(items, isCaseSensitive: false, storedFields: .recordsOnly, to: segment)
    }
    #expect((try SegmentFile(path: segment).sections[AttributeColumnSection.tag] != nil) == withColumns)
    return directory
  }

  @Test(.offThePool, arguments: [1, 2, 3] as [UInt64])
  func reopenedIndexAnswersAsASearchIndexAndAsTheOldFormat(seed: UInt64) throws {
    let items = Self.items(seed: 4100 + seed, count: 300)
    let (new, old) = (try Self.create(items, withColumns: true), try Self.create(items, withColumns: false))
    defer { for directory in [new, old] { try? FileManager.default.removeItem(at: directory) } }
    let columns = try DiskIndex(contentsOf: new)
    let records = try DiskIndex(contentsOf: old)
    try columns.verify()
    try records.verify()
    var random = SplitMix64(seed: seed)
    #expect(try DiskIndexFilterTests.expectSameAnswers(columns, items, random: &random, rounds: 150, step: 0))
    random = SplitMix64(seed: seed)
    #expect(try DiskIndexFilterTests.expectSameAnswers(records, items, random: &random, rounds: 150, step: 0))
    let oracle = SearchIndex(items)
    let filters: [AttributeFilter?] = [
      nil, Attribute("mixed") == "\u{E9}t\u{E9}", Attribute("mixed") == "e\u{301}te\u{301}",
      Attribute("mixed") == "zz", Attribute("mixed") == "a", Attribute("mixed") == 3,
      Attribute("mixed") == true,
      Attribute("mixed") != false, Attribute("mixed") > -1, Attribute("mixed").exists,
      Attribute("mixed") == "none",
      Attribute("mixed").isIn([.string("zz"), .number(-0.5)]) && Attribute("country") == "AA",
    ]
    for filter in filters {
      var options = SearchOptions(maximumCount: nil)
      options.filter = filter
      for distinct in [nil, "mixed"] {
        options.distinct = distinct
        let expected = try oracle.search("", options: options).map(\.item.id)
        #expect(
          try columns.search("", options: options).map(\.item.id) == expected, "\(String(describing: filter))"
        )
        #expect(
          try records.search("", options: options).map(\.item.id) == expected, "\(String(describing: filter))"
        )
      }
      options.distinct = nil
      for attribute in ["mixed", "country", "tags", "population", "flag"] {
        let expected = try oracle.facetCounts(of: attribute, for: "", options: options)
        #expect(try columns.facetCounts(of: attribute, for: "", options: options) == expected, "\(attribute)")
        #expect(try records.facetCounts(of: attribute, for: "", options: options) == expected, "\(attribute)")
      }
      if let filter {
        #expect(try columns.count(matching: filter) == records.count(matching: filter))
      }
    }
    #expect(try columns.attributeNames == records.attributeNames)
  }

  /// Items without attributes write an empty section, read as a table of no columns.
  @Test(.offThePool) func itemsWithoutAttributesHaveAnEmptySection() throws {
    let items = (0..<20).map { AutocompleteItem("item \($0)") }
    let directory = try Self.create(items, withColumns: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex(contentsOf: directory)
    try index.verify()
    #expect(try index.attributeNames.isEmpty)
    var options = SearchOptions(maximumCount: nil)
    options.filter = Attribute("country") == "BR"
    // An index knows its attribute names: naming one its items lack is an error, not an empty
    // answer (issue 48).
    #expect(throws: UnknownAttributeError.self) { try index.search("item", options: options) }
    #expect(throws: UnknownAttributeError.self) {
      try index.facetCounts(of: "country", for: "", options: SearchOptions())
    }
  }
}
