import AutocompleteCore
import Testing

/// The snippets of Guides/Matching.md's "Filters, fields and facets", as written.
@Suite("Guides/Matching.md filter snippets")
@MainActor struct MatchingGuideFilterTests {
  static let cities = [
    AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
    AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
    AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
  ]

  @Test func filtersAndFacets() throws {
    let cities = [
      AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
      AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
      AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
    ]
    let index = SearchIndex(cities)
    var options = SearchOptions()
    options.filter = Attribute("country") == "BR" && Attribute("population") > 1_000_000
    let brazilian = try index.search("r", options: options)  // Rio de Janeiro, Recife
    let parsed = try AttributeFilter(parsing: "country:=[BR,PT] && population:>100000")
    let counts = try index.facetCounts(of: "country", for: "r")  // BR: 2, IT: 1
    #expect(brazilian.map(\.item.searchText) == ["Rio de Janeiro", "Recife"])
    #expect(parsed.matches(cities[0].attributes) && !parsed.matches(cities[2].attributes))
    #expect(counts == [FacetCount(value: "BR", count: 2), FacetCount(value: "IT", count: 1)])
  }

  @Test func dependentField() {
    let index = SearchIndex(Self.cities)
    let session = AutocompleteSession(configuration: SessionConfiguration(source: IndexSource(index)))
    session.textChanged("r")
    session.searchFilter = Attribute("country") == "IT"  // now only Rome
    #expect(session.state.suggestions.map(\.displayText) == ["Rome"])
  }
}
