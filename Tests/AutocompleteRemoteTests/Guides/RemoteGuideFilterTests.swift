import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteRemote

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The snippet of Guides/Remote.md, "Filters, scopes and facets", as written; the request it makes
/// is built and read, not sent.
@MainActor @Suite("Guides/Remote.md filter snippet")
struct RemoteGuideFilterTests {
  @Test("the source's own filter is the scope; the session's filter narrows it", .offThePool)
  func snippet() throws {
    let searchOnlyKey = "key"

    let cities = try TypesenseSource(
      nodes: [URL(string: "http://127.0.0.1:8108")!], apiKey: searchOnlyKey, collection: "cities",
      queryBy: ["name"], filterBy: "team_id:=42")  // the scope: no query widens it
    let session = AutocompleteSession(configuration: SessionConfiguration(source: cities))
    session.searchFilter = Attribute("country_code") == "BR"  // narrows the scope

    let query = SuggestionQuery("s", options: session.configuration.searchOptions)
    let request = try cities.searchRequest(for: query, node: URL(string: "http://127.0.0.1:8108")!)
    let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
    #expect(items.first { $0.name == "filter_by" }?.value == "(team_id:=42) && (country_code:=BR)")
  }
}
