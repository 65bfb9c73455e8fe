import TestSupport
import Testing

@testable import AutocompleteCore

/// The builder, the literal syntax, scopes that a query cannot widen, and the error of an index
/// without attributes.
@Suite struct AttributeFilterTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem(
      "Rio de Janeiro", weight: 6,
      attributes: ["country": "BR", "population": 6_748_000, "tags": ["coastal"]]),
    AutocompleteItem(
      "Recife", weight: 1,
      attributes: ["country": "BR", "population": 1_653_000, "tags": ["coastal", "capital"]]),
    AutocompleteItem(
      "Porto", weight: 2, attributes: ["country": "PT", "population": 231_000, "tags": ["coastal"]]),
    AutocompleteItem(
      "Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000, "capital": true]),
    AutocompleteItem("Reno", weight: 0, attributes: ["country": "US", "population": 264_000]),
  ]

  @Test(.offThePool) func builderMakesTheCases() {
    let big: AttributeFilter = Attribute("country") == "BR" && Attribute("population") > 100_000
    #expect(
      big
        == .all([
          .isIn("country", ["BR"]), .inRange("population", NumberRange(lower: 100_000, includesLower: false)),
        ]))
    let either: AttributeFilter = Attribute("country").isIn(["BR", "PT"]) || !Attribute("capital").exists
    #expect(either == .any([.isIn("country", ["BR", "PT"]), .not(.exists("capital"))]))
    #expect(Attribute("population").isIn(1...5) == .inRange("population", NumberRange(lower: 1, upper: 5)))
    let capital: AttributeFilter = Attribute("capital") == true
    #expect(capital == .isIn("capital", [.bool(true)]))
    let other: AttributeFilter = Attribute("country") != "BR"
    #expect(other == .not(.isIn("country", ["BR"])))
    let small: AttributeFilter = Attribute("population") <= 10 && Attribute("population") >= 2.5
    #expect(small.matches(["population": 3]) && !small.matches(["population": 11]) && !small.matches([:]))
  }

  @Test(.offThePool) func combinedNarrowsAndNeverWidens() {
    let brazil: AttributeFilter = Attribute("country") == "BR"
    let big: AttributeFilter = Attribute("population") > 1_000_000
    #expect(AttributeFilter.combined(nil, nil) == nil)
    #expect(AttributeFilter.combined(brazil, nil) == brazil)
    #expect(AttributeFilter.combined(nil, big) == big)
    let both = AttributeFilter.combined(brazil, big)
    #expect(both == .all([brazil, big]))
    #expect(both?.matches(["country": "BR", "population": 6_748_000]) == true)
    #expect(both?.matches(["country": "BR", "population": 231_000]) == false)
    #expect(both?.matches(["country": "PT", "population": 6_748_000]) == false)
  }

  @Test(.offThePool) func filterBoostAndDistinctOnAnIndex() throws {
    let index = SearchIndex(Self.cities)
    var options = SearchOptions(maximumCount: nil)
    options.filter = Attribute("country") == "BR"
    #expect(try index.search("r", options: options).map(\.item.searchText) == ["Rio de Janeiro", "Recife"])
    options.filter = nil
    options.boost = Attribute("country") == "US"
    #expect(try index.search("re", options: options).map(\.item.searchText) == ["Reno", "Recife"])
    options.boost = nil
    options.distinct = "country"
    #expect(
      try index.search("r", options: options).map(\.item.searchText)
        == ["Rio de Janeiro", "Rome", "Reno", "Recife"].filter { $0 != "Recife" })
    #expect(
      try index.facetCounts(of: "country", for: "r", options: SearchOptions()) == [
        FacetCount(value: "BR", count: 2), FacetCount(value: "IT", count: 1),
        FacetCount(value: "US", count: 1),
      ])
    #expect(
      try index.facetCounts(of: "tags", for: "", options: SearchOptions()) == [
        FacetCount(value: "coastal", count: 3), FacetCount(value: "capital", count: 1),
      ])
  }

  @Test(.offThePool) func aScopeCannotBeWidened() throws {
    let index = SearchIndex(Self.cities).scoped(to: Attribute("tags") == "coastal")
    var options = SearchOptions(maximumCount: nil)
    #expect(try index.search("r", options: options).map(\.item.searchText) == ["Rio de Janeiro", "Recife"])
    options.filter = .not(.isIn("tags", ["coastal"]))
    #expect(try index.search("r", options: options).isEmpty)
    #expect(
      try index.scoped(to: Attribute("country") == "PT").search("", options: SearchOptions(maximumCount: nil))
        .map(\.item.searchText) == ["Porto"])
    let source = ListSource(Self.cities, scope: Attribute("country") == "IT")
    options.filter = .any([])
    #expect(source.immediateSuggestions(for: SuggestionQuery("r", options: options))?.isEmpty == true)
    options.filter = nil
    #expect(
      source.immediateSuggestions(for: SuggestionQuery("r", options: options))?.map(\.displayText) == ["Rome"]
    )
    let indexSource = IndexSource(SearchIndex(Self.cities), scope: Attribute("population") < 500_000)
    #expect(
      indexSource.immediateSuggestions(for: SuggestionQuery("r", options: options))?.map(\.displayText) == [
        "Reno"
      ])
  }

  /// An index whose items have no attributes knows no names: a filter naming one is an error
  /// there (``UnknownAttributeError``); a list, which reads its items on each query, matches none.
  @Test(.offThePool) func itemsWithoutAttributesMakeAFilterAnError() throws {
    let items = ["Rio", "Recife"] as [AutocompleteItem]
    let index = SearchIndex(items)
    var options = SearchOptions()
    options.filter = .not(.exists("country"))
    #expect(throws: UnknownAttributeError(attribute: "country", knownAttributes: [])) {
      try index.search("r", options: options)
    }
    #expect(items.rankedMatches(for: SearchQuery("r", options: options)).count == 2)
    options.filter = Attribute("country") == "BR"
    #expect(throws: UnknownAttributeError.self) { try index.search("r", options: options) }
    #expect(items.rankedMatches(for: SearchQuery("r", options: options)).isEmpty)
  }
}
