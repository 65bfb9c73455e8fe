import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// A `DiskIndex` knows its items' attribute names: a filter, boost, `distinct` or facet naming
/// another (a misspelt `categry`) throws ``UnknownAttributeError`` instead of answering nothing.
@Suite("Disk index unknown attributes")
struct DiskIndexUnknownAttributeTests {
  @Test(.offThePool) func aMisspeltAttributeIsAnErrorNamingTheKnownOnes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unknown-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let index = try DiskIndex.create(
      at: folder,
      items: [
        AutocompleteItem("Running shoe", attributes: ["brand": "Adidas", "category": "Shoes", "price": 79]),
        AutocompleteItem("Rug", attributes: ["brand": "Adidas", "category": "Home", "price": 30]),
      ])
    let expected = UnknownAttributeError(
      attribute: "categry", knownAttributes: ["brand", "category", "price"])
    #expect(expected.description == "unknown attribute `categry` (known: brand, category, price)")
    var options = SearchOptions(mode: .words)
    options.filter = Attribute("categry") == "Shoes"
    #expect(throws: expected) { try index.search("running", options: options) }
    #expect(throws: expected) { try index.facetCounts(of: "categry", for: "running", options: options) }
    #expect(throws: expected) { try index.items(prefix: 5, matching: Attribute("categry") == "Shoes") }
    #expect(throws: expected) { try index.count(matching: Attribute("categry").exists) }
    var boosted = SearchOptions()
    boosted.boost = Attribute("categry") == "Shoes"
    #expect(throws: expected) { try index.search("r", options: boosted) }
    var distinct = SearchOptions()
    distinct.distinct = "categry"
    #expect(throws: expected) { try index.search("r", options: distinct) }

    // The known names answer as before, the changes not yet committed included.
    options.filter = Attribute("category") == "Shoes"
    #expect(try index.search("running", options: options).map(\.item.searchText) == ["Running shoe"])
    try index.add([AutocompleteItem("Sock", attributes: ["colour": "red"])])
    #expect(try index.count(matching: Attribute("colour") == "red") == 1)
    // An index without items knows no names yet: nothing to misspell against.
    let empty = try DiskIndex.create(at: folder.appendingPathComponent("empty"), items: [])
    #expect(try empty.search("x", options: options).isEmpty)
  }
}
