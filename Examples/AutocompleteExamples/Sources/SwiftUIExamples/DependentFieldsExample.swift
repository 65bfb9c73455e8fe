#if canImport(SwiftUI)
  import AutocompleteCities
  import AutocompleteSwiftUI
  import SwiftUI

  /// Issue 35: a country field, then a city field scoped to the country picked. A `FieldDependency`
  /// makes every decision; the view only reports the picks and the country's edits. Picking Brazil
  /// leaves only Brazilian cities, at once; emptying or editing the country widens the city field
  /// back; a city picked under another country is cleared.
  @MainActor
  struct DependentFieldsExample: View {
    @StateObject private var model = CountryCityModel()
    @State private var country = ""
    @State private var city = ""

    var body: some View {
      Form {
        AutocompleteField("Country", text: $country, model: model.country)
        AutocompleteField("City", text: $city, prompt: Text(model.cityPrompt), model: model.city)
        Text(model.filterText).font(.footnote)
      }
      .autocompleteContainer()
      .onChange(of: country) { model.countryEdited($0) }
      .navigationTitle("Country, then city")
    }
  }

  /// The two fields' models and the dependency between them.
  @MainActor
  final class CountryCityModel: ObservableObject {
    let country = AutocompleteFieldModel(sources: [ListSource(Countries.fieldItems)])
    let city = AutocompleteFieldModel(sources: [IndexSource(ExampleData.index)])
    let dependency: FieldDependency
    /// The city field's prompt: the country it is scoped to.
    @Published private(set) var cityPrompt = "City (any country)"
    /// The city field's filter, as Typesense's `filter_by` writes it.
    @Published private(set) var filterText = "Cities of every country"

    init() {
      // After the sources are set: the city field's session is the one the country narrows.
      dependency = FieldDependency(city.session, attribute: "country")
      country.onPick = { [weak self] row in
        self?.dependency.parentPicked(row)
        self?.update()
      }
      city.onPick = { [weak self] row in self?.dependency.dependentPicked(row) }
    }

    /// The country's text changed (typed, cut, emptied, or set by a pick).
    func countryEdited(_ text: String) {
      dependency.parentTextChanged(text)
      update()
    }

    private func update() {
      let code = dependency.selection?.stringValues.first
      cityPrompt = code.map { "City in \(Countries.name(forCode: $0) ?? $0)" } ?? "City (any country)"
      filterText = dependency.filter?.filterByText.map { "Cities where \($0)" } ?? "Cities of every country"
    }
  }
#endif
