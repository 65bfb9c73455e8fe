#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Seed 003: an `AutocompleteTextField` over the embedded cities, with RVS's options as live
  /// switches. The cities go through the core index; a second field uses RVS's data source
  /// protocol with a `textDictionary`.
  public final class OptionsExampleViewController: UIViewController, AutocompleteFieldDelegate,
    AutofillDataSource
  {
    private let cityField = AutocompleteTextField(frame: .zero)
    private let personField = AutocompleteTextField(frame: .zero)
    private let picked = UILabel()
    private let stack = UIStackView()

    /// RVS's simple way: the array the engine searches (`refCon` is the payload).
    public var textDictionary: [AutocompleteItem] {
      ["Jon Snow", "Daenerys Targaryen", "Gregor Clegane", "Cersei Lannister", "Tyrion Lannister"].map {
        AutocompleteItem($0, payload: $0.count)
      }
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "RVS options"
      view.backgroundColor = .systemBackground

      cityField.placeholder = "City"
      cityField.borderStyle = .roundedRect
      cityField.clearButtonMode = .whileEditing
      let cities: [AutocompleteItem] = Cities.all.map { $0.autocompleteItem }
      let index = SearchIndex(cities)
      cityField.sources = [IndexSource(index)]
      cityField.autocompleteDelegate = self
      cityField.actionRow = ActionRowConfiguration(
        showsWhenEmpty: true,
        onSelection: { [weak self] query in self?.picked.text = "Add \(query)" })

      personField.placeholder = "Person (textDictionary)"
      personField.borderStyle = .roundedRect
      personField.dataSource = self
      personField.autocompleteDelegate = self

      picked.font = .preferredFont(forTextStyle: .footnote)
      picked.adjustsFontForContentSizeCategory = true
      picked.numberOfLines = 0

      stack.axis = .vertical
      stack.spacing = 12
      stack.translatesAutoresizingMaskIntoConstraints = false
      for view in [cityField, personField, picked] { stack.addArrangedSubview(view) }
      stack.addArrangedSubview(toggle("isAutoFillOn", cityField.isAutoFillOn) { $0.isAutoFillOn = $1 })
      stack.addArrangedSubview(
        toggle("isCaseSensitive", cityField.isCaseSensitive) { $0.isCaseSensitive = $1 })
      stack.addArrangedSubview(
        toggle("isWildcardBefore", cityField.isWildcardBefore) { $0.isWildcardBefore = $1 })
      stack.addArrangedSubview(
        toggle("isWildcardAfter", cityField.isWildcardAfter) { $0.isWildcardAfter = $1 })
      stack.addArrangedSubview(countStepper())
      view.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
        stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
        stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      ])
    }

    private func toggle(_ name: String, _ isOn: Bool, _ set: @escaping (AutocompleteTextField, Bool) -> Void)
      -> UIView
    {
      let label = UILabel()
      label.text = name
      label.font = .preferredFont(forTextStyle: .body)
      let control = UISwitch()
      control.isOn = isOn
      control.addAction(
        UIAction { [weak self, weak control] _ in
          guard let self, let control else { return }
          set(self.cityField, control.isOn)
        }, for: .valueChanged)
      let row = UIStackView(arrangedSubviews: [label, control])
      row.distribution = .equalSpacing
      return row
    }

    private func countStepper() -> UIView {
      let label = UILabel()
      label.font = .preferredFont(forTextStyle: .body)
      label.text = "maximumAutofillCount: \(cityField.maximumAutofillCount)"
      let stepper = UIStepper()
      stepper.minimumValue = -1
      stepper.maximumValue = 50
      stepper.value = Double(cityField.maximumAutofillCount)
      stepper.addAction(
        UIAction { [weak self, weak stepper, weak label] _ in
          guard let self, let stepper else { return }
          self.cityField.maximumAutofillCount = Int(stepper.value)
          label?.text = "maximumAutofillCount: \(Int(stepper.value))"
        }, for: .valueChanged)
      let row = UIStackView(arrangedSubviews: [label, stepper])
      row.distribution = .equalSpacing
      return row
    }

    /// Shows the pick and its `refCon`.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked(let suggestion) = event else { return }
      let item = suggestion.payload(as: AutocompleteItem.self)
      picked.text = "Picked \(suggestion.displayText) (refCon \(String(describing: item?.payload)))"
    }
  }
#endif
