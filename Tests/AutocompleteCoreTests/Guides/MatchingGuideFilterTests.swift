import AutocompleteCore
import TestSupport
import Testing

/// The snippets of Guides/Matching.md's "Filters, fields and facets", as written.
@Suite("Guides/Matching.md filter snippets")
@MainActor struct MatchingGuideFilterTests {
  static let cities = [
    AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
    AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
    AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
  ]

  @Test(.offThePool) func filtersAndFacets() throws {
    let cities = [
      AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
      AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
      AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
    ]
    let index = SearchIndex(cities)
    var options = SearchOptions()
    let counts = try index.facetCounts(of: "country", for: "r", options: options)  // BR: 2, IT: 1
    options.filter = Attribute("country") == "BR" && Attribute("population") > 1_000_000
    let brazilian = try index.search("r", options: options)  // Rio de Janeiro, Recife
    let parsed = try AttributeFilter(
      parsing: "country:=[BR,PT] && population:>100000", knownAttributes: index.attributeNames)
    #expect(brazilian.map(\.item.searchText) == ["Rio de Janeiro", "Recife"])
    #expect(parsed.matches(cities[0].attributes) && !parsed.matches(cities[2].attributes))
    #expect(counts == [FacetCount(value: "BR", count: 2), FacetCount(value: "IT", count: 1)])
  }

  @Test(.offThePool) func searchableAttributes() throws {
    let places = [
      AutocompleteItem("Lisbon", attributes: ["country": "Portugal", "tags": ["capital"]]),
      AutocompleteItem("Porto Alegre", attributes: ["country": "Brazil"]),
    ]
    let byCountry = SearchIndex(places, searchableAttributes: ["country", "tags"])
    let found = try byCountry.search("port")  // Porto Alegre (its name), then Lisbon (its country)
    var weighted = SearchOptions()
    weighted.fields = SearchFields(name: 1, attributes: ["country": 2])
    let countryFirst = try byCountry.search("port", options: weighted)  // Lisbon, then Porto Alegre
    #expect(found.map(\.item.searchText) == ["Porto Alegre", "Lisbon"])
    #expect(found.map(\.match.attribute) == [nil, "country"])
    #expect(found[1].match.ranges.map { String(found[1].match.matchedText[$0]) } == ["Port"])
    #expect(countryFirst.map(\.item.searchText) == ["Lisbon", "Porto Alegre"])
    var unknown = SearchOptions()
    unknown.fields = SearchFields(attributes: ["population": 1])
    #expect(throws: UnsearchableAttributeError.self) { try byCountry.search("port", options: unknown) }
  }

  @Test(.offThePool) func dependentField() {
    let index = SearchIndex(Self.cities)
    let session = AutocompleteSession(configuration: SessionConfiguration(source: IndexSource(index)))
    session.textChanged("r")
    session.searchFilter = Attribute("country") == "IT"  // now only Rome
    #expect(session.state.suggestions.map(\.displayText) == ["Rome"])
  }
}
