#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit

  // The snippet of Guides/AppKit.md, "Filters, scopes and facets", as written, type-checked for macOS
  // with the examples. Not run here: `FieldDependency` is tested on Linux (FieldDependencyTests).

  /// A country field and a city field scoped to the country picked.
  final class AddressPaneController: NSViewController, AutocompleteFieldDelegate {
    let countries: [AutocompleteItem] = [
      AutocompleteItem("Brazil", alternateSearchTexts: ["BR"], attributes: ["country": "BR"])
    ]
    let cities: [AutocompleteItem] = [AutocompleteItem("Recife", attributes: ["country": "BR"])]
    let countryField = AutocompleteNSTextField(frame: .zero)
    let cityField = AutocompleteNSTextField(frame: .zero)
    var dependency: FieldDependency!

    func addressFields() {
      countryField.sources = [ListSource(countries)]
      cityField.sources = [IndexSource(SearchIndex(cities))]
      countryField.autocompleteDelegate = self
      cityField.autocompleteDelegate = self
      dependency = FieldDependency(cityField.session, attribute: "country")  // after the sources
      NotificationCenter.default.addObserver(
        self, selector: #selector(countryEdited), name: NSControl.textDidChangeNotification,
        object: countryField)
    }

    @objc func countryEdited() {
      dependency.parentTextChanged(countryField.stringValue)  // edited or emptied: widen
    }

    func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let row) = event else { return }
      if field === countryField {
        dependency.parentPicked(row)  // the city field now offers that country's cities only
      } else {
        dependency.dependentPicked(row)
      }
    }
  }
#endif
