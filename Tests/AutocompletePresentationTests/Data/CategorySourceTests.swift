import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// Category rows ("in BR (2)") count the matches per value, and picking one narrows the session.
@MainActor @Suite struct CategorySourceTests {
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR"]),
    AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR"]),
    AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT"]),
    AutocompleteItem("Oslo", weight: 3, attributes: ["country": "NO"]),
  ]

  @Test(.offThePool) func pickingACategoryRowAppliesItsFilter() {
    let index = SearchIndex(Self.cities)
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [
        IndexSource(index, title: "Cities"), CategorySource(index, attribute: "country", title: "Countries"),
      ]))
    var picks = 0
    session.onOutput = { output in
      if case .picked(let row) = output, session.applyCategory(row) { picks += 1 }
    }
    session.textChanged("r")
    #expect(session.state.sections.map(\.title) == ["Cities", "Countries"])
    #expect(session.state.sections[1].suggestions.map(\.displayText) == ["in BR (2)", "in IT (1)"])
    let brazil = session.state.suggestions.firstIndex { $0.displayText == "in BR (2)" }!
    session.send(.rowPicked(brazil))
    #expect(picks == 1)
    #expect(session.searchFilter == .isIn("country", ["BR"]))
    #expect(session.state.text == "r")
    #expect(session.state.sections[0].suggestions.map(\.displayText) == ["Rio de Janeiro", "Recife"])
    #expect(session.applyCategory(Suggestion("Rome")) == false)
  }
}
