import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// A city field that follows a country field: the pick narrows it, clearing or editing the country
/// widens it back, and a city pick the new country excludes is cleared.
@MainActor @Suite struct FieldDependencyTests {
  static let countries: [AutocompleteItem] = [
    AutocompleteItem("Brazil", alternateSearchTexts: ["BR"], attributes: ["country": "BR"]),
    AutocompleteItem("Italy", alternateSearchTexts: ["IT"], attributes: ["country": "IT"]),
    AutocompleteItem("Portugal", alternateSearchTexts: ["PT"], attributes: ["country": "PT"]),
    AutocompleteItem("Atlantis"),  // no code: picking it narrows nothing
  ]
  static let cities: [AutocompleteItem] = [
    AutocompleteItem("Rio de Janeiro", weight: 6, attributes: ["country": "BR", "population": 6_748_000]),
    AutocompleteItem("Recife", weight: 1, attributes: ["country": "BR", "population": 1_653_000]),
    AutocompleteItem("Rome", weight: 3, attributes: ["country": "IT", "population": 2_873_000]),
    AutocompleteItem("Lisbon", weight: 2, attributes: ["country": "PT", "population": 545_000]),
    AutocompleteItem("Porto", weight: 1, attributes: ["country": "PT", "population": 232_000]),
    AutocompleteItem("Porto Alegre", weight: 2, attributes: ["country": "BR", "population": 1_488_000]),
  ]

  /// Two fields wired as a front end wires them: picks and the country's edits go to the dependency.
  struct Form {
    let country: AutocompleteSession
    let city: AutocompleteSession
    let dependency: FieldDependency

