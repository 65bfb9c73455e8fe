import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Searchable attributes in a ``DiskIndex``: kept in its manifest and each segment, so through random
/// adds, updates, removes, commits, merges and reopenings a search with any fields answers exactly
/// as a ``SearchIndex`` of the same items built with the same searchable attributes (every field of
/// each match compared: the attribute, the key number, the highlights).
@Suite("Disk index searchable attributes")
struct DiskIndexSearchableAttributesTests {
  typealias Random = SearchFieldsDifferentialTests

  static func optionSets(_ random: inout SplitMix64) -> [SearchOptions] {
    (0..<12).map { round in
      var options = Random.options(&random, round: round)
      options.includesHighlightRanges = true
      if round % 4 == 1 { options.filter = .exists("tags") }
      return options
    }
  }

  @Test(.offThePool, arguments: [1, 2] as [UInt64])
  func randomOperationsAnswerLikeASearchIndex(seed: UInt64) throws {
    var random = SplitMix64(seed: 3510 + seed)
    try DiskIndexRandomOperations.run(
      seed: 3520 + seed, steps: 40, initialCount: 120,
      create: { try DiskIndex.create(at: $0, items: $1, searchableAttributes: Random.searchable) },
      makeItem: { random, number in
        var item = Random.items(&random, count: 1)[0]
        item.id = "item-\(number)"
        return item
      },
      check: { disk, model, step in
        #expect(disk.searchableAttributes == Random.searchable, "step \(step)")
        let queries = (0..<6).map { _ in Random.word(&random, length: 0...3) }
        try DiskIndexTests.expectSameAnswers(
          disk, SearchIndex(model, searchableAttributes: Random.searchable), queries: queries,
          options: Self.optionSets(&random))
      })
  }

  /// An index made without searchable attributes (as every index before them) searches none, and
  /// naming one is the same error as over a ``SearchIndex``.
  @Test(.offThePool) func anIndexWithoutThemSearchesNone() throws {
    let items = [AutocompleteItem("Lisbon", attributes: ["country": "Portugal"])]
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let disk = try DiskIndex.create(at: directory, items: items)
    #expect(disk.searchableAttributes == [])
    #expect(try disk.search("portu").isEmpty)
    var options = SearchOptions()
    options.fields = SearchFields(name: 1, attributes: ["country": 1])
    #expect(throws: UnsearchableAttributeError(attribute: "country", searchableAttributes: [])) {
      try disk.search("portu", options: options)
    }
    #expect(throws: UnsearchableAttributeError.self) {
      try disk.facetCounts(of: "country", for: "portu", options: options)
    }
  }

  /// The attribute a match was on survives a commit and a reopening.
  @Test(.offThePool) func aMatchOnAnAttributeNamesIt() throws {
    let items = [
      AutocompleteItem("Lisbon", attributes: ["country": "Portugal"]),
      AutocompleteItem("Porto Alegre", attributes: ["country": "Brazil"]),
    ]
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items, searchableAttributes: ["country"])
    let disk = try DiskIndex(contentsOf: directory)
    try disk.verify()
    #expect(disk.searchableAttributes == ["country"])
    let results = try disk.search("port")
    #expect(results.map(\.item.searchText) == ["Porto Alegre", "Lisbon"])
    #expect(results.map(\.match.attribute) == [nil, "country"])
    var options = SearchOptions()
    options.fields = SearchFields(attributes: ["country": 1])
    #expect(try disk.search("port", options: options).map(\.item.searchText) == ["Lisbon"])
  }
}
