#if canImport(UIKit) && os(iOS)
  import AutocompleteCities
  import AutocompleteUIKit
  import UIKit

  /// Seed 004 (AirCollection): a form of reusable, configurable cells. Each row's model carries a
  /// text-input configuration: a plain text field, a picker field, a date field, a text view with
  /// `@` people, and an autocomplete field over the embedded cities.
  public final class FormExampleViewController: UITableViewController, TextFieldPickerViewControllerProtocol,
    TextFieldDatePickerDelegate, AutocompleteFieldDelegate
  {
    private enum Row: CaseIterable {
      case name, size, birthday, bio, city
    }

    private static let sizes = [["XS", "S", "M", "L", "XL"], ["red", "green", "blue"]]
    private var selectedSizes = [2, 0]
    private let bioTriggers = AutocompleteTriggerManager(triggers: [.items("@", People.all)])
    private lazy var nameConfiguration: TextFieldConfiguration = {
      let configuration = TextFieldConfiguration(delegate: self)
      configuration.autocapitalizationType = .words
      configuration.textContentType = .name
      configuration.clearButtonMode = .whileEditing
      configuration.returnKeyType = .next
      return configuration
    }()
    private lazy var sizeConfiguration = TextFieldPickerViewConfiguration(controller: self)
    private lazy var birthdayConfiguration = TextFieldDatePickerConfiguration(
      mode: .date, minimumDate: Date(timeIntervalSinceNow: -120 * 365 * 86_400), maximumDate: Date(),
      delegate: self)
    private lazy var bioConfiguration = TextViewConfiguration(triggerManager: bioTriggers)
    private lazy var cityConfiguration = AutocompleteFieldConfiguration(
      sources: [IndexSource(SearchIndex(Cities.all.map(\.autocompleteItem)))], autocompleteDelegate: self)

    /// Creates the form.
    public init() {
      super.init(style: .insetGrouped)
      title = "Form (seed 004)"
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(TextFieldCell.self)
      tableView.register(TextViewCell.self)
      tableView.register(AutocompleteFieldCell.self)
      tableView.keyboardDismissMode = .interactive
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      Row.allCases.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      switch Row.allCases[indexPath.row] {
      case .name:
        tableView.dequeueReusableCell(
          TextFieldCell.self, for: indexPath,
          model: TextFieldCell.Model(title: "Name", textInputConfiguration: nameConfiguration))
      case .size:
        tableView.dequeueReusableCell(
          TextFieldCell.self, for: indexPath,
          model: TextFieldCell.Model(title: "Size", textInputConfiguration: sizeConfiguration))
      case .birthday:
        tableView.dequeueReusableCell(
          TextFieldCell.self, for: indexPath,
          model: TextFieldCell.Model(title: "Birthday", textInputConfiguration: birthdayConfiguration))
      case .bio:
        tableView.dequeueReusableCell(
          TextViewCell.self, for: indexPath,
          model: TextViewCell.Model(title: "Bio (@ for people)", textInputConfiguration: bioConfiguration))
      case .city:
        tableView.dequeueReusableCell(
          AutocompleteFieldCell.self, for: indexPath,
          model: AutocompleteFieldCell.Model(title: "City", textInputConfiguration: cityConfiguration))
      }
    }

    // MARK: TextFieldDelegate

    /// Every edit of a field in the form.
    public func textFieldDidEditingChanged(_ textField: UITextField) {}

    // MARK: Picker

    /// Two components: size and colour.
    public func textField(_ textField: UITextField, numberOfComponentsInPickerView pickerView: UIPickerView)
      -> Int
    {
      Self.sizes.count
    }

    /// The rows of a component.
    public func textField(
      _ textField: UITextField, pickerView: UIPickerView, numberOfRowsInComponent component: Int
    ) -> Int {
      Self.sizes[component].count
    }

    /// A row's title.
    public func textField(
      _ textField: UITextField, pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
    ) -> PickerViewTitle? {
      .title(Self.sizes[component][row])
    }

    /// Remembers the selection.
    public func textField(
      _ textField: UITextField, pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int
    ) {
      selectedSizes[component] = row
    }

    /// Every row updates the text ("M red").
    public func textField(
      _ textField: UITextField, pickerView: UIPickerView, shouldUpdateTextFromRow row: Int,
      inComponent component: Int
    ) -> Bool {
      true
    }

    /// The remembered selection when editing begins.
    public func textField(
      _ textField: UITextField, pickerView: UIPickerView, selectedRowInComponent component: Int
    )
      -> Int
    {
      selectedSizes[component]
    }

    // MARK: Date picker

    /// A date was picked.
    public func textField(_ textField: UITextField, datePicker: UIDatePicker, didSelectDate date: Date) {}

    /// The date as the field's text.
    public func textField(
      _ textField: UITextField, datePicker: UIDatePicker, shouldUpdateTextFromDate date: Date
    )
      -> String?
    {
      date.formatted(date: .long, time: .omitted)
    }

    // MARK: AutocompleteFieldDelegate

    /// A city was picked.
    public func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      guard case .picked = event else { return }
      field.resignFirstResponder()
    }
  }

  /// A form row with a title and a text field (plain, picker or date).
  final class TextFieldCell: UITableViewCell, IdentifiableView, TextInputConfigurableView {
    struct Model: TextInputConfigurableModel {
      let title: String
      let textInputConfiguration: TextFieldConfiguration
    }

    let textInputView = UITextField()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      FormLayout.embed(textInputView, in: contentView, height: 44)
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    func configure(model: Model) {
      textInputView.placeholder = model.title
      configureTextInput(with: model)
    }
  }

  /// A form row with a text view.
  final class TextViewCell: UITableViewCell, IdentifiableView, TextInputConfigurableView {
    struct Model: TextInputConfigurableModel {
      let title: String
      let textInputConfiguration: TextViewConfiguration
    }

    let textInputView = UITextView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      textInputView.font = .preferredFont(forTextStyle: .body)
      FormLayout.embed(textInputView, in: contentView, height: 100)
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    func configure(model: Model) {
      textInputView.accessibilityLabel = model.title
      configureTextInput(with: model)
    }
  }

  /// A form row with an autocomplete field.
  final class AutocompleteFieldCell: UITableViewCell, IdentifiableView, TextInputConfigurableView {
    struct Model: TextInputConfigurableModel {
      let title: String
      let textInputConfiguration: AutocompleteFieldConfiguration
    }

    let textInputView = AutocompleteTextField(frame: .zero)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      FormLayout.embed(textInputView, in: contentView, height: 44)
    }

    required init?(coder: NSCoder) {
      super.init(coder: coder)
    }

    func configure(model: Model) {
      textInputView.placeholder = model.title
      configureTextInput(with: model)
    }
  }

  /// The form cells' layout: the input fills the content view's margins.
  @MainActor
  enum FormLayout {
    static func embed(_ input: UIView, in contentView: UIView, height: CGFloat) {
      input.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(input)
      let margins = contentView.layoutMarginsGuide
      NSLayoutConstraint.activate([
        input.topAnchor.constraint(equalTo: margins.topAnchor),
        input.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        input.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
        input.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
        input.heightAnchor.constraint(greaterThanOrEqualToConstant: height),
      ])
    }
  }
#endif
