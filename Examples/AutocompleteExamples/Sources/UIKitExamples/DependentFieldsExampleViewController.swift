#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Issue 35: a country field, then a city field scoped to the country picked (a `FieldDependency`
  /// makes every decision; this screen only reports the two fields' picks and the country's edits).
  /// Picking Brazil leaves only Brazilian cities in the city field, at once; emptying or editing the
  /// country widens it back to every country; a city picked under another country is cleared.
  public final class DependentFieldsExampleViewController: UIViewController, AutocompleteFieldDelegate {
    private let countryField = AutocompleteTextField(frame: .zero)
    private let cityField = AutocompleteTextField(frame: .zero)
    private let status = UILabel()
    private var dependency: FieldDependency!

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Country, then city"
      view.backgroundColor = .systemBackground

      countryField.placeholder = "Country"
      countryField.sources = [ListSource(Countries.fieldItems)]
      cityField.placeholder = "City (any country)"
      cityField.sources = [IndexSource(SearchIndex(Cities.all.map(\.autocompleteItem)))]
      for field in [countryField, cityField] {
        field.borderStyle = .roundedRect
        field.clearButtonMode = .whileEditing
        field.autocompleteDelegate = self
      }
      // After the sources are set: the city field's session is the one the country narrows.
      dependency = FieldDependency(cityField.session, attribute: "country")
      countryField.addAction(
        UIAction { [weak self] _ in self?.countryEdited() }, for: .editingChanged)

      status.font = .preferredFont(forTextStyle: .footnote)
      status.adjustsFontForContentSizeCategory = true
      status.numberOfLines = 0
      let stack = UIStackView(arrangedSubviews: [countryField, cityField, status])
      stack.axis = .vertical
      stack.spacing = 12
      stack.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
      showFilter()
    }

    /// The country's text changed by typing, cutting or the clear button.
    private func countryEdited() {
      dependency.parentTextChanged(countryField.text ?? "")
      showFilter()
    }

    /// Says which cities the city field offers.
    private func showFilter() {
      let code = dependency.selection?.stringValues.first
      cityField.placeholder =
        code.map { "City in \(Countries.name(forCode: $0) ?? $0)" } ?? "City (any country)"
      status.text = dependency.filter?.filterByText.map { "Cities where \($0)" } ?? "Cities of every country"
    }

    /// Reports the picks to the dependency; the clear button also widens.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .picked(let row) where field === countryField:
        dependency.parentPicked(row)
        cityField.becomeFirstResponder()
      case .picked(let row):
        dependency.dependentPicked(row)
      case .cleared where field === countryField:
        dependency.parentTextChanged("")
      default:
        return
      }
      showFilter()
    }
  }
#endif
