#if canImport(SwiftUI)
  import AutocompleteSwiftUI
  import SwiftUI

  // The snippet of Guides/SwiftUI.md, "Filters, scopes and facets", as written, type-checked for iOS
  // and macOS with the examples. `countries` and `cities` stand for the app's items. Not run here:
  // `FieldDependency` is tested on Linux (FieldDependencyTests).

  /// The app's countries and cities, with a `country` attribute.
  private let countries: [AutocompleteItem] = [
    AutocompleteItem("Brazil", alternateSearchTexts: ["BR"], attributes: ["country": "BR"])
  ]
  private let cities: [AutocompleteItem] = [AutocompleteItem("Recife", attributes: ["country": "BR"])]

  @MainActor
  final class AddressModel: ObservableObject {
    let country = AutocompleteFieldModel(sources: [ListSource(countries)])
    let city = AutocompleteFieldModel(sources: [IndexSource(SearchIndex(cities))])
    let dependency: FieldDependency

    init() {
      dependency = FieldDependency(city.session, attribute: "country")  // after the sources
      country.onPick = { [weak self] row in self?.dependency.parentPicked(row) }
      city.onPick = { [weak self] row in self?.dependency.dependentPicked(row) }
    }
  }

  @MainActor
  struct AddressForm: View {
    @StateObject private var model = AddressModel()
    @State private var country = ""
    @State private var city = ""

    var body: some View {
      Form {
        AutocompleteField("Country", text: $country, model: model.country)
        AutocompleteField("City", text: $city, model: model.city)  // the picked country's cities
      }
      .autocompleteContainer()
      .onChange(of: country) { model.dependency.parentTextChanged($0) }  // edited or emptied: widen
    }
  }
#endif
