import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteRemote

/// How a Typesense 404 is explained: a missing field is named as the field (the collection exists),
/// anything else as a missing collection.
@Suite("Typesense 404 explained")
struct TypesenseErrorExplainedTests {
  let source = try! TypesenseSource(
    nodes: [URL(string: "http://127.0.0.1:8108")!], apiKey: "k", collection: "cities", queryBy: ["name"])

  @Test("a field the schema lacks is named, not the collection", .offThePool)
  func missingField() {
    let error = source.explained(
      .http(status: 404, message: "Could not find a field named `nmae` in the schema.", retryAfter: nil))
    #expect(
      error.description
        == "the server answered 404 not found: no field “nmae” in collection “cities” "
        + "(Could not find a field named `nmae` in the schema.)")
  }

  @Test("a missing collection is still said to be one", .offThePool)
  func missingCollection() {
    let error = source.explained(.http(status: 404, message: "Not found.", retryAfter: nil))
    #expect(error.description == "the server answered 404 not found: no collection “cities” (Not found.)")
    #expect(TypesenseSource.missingField(in: "Not found.") == nil)
    #expect(TypesenseSource.missingField(in: "Could not find a field named 'alt' in the schema.") == "alt")
    #expect(TypesenseSource.missingField(in: "Could not find a field named ") == nil)
  }
}
