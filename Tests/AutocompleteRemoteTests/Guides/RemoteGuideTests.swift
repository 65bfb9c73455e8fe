import AutocompleteCore
import AutocompleteRemote
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The snippets of Guides/Remote.md, as written (with stand-ins for the app's own API), so that
/// the guide cannot drift from the API (`GuideSnippetsInStepTests` checks that each is here). They
/// are built, not sent: no server is asked.
@Suite("Guides/Remote.md snippets")
struct RemoteGuideTests {
  /// The app's own API in the guide.
  struct API: Sendable {
    func tags(_ text: String) async throws -> [AutocompleteItem] { [AutocompleteItem("\(text)1")] }
    func tags(_ text: String, completion: @escaping @Sendable ([AutocompleteItem]) -> Void) {
      completion([AutocompleteItem("\(text)1")])
    }
  }

  struct Page: Decodable {
    struct Hit: Decodable {
      var title: String
      var sku: String
    }
    var hits: [Hit]
    var hasMore: Bool
  }

  @Test("they build, and the item sources answer")
  func snippets() async throws {
    let api = API()
    let token = "t"
    let (appID, searchKey, searchOnlyKey) = ("app", "key", "key")

    let tags = AsyncSource { query in try await api.tags(query.text) }
    let ordered = AsyncSource(ranking: .serverOrder) { query in try await api.tags(query.text) }
    let callback = CallbackSource { query, done in api.tags(query.text) { items in done(items) } }
    for source in [tags, ordered] as [any SuggestionSource] + [callback] {
      #expect(try await source.suggestions(for: SuggestionQuery("a")).map(\.displayText) == ["a1"])
    }

    let json: HTTPSource
    do {
      let tags = HTTPSource(
        url: URL(string: "https://api.example.com/tags")!,
        headers: ["Authorization": "Bearer \(token)"],
        answer: JSONAnswer(items: "results", text: "name", id: "id", detail: "country.name", total: "total"))
      json = tags
    }
    let products = HTTPSource(
      request: { query in
        var request = URLRequest(url: URL(string: "https://api.example.com/suggest")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(["prefix": query.text])
        return request
      },
      decode: { data, response in
        let page = try JSONDecoder().decode(Page.self, from: data)
        return RemoteAnswer(
          items: page.hits.map { RemoteItem($0.title, id: $0.sku) }, isComplete: !page.hasMore)
      })
    let cities = try TypesenseSource(
      nodes: [
        URL(string: "https://ts1.example.com")!, URL(string: "https://ts2.example.com")!,
        URL(string: "https://ts3.example.com")!,
      ],
      apiKey: searchOnlyKey, collection: "cities",
      queryBy: [.init("name", weight: 3), .init("asciiname", weight: 2), "alternates"],
      detailField: "country", weightField: "population",
      filterBy: "country:=France")
    let algolia = HTTPSource(
      request: { query in
        var request = URLRequest(url: URL(string: "https://\(appID)-dsn.algolia.net/1/indexes/cities/query")!)
        request.httpMethod = "POST"
        request.setValue(appID, forHTTPHeaderField: "X-Algolia-Application-Id")
        request.setValue(searchKey, forHTTPHeaderField: "X-Algolia-API-Key")
        let body: [String: Any] = ["query": query.text, "hitsPerPage": query.options.limit ?? 20]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        return request
      },
      decode: { data, _ in
        try JSONAnswer(items: "hits", text: "name", id: "objectID", total: "nbHits").decode(data)
      })
    let elastic = HTTPSource(
      request: { query in
        var request = URLRequest(url: URL(string: "https://search.example.com/cities/_search")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
          "suggest": [
            "city": [
              "prefix": query.text,
              "completion": [
                "field": "suggest", "size": query.options.limit ?? 10, "fuzzy": ["fuzziness": "AUTO"],
              ],
            ]
          ]
        ]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        return request
      },
      decode: { data, _ in
        try JSONAnswer(items: "suggest.city.0.options", text: "text", id: "_id", detail: "_source.country")
          .decode(data)
      })
    let meili = HTTPSource(
      url: URL(string: "https://meili.example.com/indexes/cities/search")!, queryItem: "q",
      limitItem: "limit",
      headers: ["Authorization": "Bearer \(searchKey)"],
      answer: JSONAnswer(
        items: "hits", text: "name", id: "id", detail: "country", total: "estimatedTotalHits"))
    let built: [any SuggestionSource] = [json, products, cities, algolia, elastic, meili]
    #expect(built.count == 6)

    // The Elasticsearch answer shape reads as the guide says.
    let answer = try JSONAnswer(
      items: "suggest.city.0.options", text: "text", id: "_id", detail: "_source.country"
    )
    .decode(
      Data(
        #"{"suggest": {"city": [{"options": [{"text": "Zürich", "_id": "7", "_source": {"country": "CH"}}]}]}}"#
          .utf8))
    #expect(answer.items.map(\.searchText) == ["Zürich"])
    #expect(answer.items.map(\.id) == ["7"])
    #expect(answer.items.map(\.detail) == ["CH"])
  }
}
