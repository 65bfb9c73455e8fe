#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit
  import AutocompleteCities

  /// Issue 35 on the Mac: a country field, then a city field scoped to the country picked (a
  /// `FieldDependency` makes every decision; this screen only reports the two fields' picks and the
  /// country's edits). Picking Brazil leaves only Brazilian cities in the city field, at once;
  /// emptying or editing the country widens it back; a city picked under another country is cleared.
  public final class DependentFieldsExampleViewController: NSViewController, AutocompleteFieldDelegate {
    private let countryField = AutocompleteNSTextField(frame: .zero)
    private let cityField = AutocompleteNSTextField(frame: .zero)
    private let status = NSTextField(labelWithString: "")
    private var dependency: FieldDependency!

    public override func loadView() {
      view = NSView(frame: NSRect(x: 0, y: 0, width: 520, height: 360))
      countryField.placeholderString = "Country"
      countryField.sources = [ListSource(Countries.fieldItems)]
      cityField.sources = [IndexSource(SearchIndex(Cities.all.map(\.autocompleteItem)))]
      for field in [countryField, cityField] {
        field.autocompleteDelegate = self
        field.widthAnchor.constraint(equalToConstant: 320).isActive = true
      }
      // After the sources are set: the city field's session is the one the country narrows.
      dependency = FieldDependency(cityField.session, attribute: "country")
      NotificationCenter.default.addObserver(
        self, selector: #selector(countryEdited), name: NSControl.textDidChangeNotification,
        object: countryField)
      status.textColor = .secondaryLabelColor
      _ = exampleStack(in: view, [countryField, cityField, status])
      showFilter()
    }

    /// The country's text changed by typing or cutting.
    @objc private func countryEdited() {
      dependency.parentTextChanged(countryField.stringValue)
      showFilter()
    }

    /// Says which cities the city field offers.
    private func showFilter() {
      let code = dependency.selection?.stringValues.first
      cityField.placeholderString =
        code.map { "City in \(Countries.name(forCode: $0) ?? $0)" } ?? "City (any country)"
      status.stringValue =
        dependency.filter?.filterByText.map { "Cities where \($0)" } ?? "Cities of every country"
    }

    /// Reports the picks to the dependency; emptying the country also widens.
    public func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .picked(let row) where field === countryField:
        dependency.parentPicked(row)
        view.window?.makeFirstResponder(cityField)
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
