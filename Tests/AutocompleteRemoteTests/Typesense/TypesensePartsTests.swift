import AutocompleteCore
import Foundation
import TestSupport
import Testing

@testable import AutocompleteRemote

/// The parts of `TypesenseSource` that need no server: highlight tags, node order and health, the
/// request it builds.
@Suite("Typesense parts")
struct TypesensePartsTests {
  @Test(
    "tagged values become ranges of the row's text, whole characters, merged where they touch",
    .offThePool,
    arguments: [
      ("\u{E000}Zü\u{E001}rich", "Zürich", ["Zü"]),
      ("\u{E000}Sa\u{E001}o \u{E000}P\u{E001}aulo", "Sao Paulo", ["Sa", "P"]),
      // A tag inside "é" written e + U+0301 highlights the whole character.
      ("Cafe\u{E000}\u{301}\u{E001} x", "Cafe\u{301} x", ["e\u{301}"]),
      ("\u{E000}👍\u{E001}\u{1F3FD} ok", "👍🏽 ok", ["👍🏽"]),
      ("\u{E000}ab\u{E001}\u{E000}c\u{E001}d", "abcd", ["abc"]),
      ("\u{E000}x\u{E001}", "different", []),
      ("\u{E000}open", "open", ["open"]),
      ("", "", []),
    ])
  func markedText(marked: String, text: String, expected: [String]) {
    let ranges = MarkedText(marked).ranges(in: text)
    #expect(ranges.map { String(text[$0]) } == expected)
    for range in ranges {
      #expect(range.lowerBound.samePosition(in: text) != nil)
      #expect(NSRange(range, in: text).location != NSNotFound)
    }
  }

  @Test(
    "nodes go round robin; a failed node is skipped until the health-check interval has passed", .offThePool)
  func nodeOrder() {
    let urls = (1...3).map { URL(string: "http://127.0.0.1:\(8100 + $0)")! }
    let nodes = TypesenseNodes(urls, healthcheckInterval: .seconds(60))
    let start = ContinuousClock.now
    #expect(nodes.attemptOrder(now: start).map(\.index) == [0, 1, 2])
    #expect(nodes.attemptOrder(now: start).map(\.index) == [1, 2, 0])
    nodes.mark(2, isHealthy: false, now: start)
    #expect(nodes.attemptOrder(now: start + .seconds(1)).map(\.index) == [0, 1, 2])  // 2 last
    #expect(nodes.attemptOrder(now: start + .seconds(1)).map(\.index) == [0, 1, 2])
    #expect(nodes.attemptOrder(now: start + .seconds(1)).map(\.index) == [1, 0, 2])
    // The interval is over: node 2 is tried again in its turn.
    #expect(nodes.attemptOrder(now: start + .seconds(61)).map(\.index) == [2, 0, 1])
    // Every node failed: all are tried anyway, round robin.
    for index in 0..<3 { nodes.mark(index, isHealthy: false, now: start + .seconds(61)) }
    #expect(nodes.attemptOrder(now: start + .seconds(62)).map(\.index) == [0, 1, 2])
    nodes.mark(0, isHealthy: true)
    #expect(nodes.isHealthy(0))
  }

  @Test(
    "the search request: fields, weights, typos, prefix, per_page, sort and filter, key in a header",
    .offThePool)
  func request() throws {
    let source = try TypesenseSource(
      nodes: [URL(string: "http://127.0.0.1:8108")!], apiKey: "secret", collection: "my cities",
      queryBy: [TypesenseSource.Field("name", weight: 2), "alternates"], sortBy: "population:desc",
      filterBy: "country:=[France, Spain] && population:>1000")
    let query = SuggestionQuery("c++ zür", options: SearchOptions(maximumCount: 7, typoTolerance: .automatic))
    let request = try source.searchRequest(for: query, node: URL(string: "http://127.0.0.1:8108")!)
    let url = try #require(request.url)
    #expect(url.path == "/collections/my cities/documents/search")
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let values = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    #expect(values["q"] == "c++ zür")
    #expect(url.absoluteString.contains("q=c%2B%2B%20z"))
    #expect(values["query_by"] == "name,alternates")
    #expect(values["query_by_weights"] == "2,1")
    #expect(values["num_typos"] == "2")
    #expect(values["min_len_1typo"] == "4")
    #expect(values["min_len_2typo"] == "8")
    #expect(values["prefix"] == "true")
    #expect(values["per_page"] == "7")
    #expect(values["sort_by"] == "population:desc")
    #expect(values["filter_by"] == "country:=[France, Spain] && population:>1000")
    #expect(request.value(forHTTPHeaderField: "X-TYPESENSE-API-KEY") == "secret")
    #expect(!url.absoluteString.contains("secret"))

    let exact = SuggestionQuery(
      "x", options: SearchOptions(mode: .exact, maximumCount: nil, typoTolerance: .off))
    let strict = try source.searchRequest(for: exact, node: URL(string: "http://127.0.0.1:8108")!)
    let strictItems = URLComponents(url: strict.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
    #expect(strictItems.contains(URLQueryItem(name: "prefix", value: "false")))
    #expect(strictItems.contains(URLQueryItem(name: "num_typos", value: "0")))
    #expect(strictItems.contains(URLQueryItem(name: "per_page", value: "250")))
  }

  @Test("no node or no field is a clear error", .offThePool)
  func configurationErrors() {
    #expect(throws: RemoteError.badRequest(reason: "no Typesense node was given")) {
      try TypesenseSource(nodes: [], apiKey: "k", collection: "c", queryBy: ["name"])
    }
    #expect(throws: RemoteError.badRequest(reason: "no field to search (query_by)")) {
      try TypesenseSource(
        nodes: [URL(string: "http://127.0.0.1:1")!], apiKey: "k", collection: "c", queryBy: [])
    }
  }
}
