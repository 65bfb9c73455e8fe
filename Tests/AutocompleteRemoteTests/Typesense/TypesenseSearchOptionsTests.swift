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

/// `SearchOptions.fields` and `distinct` sent to Typesense (`query_by_weights`, `group_by`), or
/// refused by name; the grouped answer read back, and the hits that satisfy a boost recognised.
@Suite struct TypesenseSearchOptionsRequestTests {
  static let node = URL(string: "http://127.0.0.1:8108")!

  static func source(sortBy: String? = "_text_match:desc,population:desc") throws -> TypesenseSource {
    try TypesenseSource(
      nodes: [node], apiKey: "k", collection: "cities",
      queryBy: [TypesenseSource.Field("name", weight: 3), "asciiname", "alternates"],
      weightField: "population",
      sortBy: sortBy)
  }

  static func values(_ source: TypesenseSource, _ options: SearchOptions) throws -> [String: String] {
    TypesenseFilterRequestTests.values(
      try source.searchRequest(for: SuggestionQuery("s", options: options), node: node))
  }

  @Test(.offThePool) func fieldsChooseTheSearchedFieldsAndTheirWeights() throws {
    let source = try Self.source()
    var options = SearchOptions()
    #expect(try Self.values(source, options)["query_by"] == "name,asciiname,alternates")
    #expect(try Self.values(source, options)["query_by_weights"] == "3,1,1")
    options.fields = SearchFields(name: 1, alternates: 4)
    #expect(try Self.values(source, options)["query_by"] == "name,asciiname,alternates")
    #expect(try Self.values(source, options)["query_by_weights"] == "1,4,4")
    options.fields = .name
    #expect(try Self.values(source, options)["query_by"] == "name")
    #expect(try Self.values(source, options)["query_by_weights"] == "1")
    options.fields = .alternates
    #expect(try Self.values(source, options)["query_by"] == "asciiname,alternates")
    options.fields = SearchFields(name: 3, attributes: ["country_code": 2, "alternates": 5])
    #expect(try Self.values(source, options)["query_by"] == "name,alternates,country_code")
    #expect(try Self.values(source, options)["query_by_weights"] == "3,5,2")
    options.fields = SearchFields(attributes: ["country_code": 1])
    #expect(try Self.values(source, options)["query_by"] == "country_code")
    options.fields = .all
    #expect(try Self.values(source, options)["query_by"] == "name,asciiname,alternates")
    #expect(try Self.values(source, options)["query_by_weights"] == "3,1,1")
    options.fields = SearchFields()
    #expect(throws: RemoteError.self) { try Self.values(source, options) }
    let single = try TypesenseSource(nodes: [Self.node], apiKey: "k", collection: "c", queryBy: ["name"])
    options.fields = .alternates
    #expect(throws: RemoteError.self) { try Self.values(single, options) }
  }

  @Test func aBoostTypesenseCannotExpressIsRefusedBeforeAnyRequest() async throws {
    let source = try TypesenseSource(
      nodes: [URL(string: "http://127.0.0.1:9")!], apiKey: "k", collection: "cities", queryBy: ["name"])
    var options = SearchOptions()
    options.boost = Attribute("country_code").exists
    do {
      _ = try await source.suggestions(for: SuggestionQuery("s", options: options))
      Issue.record("a boost that cannot be sent was dropped")
    } catch RemoteError.badRequest(let reason) {
      #expect(reason.contains("filter_by"))
    }
    #expect(source.requestCount == 0)
  }

  @Test(.offThePool) func distinctGroupsByTheField() throws {
    var options = SearchOptions()
    options.distinct = "country_code"
    let values = try Self.values(Self.source(), options)
    #expect(values["group_by"] == "country_code" && values["group_limit"] == "1")
    options.distinct = nil
    #expect(try Self.values(Self.source(), options)["group_by"] == nil)
  }

