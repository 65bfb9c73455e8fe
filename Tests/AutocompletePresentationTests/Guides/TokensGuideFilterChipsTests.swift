import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

/// The "Filter chips" snippet of Guides/Tokens.md, as written, and what the guide says of it.
@Suite("Guides/Tokens.md filter chips snippet")
@MainActor
struct TokensGuideFilterChipsTests {
  let cities: [AutocompleteItem] = [
    AutocompleteItem("San Salvador", weight: 3, attributes: ["country": "SV", "population": 570_000]),
    AutocompleteItem("Santos", weight: 2, attributes: ["country": "BR", "population": 430_000]),
    AutocompleteItem("Santarém", weight: 1, attributes: ["country": "BR", "population": 300_000]),
    AutocompleteItem("Sanlúcar", weight: 1, attributes: ["country": "ES", "population": 69_000]),
  ]

  @Test("a chip from code narrows the app's filter; the stored form gives the chips back", .offThePool)
  func snippet() throws {
    let index = SearchIndex(cities)  // items with a "country" attribute
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [IndexSource(index), CategorySource(index, attribute: "country", title: "Countries")],
        tokens: TokenFieldConfiguration()))
    session.searchFilter = Attribute("population") > 100_000  // the app's own: chips only narrow it
    session.textChanged("san")  // the cities, then "in BR (12)", "in ES (9)"…
    // Picking "in BR (12)" adds the chip "in BR" (id "country:=BR"); "san" stays, the list narrows.
    if let brazil = Token(filter: Attribute("country") == "BR", displayText: "in Brazil") {
      session.send(.tokens(.add(brazil)))  // the same chip from code
    }
    let filter = session.effectiveSearchFilter  // population > 100000 and country = BR
    let saved = try JSONEncoder().encode(session.state.tokenState.storedTokens)
    let stored = try JSONDecoder().decode([StoredToken].self, from: saved)
    session.send(.tokens(.set(try stored.map { try Token(restoring: $0) })))

    #expect(filter == (Attribute("population") > 100_000 && Attribute("country") == "BR"))
    #expect(session.state.tokens.map(\.id) == ["country:=BR"])
    #expect(session.state.tokens.map(\.kind) == [.filter])
    #expect(session.state.text == "san")
    #expect(session.state.sections.first?.suggestions.map(\.displayText) == ["Santos", "Santarém"])
  }
}
