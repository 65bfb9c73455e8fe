import AutocompleteCore
import TestSupport
import Testing

/// A `SearchIndex` knows its items' attribute names, as a `DiskIndex` does: a filter, boost,
/// `distinct` or facet naming another (a misspelt `categry`) throws ``UnknownAttributeError``
/// instead of answering nothing (issue 48).
@Suite("Search index unknown attributes")
struct SearchIndexUnknownAttributeTests {
  static let products = [
    AutocompleteItem("Running shoe", attributes: ["brand": "Adidas", "category": "Shoes", "price": 79]),
    AutocompleteItem("Rug", attributes: ["brand": "Adidas", "category": "Home", "price": 30]),
  ]
  static let expected = UnknownAttributeError(
    attribute: "categry", knownAttributes: ["brand", "category", "price"])

  @Test(.offThePool) func aMisspeltAttributeIsAnErrorNamingTheKnownOnes() throws {
    let index = SearchIndex(Self.products)
    var options = SearchOptions(mode: .words)
    options.filter = Attribute("categry") == "Shoes"
    #expect(throws: Self.expected) { try index.search("running", options: options) }
    #expect(throws: Self.expected) { try index.makeSearcher().search("running", options: options) }
    #expect(throws: Self.expected) {
      try index.facetCounts(of: "categry", for: "running", options: SearchOptions())
    }
    #expect(throws: Self.expected) { try index.facetCounts(of: "brand", for: "running", options: options) }
    #expect(throws: Self.expected) {
      try index.scoped(to: Attribute("brand") == "Adidas").search("running", options: options)
    }
    var boosted = SearchOptions()
    boosted.boost = Attribute("categry") == "Shoes"
    #expect(throws: Self.expected) { try index.search("r", options: boosted) }
    var distinct = SearchOptions()
    distinct.distinct = "categry"
    #expect(throws: Self.expected) { try index.search("r", options: distinct) }
    // A source answers no immediate list (its asynchronous search throws the error to the session).
    #expect(IndexSource(index).immediateSuggestions(for: SuggestionQuery("r", options: options)) == nil)

    // The known names answer as before.
    options.filter = Attribute("category") == "Shoes"
    #expect(try index.search("running", options: options).map(\.item.searchText) == ["Running shoe"])
    #expect(try index.facetCounts(of: "category", for: "r", options: SearchOptions()).count == 2)
    // An index without items knows no names: nothing to misspell against.
    #expect(try SearchIndex([AutocompleteItem]()).search("x", options: options).isEmpty)
  }

  @Test(.offThePool) func aFilterParsedWithTheIndexNamesSaysWhere() throws {
    let index = SearchIndex(Self.products)
    #expect(throws: FilterSyntaxError.self) {
      try AttributeFilter(parsing: "categry:=Shoes", knownAttributes: index.attributeNames)
    }
    do {
      _ = try AttributeFilter(parsing: "categry:=Shoes", knownAttributes: index.attributeNames)
    } catch {
      #expect("\(error)" == "position 1: unknown attribute `categry` (known: brand, category, price)")
    }
    // Parsed without the names, the same filter is the index's error at the search.
    var options = SearchOptions()
    options.filter = try AttributeFilter(parsing: "categry:=Shoes")
    #expect(throws: Self.expected) { try index.search("r", options: options) }
    #expect("\(Self.expected)" == "unknown attribute `categry` (known: brand, category, price)")
  }
}
