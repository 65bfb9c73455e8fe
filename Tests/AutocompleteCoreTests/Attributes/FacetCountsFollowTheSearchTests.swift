import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// Facet counts take the options of the search they go with, and count what it finds: a `.words`
/// search for "running" and its facets agree, over a `SearchIndex` and a `DiskIndex` alike (issue
/// 48, "Silent empty answers").
@Suite("Facet counts follow the search")
struct FacetCountsFollowTheSearchTests {
  static let products = [
    AutocompleteItem("Running shoe", weight: 3, attributes: ["category": "Shoes", "brand": "Adidas"]),
    AutocompleteItem("Trail running shoe", weight: 2, attributes: ["category": "Shoes", "brand": "Salomon"]),
    AutocompleteItem("Running socks", weight: 1, attributes: ["category": "Socks", "brand": "Asics"]),
    AutocompleteItem("Shorts for running", weight: 1, attributes: ["category": "Clothes", "brand": "Nike"]),
    AutocompleteItem("Rug", attributes: ["category": "Home", "brand": "Ikea"]),
  ]

  /// Per category, how many of `results` have it, as facet counts order them.
  static func counts(_ results: [SearchResult<AutocompleteItem>]) -> [FacetCount] {
    var counts: [String: Int] = [:]
    for result in results {
      if case .string(let value) = result.item.attributes["category"] { counts[value, default: 0] += 1 }
    }
    return counts.map { FacetCount(value: $0.key, count: $0.value) }
      .sorted { ($0.count, $1.value) > ($1.count, $0.value) }
  }

  /// The searches of a `SearchIndex` or a `DiskIndex` and their facets, under `options`.
  static func check(
    search: (SearchOptions) throws -> [SearchResult<AutocompleteItem>],
    facets: (SearchOptions) throws -> [FacetCount]
  ) throws {
    var words = SearchOptions(mode: .words, maximumCount: nil)
    let found = try search(words)
    #expect(found.count == 4)
    #expect(try facets(words) == Self.counts(found))
    #expect(
      try facets(words) == [
        FacetCount(value: "Shoes", count: 2), .init(value: "Clothes", count: 1),
        .init(value: "Socks", count: 1),
      ])
    // The filter applies to both; the limit does not limit what the facets count.
    words.filter = Attribute("brand") != "Adidas"
    words.maximumCount = 1
    #expect(try search(words).count == 1)
    words.maximumCount = nil
    #expect(try facets(words) == Self.counts(try search(words)))
    // The default options are the default search's (prefix): the same answer as that search.
    let prefix = SearchOptions(maximumCount: nil)
    #expect(try facets(SearchOptions()) == Self.counts(try search(prefix)))
    #expect(
      try facets(SearchOptions()) == [FacetCount(value: "Shoes", count: 1), .init(value: "Socks", count: 1)])
  }

  @Test(.offThePool) func searchIndexFacetsCountWhatTheSearchFinds() throws {
    let index = SearchIndex(Self.products)
    try Self.check(
      search: { try index.search("running", options: $0) },
      facets: { try index.facetCounts(of: "category", for: "running", options: $0) })
  }

  @Test(.offThePool) func diskIndexFacetsCountWhatTheSearchFinds() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two parts: a segment and changes not yet committed.
    let index = try DiskIndex.create(at: folder, items: Array(Self.products.prefix(3)))
    try index.add(Array(Self.products.dropFirst(3)))
    try Self.check(
      search: { try index.search("running", options: $0) },
      facets: { try index.facetCounts(of: "category", for: "running", options: $0) })
  }

  @Test(.offThePool) func theCallWithoutOptionsStillCompilesAndCountsInPrefixMode() throws {
    let index: any LegacyFacetCounting = SearchIndex(Self.products)
    #expect(
      try index.facetCounts(of: "category", for: "running", limit: nil) == [
        FacetCount(value: "Shoes", count: 1), FacetCount(value: "Socks", count: 1),
      ])
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let disk: any LegacyFacetCounting = try DiskIndex.create(at: folder, items: Self.products)
    #expect(
      try disk.facetCounts(of: "category", for: "running", limit: 1) == [FacetCount(value: "Shoes", count: 1)]
    )
  }
}

/// The deprecated `facetCounts(of:for:limit:)`, called through a protocol so that the test itself
/// compiles without a deprecation warning.
protocol LegacyFacetCounting {
  func facetCounts(of attribute: String, for query: String, limit: Int?) throws -> [FacetCount]
}

extension SearchIndex: LegacyFacetCounting {}
extension DiskIndex: LegacyFacetCounting {}
