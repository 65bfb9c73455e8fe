import AutocompleteCore
import TestSupport
import Testing

/// The snippet of Guides/Index.md, "Filters, scopes and facets", as written, with what its comments
/// say checked.
@Suite("Guides/Index.md filter snippet")
struct IndexGuideFilterTests {
  @Test("a scoped index, a filter on top, and facets of the search", .offThePool)
  func snippet() throws {
    let cities = [
      AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
      AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
      AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
      AutocompleteItem("Rio Maior", weight: 0, attributes: ["country": "PT", "population": 21_000]),
    ]

    let index = SearchIndex(cities)  // items with "country" and "population" attributes
    let lusophone = index.scoped(to: Attribute("country").isIn(["BR", "PT"]))  // no query widens it
    var options = SearchOptions()
    options.filter = Attribute("population") > 1_000_000 || Attribute("country") == "IT"
    let big = try lusophone.search("r", options: options)  // Rio de Janeiro, Recife: never Rome
    let perCountry = try lusophone.facetCounts(of: "country", for: "r", options: options)  // BR: 2

    #expect(big.map(\.item.searchText) == ["Rio de Janeiro", "Recife"])
    #expect(perCountry == [FacetCount(value: "BR", count: 2)])
    // The counts are those of the search they go with: its matches, per country.
    #expect(perCountry == [FacetCount(value: "BR", count: big.count)])
    #expect(try index.search("r", options: options).map(\.item.searchText).contains("Rome"))
  }
}
