import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An attribute name in a query's filter cannot lead the query out of the source's own
/// `filter_by` scope: a name `filter_by` cannot hold is refused before anything is sent.
@Suite struct TypesenseFilterNameTests {
  static let node = URL(string: "http://127.0.0.1:8108")!

  static func source() throws -> TypesenseSource {
    try TypesenseSource(
      nodes: [node], apiKey: "k", collection: "documents", queryBy: ["title"], filterBy: "owner:=alice")
  }

  @Test(.offThePool) func aPlainNameNarrowsTheScope() throws {
    var options = SearchOptions()
    options.filter = Attribute("team") == "zz"
    let request = try Self.source().searchRequest(
      for: SuggestionQuery("a", options: options), node: Self.node)
    #expect(TypesenseFilterRequestTests.values(request)["filter_by"] == "(owner:=alice) && (team:=zz)")
  }

  @Test(.offThePool) func aNameThatWouldWidenTheScopeIsRefused() throws {
    var options = SearchOptions()
    options.filter = Attribute("owner:=alice) || (owner:=mallory) || (owner") == "zz"
    #expect(throws: RemoteError.self) {
      try Self.source().searchRequest(for: SuggestionQuery("a", options: options), node: Self.node)
    }
    options.filter = Attribute("$users(id:*)") == "zz"
    #expect(throws: RemoteError.self) {
      try Self.source().searchRequest(for: SuggestionQuery("a", options: options), node: Self.node)
    }
  }
}
