import AutocompleteCore
import Foundation
import TestSupport
import Testing

/// The snippets of Guides/Matching.md, as written, and what their comments promise.
@Suite("Guides/Matching.md snippets")
struct MatchingGuideTests {
  @Test("words mode: the match, its kind and its ranges in the original text", .offThePool)
  func words() throws {
    let query = SearchQuery("paulo sao", options: SearchOptions(mode: .words))
    let match = query.match("São Paulo")!
    #expect(match.kind == .wordPrefix)
    #expect(match.ranges.map { String("São Paulo"[$0]) } == ["São", "Paulo"])
    #expect(match.utf16Ranges == [NSRange(location: 0, length: 3), NSRange(location: 4, length: 5)])
  }

  @Test("typo tolerance forgives two swapped letters", .offThePool)
  func typos() throws {
    let options = SearchOptions(typoTolerance: .automatic)
    let match = SearchQuery("zurcih", options: options).match("Zürich")!
    #expect(match.kind == .exact)
    #expect(match.typos == 1)
    #expect(match.ranges.map { String("Zürich"[$0]) } == ["Zürich"])
  }

  @Test("other scripts from a Latin keyboard: readings, highlights, the wrong layout", .offThePool)
  func transliteration() throws {
    let index = SearchIndex(["Beirut", "北京", "Москва", "서울"] as [AutocompleteItem], transliteration: .latin)
    #expect(try index.search("bei").map(\.item.searchText) == ["Beirut", "北京"])
    let match = try index.search("bei").last!.match
    #expect(match.reading == "bei jing")
    #expect(match.ranges.map { match.matchedText[$0] } == ["北"])
    #expect(try index.search("vjcrdf").map(\.item.searchText) == ["Москва"])
  }

  @Test("a type of the app's own is searched through its required members", .offThePool)
  func ownType() {
    struct City: AutocompleteSearchable {
      let name: String, country: String, population: Int
      var searchText: String { name }
      var displayText: String { "\(name), \(country)" }
      var alternateSearchTexts: [String] { [] }
      var weight: Double { Double(population) }  // 0 for all: the match alone ranks
      func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }
    }
    let cities = [
      City(name: "Santos", country: "Brazil", population: 430_000),
      City(name: "São Paulo", country: "Brazil", population: 12_300_000),
      City(name: "Lisbon", country: "Portugal", population: 545_000),
    ]
    let results = cities.rankedMatches(for: SearchQuery("sa"))
    #expect(results.map(\.item.displayText) == ["São Paulo, Brazil", "Santos, Brazil"])
  }

  @Test("an item with its own predicate", .offThePool)
  func customPredicate() {
    struct Tagged: AutocompleteSearchable {
      var searchText: String
      var tags: Set<String>
      var displayText: String { searchText }
      var alternateSearchTexts: [String] { [] }
      var weight: Double { 0 }
      func match(_ query: SearchQuery) -> TextMatch? {
        tags.contains(query.text) ? TextMatch(kind: .custom, matchedText: searchText) : nil
      }
    }
    let items = [
      Tagged(searchText: "Falafel", tags: ["vegan"]), Tagged(searchText: "Veal", tags: []),
      Tagged(searchText: "Vegan burger", tags: []),
    ]
    let results = items.rankedMatches(for: SearchQuery("vegan"))  // honours the override
    #expect(results.map(\.item.searchText) == ["Falafel"])
    #expect(results.map(\.match.kind) == [.custom])
  }
}