  @Test(.offThePool) func groupedAnswersGiveEachGroupsFirstHitAndTheBoostedOnes() throws {
    let answer = Data(
      #"""
      {"found":2,"grouped_hits":[
        {"group_key":["BR"],"hits":[{"document":{"id":"1","name":"Santos","country_code":"BR","population":4}},
                                   {"document":{"id":"9","name":"Sorocaba","country_code":"BR"}}]},
        {"group_key":["PT"],"hits":[{"document":{"id":"2","name":"Setúbal","country_code":"PT","capital":false}}]},
        {"group_key":["XX"],"hits":[]}]}
      """#.utf8)
    let source = try Self.source()
    let (decoded, boosted) = try source.decodeAnswer(
      answer, boost: Attribute("country_code") == "PT" || Attribute("population") > 3.0)
    #expect(decoded.items.map(\.searchText) == ["Santos", "Setúbal"])
    #expect(boosted == ["1", "2"])
    let (_, none) = try source.decodeAnswer(answer, boost: Attribute("capital") == true)
    #expect(none.isEmpty)
    let (_, capital) = try source.decodeAnswer(answer, boost: Attribute("capital") == false)
    #expect(capital == ["2"])
    #expect(throws: RemoteError.self) { try source.decodeAnswer(Data(#"{"grouped_hits":[{"x":1}]}"#.utf8)) }
  }
}

/// `boost`, `distinct` and `fields` against a real Typesense 0.24.1 (skipped without one, as
/// ``TypesenseIntegrationTests``); the server is stopped on every path.
@Suite(
  "Typesense boost, distinct and fields",
  .enabled(if: TypesenseServer.runsTests, Comment(rawValue: TypesenseServer.skipReason)),
  .timeLimit(.minutes(3)))
@MainActor struct TypesenseSearchOptionsIntegrationTests {
  @Test func boostDistinctAndFieldsFromARealServer() async throws {
    let server = try await TypesenseServer()
    defer { server.stop() }
    try await server.createCities("cities", documents: TypesenseServer.cityDocuments())
    let source = try TypesenseIntegrationTests.source(server)
    let countryOfName = Dictionary(
      Cities.all.map { ($0.name, $0.countryCode) }, uniquingKeysWith: { first, _ in first })

    // distinct: one row per country.
    var options = SearchOptions(maximumCount: 10)
    options.distinct = "country_code"
    let distinct = try await source.suggestions(for: SuggestionQuery("san", options: options))
    let countries = distinct.compactMap(\.detailText)
    #expect(distinct.count > 3 && countries.count == distinct.count)
    #expect(Set(countries).count == countries.count, "\(distinct.map(\.displayText)) \(countries)")

    // boost: as many rows, more of them Brazilian (none is among the first ten "san" without it:
    // Typesense's text match puts "San …" before "Santos"), the exact match "San" still first
    // (a boost orders equally good matches only).
    var plain = SearchOptions(maximumCount: 10)
    plain.typoTolerance = .off
    let unboosted = try await source.suggestions(for: SuggestionQuery("san", options: plain))
    var boosted = plain
    boosted.boost = Attribute("country_code") == "BR"
    let rows = try await source.suggestions(for: SuggestionQuery("san", options: boosted))
    func isBrazilian(_ row: Suggestion) -> Bool { countryOfName[row.displayText] == "BR" }
    #expect(rows.count == unboosted.count)
    #expect(
      rows.filter(isBrazilian).count > unboosted.filter(isBrazilian).count, "\(rows.map(\.displayText))")
    #expect(rows.first?.displayText == "San" && unboosted.first?.displayText == "San")
    // Among the prefix matches after it, the Brazilian ones come first.
    let afterExact = rows.dropFirst()
    #expect(
      afterExact.prefix { isBrazilian($0) }.count == afterExact.filter(isBrazilian).count,
      "\(rows.map(\.displayText))")
    // A filter and a boost together: the filter still excludes.
    boosted.filter = Attribute("country_code") == "PT"
    let portuguese = try await source.suggestions(for: SuggestionQuery("san", options: boosted))
    #expect(!portuguese.isEmpty && portuguese.allSatisfy { countryOfName[$0.displayText] == "PT" })

    // fields: the name only does not find a city by an alternate name alone.
    var nameOnly = SearchOptions(maximumCount: 250)
    nameOnly.typoTolerance = .off
    nameOnly.fields = .name
    let byName = try await source.suggestions(for: SuggestionQuery("san", options: nameOnly))
    #expect(!byName.isEmpty)
    #expect(
      byName.allSatisfy {
        $0.displayText.lowercased().folding(options: .diacriticInsensitive, locale: nil).contains("san")
      },
      "\(byName.map(\.displayText).filter { !$0.lowercased().contains("san") })")
  }
}
