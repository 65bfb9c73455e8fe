import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// Seed 000's item: it decides itself what matches.
struct Airport: AutocompleteSearchableItemProtocol, Equatable {
  var code: String
  var name: String
  func search(_ searchText: String) -> Bool {
    code.hasPrefix(searchText.uppercased()) || name.lowercased().contains(searchText.lowercased())
  }
  var autocompleteText: String { "\(name) (\(code))" }
}

@Suite("Items with their own search(_:) (seed 000)")
@MainActor
struct SearchableItemTests {
  static let airports: [any AutocompleteSearchableItemProtocol] = [
    Airport(code: "ZRH", name: "Zürich"), Airport(code: "GVA", name: "Geneva"),
    Airport(code: "BSL", name: "Basel"), Airport(code: "LHR", name: "London Heathrow"),
  ]

  @Test("the item's predicate decides; rows keep the list's order and carry the item", .offThePool)
  func predicateDecides() {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [SearchableItemSource(Self.airports)], searchOptions: SearchOptions(maximumCount: -1)))
    session.textChanged("zr")
    #expect(session.state.suggestions.map(\.displayText) == ["Zürich (ZRH)"])
    session.textChanged("e")
    #expect(
      session.state.suggestions.map(\.displayText) == [
        "Geneva (GVA)", "Basel (BSL)", "London Heathrow (LHR)",
      ])
    var picked: Airport?
    session.onOutput = {
      if case .picked(let row) = $0 {
        picked = row.payload(as: (any AutocompleteSearchableItemProtocol).self) as? Airport
      }
    }
    session.send(.rowPicked(0))
    #expect(picked == Airport(code: "GVA", name: "Geneva"))
  }

  @Test("matched characters are emphasised where the engine finds them too", .offThePool)
  func highlights() {
    let rows = SearchableItemSource(Self.airports).immediateSuggestions(for: SuggestionQuery("gen")) ?? []
    #expect(rows.count == 1)
    #expect(rows[0].highlights.count == 1)
    let byCode = SearchableItemSource(Self.airports).immediateSuggestions(for: SuggestionQuery("BS")) ?? []
    #expect(byCode.map(\.displayText) == ["Basel (BSL)"])
  }

  @Test("the maximum count cuts the list; the text is the item's autocompleteText", .offThePool)
  func limitAndDescription() {
    struct Word: AutocompleteSearchableItemProtocol {
      var word: String
      func search(_ searchText: String) -> Bool { true }
      var autocompleteText: String { String(describing: self) }
    }
    let rows =
      SearchableItemSource([Word(word: "a"), Word(word: "b"), Word(word: "c")])
      .immediateSuggestions(for: SuggestionQuery("x", options: SearchOptions(maximumCount: 2))) ?? []
    #expect(rows.count == 2)
    #expect(rows[0].displayText.contains("Word"))
  }
}
