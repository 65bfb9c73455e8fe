import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// `SearchOptions.keepsOneResultPerDisplayText`: five products shown as "Adidas rug" take one row
/// of the top 5, over every engine that answers `SearchOptions` with items at hand (issue 48).
@Suite("Distinct by display text")
struct DistinctDisplayTextTests {
  /// Five rugs (the most popular) and four other products; ids tell the rugs apart.
  static let catalogue: [AutocompleteItem] =
    (1...5).map { AutocompleteItem("Adidas rug", weight: 10, id: "rug-\($0)", attributes: ["colour": "red"]) }
    + [
      AutocompleteItem("Adidas running shoe", weight: 5, attributes: ["colour": "red"]),
      AutocompleteItem("Adidas rain jacket", weight: 4, attributes: ["colour": "blue"]),
      AutocompleteItem("Adidas red cap", weight: 3, attributes: ["colour": "red"]),
      AutocompleteItem("Adidas racer", weight: 2, attributes: ["colour": "blue"]),
    ]
  static let distinctTop5 = [
    "Adidas rug", "Adidas running shoe", "Adidas rain jacket", "Adidas red cap", "Adidas racer",
  ]

  static var options: SearchOptions {
    var options = SearchOptions(maximumCount: 5)
    options.keepsOneResultPerDisplayText = true
    return options
  }

  /// What each engine must answer for `search` (one call per options).
  static func check(_ search: (SearchOptions) throws -> [SearchResult<AutocompleteItem>]) throws {
    #expect(
      try search(SearchOptions(maximumCount: 5)).map(\.item.displayText)
        == Array(repeating: "Adidas rug", count: 5))
    let top = try search(options)
    #expect(top.map(\.item.displayText) == distinctTop5)
    #expect(top[0].item.id == "rug-1")  // the best rug: the first of equals
    var unlimited = options
    unlimited.maximumCount = nil
    #expect(try search(unlimited).map(\.item.displayText) == distinctTop5)
    var two = options
    two.maximumCount = 2
    #expect(try search(two).map(\.item.displayText) == Array(distinctTop5.prefix(2)))
    // With `distinct` too: one per colour first (a rug, the jacket), then one per display text.
    var colours = options
    colours.distinct = "colour"
    #expect(try search(colours).map(\.item.displayText) == ["Adidas rug", "Adidas rain jacket"])
  }

  @Test(.offThePool) func searchIndexKeepsOneRugInTheTop5() throws {
    let index = SearchIndex(Self.catalogue)
    try Self.check { try index.search("adidas r", options: $0) }
    try Self.check { try index.makeSearcher().search("adidas r", options: $0) }
    // The facets count every rug.
    #expect(
      try index.facetCounts(of: "colour", for: "adidas r", options: Self.options).first
        == FacetCount(value: "red", count: 7))
  }

  @Test(.offThePool) func diskIndexKeepsOneRugInTheTop5() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "distinct-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Rugs in the segment and among the changes not yet committed.
    let index = try DiskIndex.create(at: folder, items: Array(Self.catalogue.prefix(3)))
    try index.add(Array(Self.catalogue.dropFirst(3)))
    try Self.check { try index.search("adidas r", options: $0) }
    let source = DiskIndexSource(index)
    #expect(
      source.immediateSuggestions(for: SuggestionQuery("adidas r", options: Self.options))?.map(\.displayText)
        == Self.distinctTop5)
  }

  @Test(.offThePool) func listSourceKeepsOneRugInTheTop5() throws {
    try Self.check { Self.catalogue.rankedMatches(for: SearchQuery("adidas r", options: $0)) }
    let source = ListSource(Self.catalogue)
    #expect(
      source.immediateSuggestions(for: SuggestionQuery("adidas r", options: Self.options))?.map(\.displayText)
        == Self.distinctTop5)
  }

  @Test(.offThePool) func manyDuplicatesBeforeTheOthersStillFillTheLimit() throws {
    // 200 rugs rank before the rest: the search asks for more matches until 5 texts are found.
    let rugs = (1...200).map { AutocompleteItem("Adidas rug", weight: 10, id: "rug-\($0)") }
    let index = SearchIndex(rugs + Self.catalogue.dropFirst(5))
    #expect(try index.search("adidas r", options: Self.options).map(\.item.displayText) == Self.distinctTop5)
    // Fewer distinct texts than the limit: all of them.
    #expect(
      try index.search("adidas ru", options: Self.options).map(\.item.displayText) == [
        "Adidas rug", "Adidas running shoe",
      ])
  }
}
