import AutocompleteCore
import AutocompletePresentation
import AutocompleteTerminal
import TestSupport
import Testing

/// The snippet of Guides/Terminal.md, "Filters, scopes and facets": two pickers, a country and a
/// city scoped to it, driven by keys as the demo's Alt-C screen drives them.
@MainActor @Suite("Guides/Terminal.md filter snippet")
struct TerminalGuideFilterTests {
  @Test("picking a country scopes the city picker; emptying it widens", .offThePool)
  func snippet() {
    let countries = [
      AutocompleteItem("Brazil", attributes: ["country": "BR"]),
      AutocompleteItem("Italy", attributes: ["country": "IT"]),
    ]
    let cities = [
      AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR"]),
      AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT"]),
    ]

    let country = SessionPickerController(
      session: AutocompleteSession(
        configuration: SessionConfiguration(sources: [ListSource(countries)], highlightsFirstRow: true)),
      style: SessionPickerStyle(prompt: "Country: "))
    let city = SessionPickerController(
      session: AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [IndexSource(SearchIndex(cities))], highlightsFirstRow: true)),
      style: SessionPickerStyle(prompt: "City: "))
    let dependency = FieldDependency(city.session, attribute: "country")
    country.onOutput = { output in
      if case .picked(let row) = output { dependency.parentPicked(row) }  // then the keys go to the city
    }
    city.onOutput = { output in
      if case .picked(let row) = output { dependency.dependentPicked(row) }
    }
    // after each key the country picker handles:
    dependency.parentTextChanged(country.editor.text)

    for character in "bra" { _ = country.handle(.character(character)) }
    dependency.parentTextChanged(country.editor.text)
    _ = country.handle(.enter)
    dependency.parentTextChanged(country.editor.text)
    #expect(country.editor.text == "Brazil")
    #expect(city.session.searchFilter == (Attribute("country") == "BR"))
    _ = city.handle(.character("r"))
    #expect(city.state.suggestions.map(\.displayText) == ["Rio de Janeiro"])
    _ = country.handle(.control("u"))
    dependency.parentTextChanged(country.editor.text)
    #expect(city.session.searchFilter == nil)
    #expect(city.state.suggestions.map(\.displayText) == ["Rio de Janeiro", "Rome"])
  }
}
