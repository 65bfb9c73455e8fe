import AutocompleteCities
import AutocompleteCore
import AutocompleteRemote
import Foundation
import TestSupport
import Testing
import TypesenseTestSupport

@testable import AutocompleteRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The query's filter sent as `filter_by` (narrowing the source's own), facet counts through
/// `facet_by`, and `HTTPSource`'s filter item.
@Suite struct TypesenseFilterRequestTests {
  static func values(_ request: URLRequest) -> [String: String] {
    let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
  }

  @Test(.offThePool) func theQueryFilterNarrowsTheSourceFilter() throws {
    let node = URL(string: "http://127.0.0.1:8108")!
    let source = try TypesenseSource(
      nodes: [node], apiKey: "k", collection: "cities", queryBy: ["name"], filterBy: "population:>1000")
    var options = SearchOptions()
    options.filter = Attribute("country_code").isIn(["BR", "PT"])
    let request = try source.searchRequest(for: SuggestionQuery("s", options: options), node: node)
    #expect(Self.values(request)["filter_by"] == "(population:>1000) && (country_code:=[BR,PT])")
    let unscoped = try TypesenseSource(nodes: [node], apiKey: "k", collection: "cities", queryBy: ["name"])
    #expect(
      Self.values(try unscoped.searchRequest(for: SuggestionQuery("s", options: options), node: node))[
        "filter_by"] == "country_code:=[BR,PT]")
    options.filter = Attribute("country_code").exists
    #expect(throws: RemoteError.self) {
      try unscoped.searchRequest(for: SuggestionQuery("s", options: options), node: node)
    }
  }

  @Test(.offThePool) func facetCountsAreReadMostFirst() throws {
    let answer = Data(
      #"{"facet_counts":[{"field_name":"country_code","counts":[{"value":"PT","count":3},{"value":"BR","count":9},{"value":"AR","count":3}]}],"hits":[]}"#
        .utf8)
    #expect(
      try TypesenseSource.decodeFacetCounts(answer, field: "country_code", limit: 2)
        == [FacetCount(value: "BR", count: 9), FacetCount(value: "AR", count: 3)])
  }

  @Test func httpSourceSendsTheFilterItem() async throws {
    // The request builder of the `url:` initializer, seen through a source whose answer fails fast.
    let source = HTTPSource(
      url: URL(string: "http://127.0.0.1:9/tags")!, filterItem: "filter_by",
      answer: JSONAnswer(items: "results", text: "name"))
    var options = SearchOptions()
    options.filter = Attribute("team") == "red"
    let request = try source.makeRequest(SuggestionQuery("a", options: options))
    #expect(Self.values(request)["filter_by"] == "team:=red")
  }
}

/// Against a real Typesense 0.24.1 (skipped without one, as ``TypesenseIntegrationTests``).
@Suite(
  "Typesense filters and facets",
  .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
  .timeLimit(.minutes(3)))
@MainActor struct TypesenseFilterIntegrationTests {
  @Test func filtersAndFacetsFromARealServer() async throws {
    let server = try await TypesenseServer()
    defer { server.stop() }
    try await server.createCities("cities", documents: TypesenseServer.cityDocuments())
    let source = try TypesenseIntegrationTests.source(server)
    var options = SearchOptions(maximumCount: 10)
    options.filter = Attribute("country_code") == "BR"
    let rows = try await source.suggestions(for: SuggestionQuery("san", options: options))
    #expect(!rows.isEmpty)
    let brazilian = Set(Cities.all.filter { $0.countryCode == "BR" }.map(\.name))
    #expect(rows.allSatisfy { brazilian.contains($0.displayText) }, "\(rows.map(\.displayText))")

    let all = try await source.facetCounts(of: "country_code", for: SuggestionQuery("san"), limit: 3)
    #expect(all.count == 3)
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.count >= $1.count })
    let brazil = try await source.facetCounts(
      of: "country_code", for: SuggestionQuery("san", options: options))
    #expect(brazil.map(\.value) == ["BR"])
    #expect(brazil.first?.count ?? 0 >= rows.count)
    try await Self.anAttributeNameCannotLeaveTheScope(server)
  }

  /// Issue 47, F14, on the same server: a source scoped to `country_code:=BR` (alice's documents),
  /// asked to filter by an attribute whose name closes the scope's parenthesis, returns no other
  /// country's city (mallory's), though the server, sent that name unescaped, does return them.
  static func anAttributeNameCannotLeaveTheScope(_ server: TypesenseServer) async throws {
    let mallory = try #require(
      Cities.all.first { $0.countryCode != "BR" && $0.name.lowercased().hasPrefix("san") }?.countryCode)
    let name = "country_code:=BR) || (country_code:=\(mallory)) || (country_code"
    // What the name would make of the scope if written as it is: the server returns mallory's cities.
    var components = URLComponents(string: "/collections/cities/documents/search")!
    components.queryItems = [
      URLQueryItem(name: "q", value: "san"), URLQueryItem(name: "query_by", value: "name"),
      URLQueryItem(name: "filter_by", value: "(country_code:=BR) && (\(name):=zz)"),
    ]
    let raw = try JSONSerialization.jsonObject(
      with: try await server.request(
        "GET", components.percentEncodedQuery.map { components.path + "?" + $0 }!))
    let hits = try #require((raw as? [String: Any])?["hits"] as? [[String: Any]])
    #expect(hits.contains { ($0["document"] as? [String: Any])?["country_code"] as? String == mallory })

    let scoped = try TypesenseSource(
      nodes: server.nodes.map(\.url), apiKey: server.apiKey, collection: "cities", queryBy: ["name"],
      filterBy: "country_code:=BR", session: ownSession())
    var options = SearchOptions(maximumCount: 50)
    options.filter = Attribute(name) == "zz"
    // Refused before anything is sent: the name cannot be written into `filter_by`.
    let error = await #expect(throws: RemoteError.self) {
      try await scoped.suggestions(for: SuggestionQuery("san", options: options))
    }
    #expect(error.map { "\($0)" }?.contains("attribute name") == true)
    // A plain name still narrows the scope on this server.
    options.filter = Attribute("country_code") == "BR"
    let rows = try await scoped.suggestions(for: SuggestionQuery("san", options: options))
    let brazilian = Set(Cities.all.filter { $0.countryCode == "BR" }.map(\.name))
    #expect(!rows.isEmpty && rows.allSatisfy { brazilian.contains($0.displayText) })
  }
}
