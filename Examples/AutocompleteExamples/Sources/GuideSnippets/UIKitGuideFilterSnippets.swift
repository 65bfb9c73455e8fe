#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

  // The snippets of Guides/UIKit.md, "Filters, scopes and facets", as written, type-checked for iOS
  // with the examples. Not run here: `FieldDependency` and scoped sources are tested on Linux
  // (FieldDependencyTests, ChannelMentionsTests, CategorySourceTests).

  /// Countries with a `country` attribute (ISO code), as `Countries.fieldItems` makes them.
  let filterGuideCountries: [AutocompleteItem] = [
    AutocompleteItem("Brazil", alternateSearchTexts: ["BR"], attributes: ["country": "BR"])
  ]
  /// Cities with the same attribute.
  let filterGuideCities: [AutocompleteItem] = [
    AutocompleteItem("Recife", attributes: ["country": "BR", "population": 1_653_000])
  ]

  /// A country field and a city field scoped to the country picked.
  final class AddressViewController: UIViewController, AutocompleteFieldDelegate {
    let countries = filterGuideCountries
    let cities = filterGuideCities
    let people: [AutocompleteItem] = []
    let channel = "design"

    let countryField = AutocompleteTextField(frame: .zero)
    let cityField = AutocompleteTextField(frame: .zero)
    var dependency: FieldDependency!

    override func viewDidLoad() {
      super.viewDidLoad()
      countryField.sources = [ListSource(countries)]  // items with a "country" attribute
      cityField.sources = [IndexSource(SearchIndex(cities))]  // the same attribute
      countryField.autocompleteDelegate = self
      cityField.autocompleteDelegate = self
      dependency = FieldDependency(cityField.session, attribute: "country")  // after the sources
      countryField.addAction(
        UIAction { [weak self] _ in
          guard let self else { return }
          self.dependency.parentTextChanged(self.countryField.text ?? "")  // edited or emptied: widen
        }, for: .editingChanged)
    }

    func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let row) = event else { return }
      if field === countryField {
        dependency.parentPicked(row)  // the city field now offers that country's cities only
      } else {
        dependency.dependentPicked(row)
      }
    }

    func channelMembers(_ manager: AutocompleteTriggerManager) {
      let members = ListSource(people, scope: Attribute("channels") == channel)  // no query widens it
      manager.triggers = [SessionTrigger("@", source: members, insertsMention: true)]
    }

    func categoryRows() {
      let index = SearchIndex(cities)
      cityField.sources = [
        IndexSource(index), CategorySource(index, attribute: "country", title: "Countries"),
      ]
      // in autocompleteField(_:didReceive:), before anything else:
      // if case .picked(let row) = event, cityField.session.applyCategory(row) { return }
    }
  }
#endif