    @MainActor init(cityFilter: AttributeFilter? = nil) {
      country = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(countries)))
      var options = SearchOptions()
      options.filter = cityFilter
      city = AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [IndexSource(SearchIndex(cities))], searchOptions: options))
      let dependency = FieldDependency(city, attribute: "country")
      self.dependency = dependency
      country.onOutput = { output in
        if case .picked(let row) = output { dependency.parentPicked(row) }
      }
      city.onOutput = { output in
        if case .picked(let row) = output { dependency.dependentPicked(row) }
      }
    }

    /// Types `text` in the country field (reported as the field reports edits) and picks `row`.
    @MainActor func pickCountry(_ text: String) {
      typeCountry(text)
      country.send(.rowPicked(0))
    }

    @MainActor func typeCountry(_ text: String) {
      country.textChanged(text)
      dependency.parentTextChanged(country.state.text)
    }

    @MainActor func pickCity(_ text: String) {
      city.textChanged(text)
      city.send(.rowPicked(0))
    }

    @MainActor var cityRows: [String] { city.state.suggestions.map(\.displayText) }
  }

  @Test(.offThePool) func pickingACountryNarrowsTheCityFieldAndTheOpenListFollows() {
    let form = Form()
    form.city.textChanged("r")
    #expect(form.cityRows == ["Rio de Janeiro", "Rome", "Recife"])
    form.pickCountry("bra")
    #expect(form.country.state.text == "Brazil")
    #expect(form.dependency.selection == "BR")
    #expect(form.city.searchFilter == (Attribute("country") == "BR"))
    #expect(form.cityRows == ["Rio de Janeiro", "Recife"])
    form.city.textChanged("por")
    #expect(form.cityRows == ["Porto Alegre"])
  }

  @Test(.offThePool) func clearingOrEditingTheCountryWidensTheCityFieldBack() {
    let form = Form()
    form.pickCountry("ita")
    form.city.textChanged("r")
    #expect(form.cityRows == ["Rome"])
    form.typeCountry("Ital")  // edited away from the pick
    #expect(form.dependency.selection == nil)
    #expect(form.city.searchFilter == nil)
    #expect(form.cityRows == ["Rio de Janeiro", "Rome", "Recife"])
    form.pickCountry("ita")
    #expect(form.cityRows == ["Rome"])
    form.typeCountry("")
    #expect(form.country.state.text.isEmpty)
    #expect(form.city.searchFilter == nil)
    #expect(form.cityRows == ["Rio de Janeiro", "Rome", "Recife"])
    // The same text reported again keeps the selection.
    form.pickCountry("ita")
    form.dependency.parentTextChanged("Italy")
    #expect(form.dependency.selection == "IT")
  }

  @Test(.offThePool) func aCityPickTheNewCountryExcludesIsClearedOthersStay() {
    let form = Form()
    form.pickCountry("port")
    form.pickCity("lis")
    #expect(form.city.state.text == "Lisbon")
    form.pickCountry("bra")  // Lisbon is not in Brazil
    #expect(form.city.state.text.isEmpty)
    form.pickCity("rec")
    #expect(form.city.state.text == "Recife")
    form.typeCountry("")  // widening keeps Recife
    #expect(form.city.state.text == "Recife")
    form.pickCountry("bra")  // Recife is in Brazil
    #expect(form.city.state.text == "Recife")
    form.city.textChanged("Lis")  // typed, not picked: stays when the country changes
    form.pickCountry("ita")
    #expect(form.city.state.text == "Lis")
    #expect(form.cityRows.isEmpty)
  }

  @Test(.offThePool) func theCityFieldsOwnFilterIsKeptUnderEverySelection() {
    let big = Attribute("population") > 1_000_000
    let form = Form(cityFilter: big)
    #expect(form.dependency.baseFilter == big)
    form.pickCountry("port")
    #expect(form.city.searchFilter == (big && Attribute("country") == "PT"))
    form.city.textChanged("p")
    #expect(form.cityRows.isEmpty)  // Portuguese cities here are all small
    form.typeCountry("")
    #expect(form.city.searchFilter == big)
    form.city.textChanged("r")
    #expect(form.cityRows == ["Rio de Janeiro", "Rome", "Recife"])
  }

  @Test(.offThePool) func aRowWithoutTheAttributeWidensAndSelectingFromCodeNarrows() {
    let form = Form()
    form.pickCountry("ita")
    form.pickCountry("atl")
    #expect(form.country.state.text == "Atlantis")
    #expect(form.dependency.selection == nil)
    #expect(form.city.searchFilter == nil)
    form.dependency.select(["BR", "PT"])  // several values: any of them
    form.city.textChanged("port")
    #expect(Set(form.cityRows) == ["Porto Alegre", "Porto"])
    form.dependency.select(nil)
    #expect(form.city.searchFilter == nil)
  }

  @Test(.offThePool) func selectingTheSameValueAgainRestoresAFilterANewConfigurationDropped() {
    let form = Form()
    form.pickCountry("bra")
    form.city.configuration = form.city.configuration  // a field whose sources or options were set again
    form.city.searchFilter = nil
    form.dependency.select(form.dependency.selection, parentText: form.country.state.text)
    #expect(form.city.searchFilter == (Attribute("country") == "BR"))
    form.typeCountry("Braz")  // the parent text given still undoes it
    #expect(form.city.searchFilter == nil)
  }

  @Test(.offThePool) func everyCitySuggestedUnderACountryHasIt() {
    let form = Form()
    for (code, name) in [("BR", "Brazil"), ("IT", "Italy"), ("PT", "Portugal")] {
      form.pickCountry(name)
      for letter in "abcdefghijklmnopqrstuvwxyz" {
        form.city.textChanged(String(letter))
        let offered = form.city.state.suggestions.compactMap { $0.payload(as: AutocompleteItem.self) }
        let expected = Self.cities.filter {
          $0.attributes["country"] == .string(code) && $0.match(SearchQuery(String(letter))) != nil
        }
        #expect(offered.allSatisfy { $0.attributes["country"] == .string(code) })
        #expect(Set(offered.map(\.searchText)) == Set(expected.map(\.searchText)))
      }
    }
  }
}
