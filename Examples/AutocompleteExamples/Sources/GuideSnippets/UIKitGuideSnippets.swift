#if canImport(UIKit) && os(iOS)
  import AutocompleteUIKit
  import UIKit

  // The snippets of Guides/UIKit.md, as written, type-checked for iOS with the examples (the guide
  // test GuideSnippetsInStepTests checks that each is here). They are not run.

  /// The guide's reusable cell (seed 004).
  final class PersonCell: UITableViewCell, IdentifiableView, ModelConfigurableView {
    struct Model { let name: String }
    func configure(model: Model) { textLabel?.text = model.name }
  }

  /// The guide's form cell (seed 004).
  final class FieldCell: UITableViewCell, IdentifiableView, TextInputConfigurableView {
    struct Model: TextInputConfigurableModel { let textInputConfiguration: TextFieldConfiguration }
    let textInputView = UITextField()
    func configure(model: Model) { configureTextInput(with: model) }
  }

  /// A screen that holds the snippets, with the app's own types they name.
  final class UIKitGuideSnippets: UIViewController, AutocompleteFieldDelegate,
    AutocompleteTriggerManagerDelegate,
    TextFieldDelegate, TextFieldPickerViewControllerProtocol, TextFieldDatePickerDelegate
  {
    let people: [AutocompleteItem] = ["Jon Snow", "Sansa Stark"]
    let cities: [AutocompleteItem] = ["Zürich", "São Paulo", "Kraków"]
    let textView = UITextView()
    let tableView = UITableView()
    var configurations: [Any] = []

    func prebuiltIndex(_ field: AutocompleteTextField) throws {
      let indexes = try AppIndexes()  // keep it for the app's life
      field.sources = indexes.sources
    }

    func addingTheField() {
      let field = AutocompleteTextField(frame: .zero)
      field.placeholder = "City"
      field.items = ["Zürich", "São Paulo", "Kraków"]  // the simplest data
      field.autocompleteDelegate = self  // picks, Return, clearing
      view.addSubview(field)
    }

    func serverFailure(_ field: AutocompleteTextField) {
      field.session.onStateChange = { [weak self] state in
        if case .failed(let error) = state.phase {
          self?.showRetry(error.message)  // SessionError: a message for the user
        } else {
          self?.hideRetry()
        }
      }
      // the Retry button's action:
      field.session.send(.refresh)
    }

    func showRetry(_ message: String) {}
    func hideRetry() {}

    func customCells(_ field: AutocompleteTextField) {
      field.cellProvider = .custom(cellType: AirportCell.self, estimatedHeight: 60) {
        tableView, indexPath, suggestion in
        let cell =
          tableView.dequeueReusableCell(
            withIdentifier: SuggestionCellProvider.reuseIdentifier(for: AirportCell.self), for: indexPath)
          as! AirportCell
        cell.airport = suggestion.payload(as: AutocompleteItem.self)?.payload as? Airport
        return cell
      }
      // or a content configuration, with the matched runs marked:
      field.cellProvider = .contentConfiguration { suggestion, styled in
        var content = UIListContentConfiguration.subtitleCell()
        content.text = suggestion.displayText
        content.secondaryText = suggestion.detailText
        return content
      }
    }

    func actionRow(_ field: AutocompleteTextField) {
      field.actionRow = ActionRowConfiguration(
        position: .bottom, showsWhenEmpty: true,
        onSelection: { query in self.addCity(named: query) })
    }

    func triggers() {
      let manager = AutocompleteTriggerManager(triggers: [
        .items("@", people),  // a fixed list
        .itemList("#") { token, completion in api.tags(token, completion) },  // a callback (MJ's itemList:)
        .asyncItems(":") { token in try await emoji.search(token) },  // async/await
      ])
      manager.delegate = self  // shouldUpdateToText: and didReceive: are required
      manager.cellProviders["@"] = .configurable(PersonCell.self) { (item: AutocompleteItem) in
        PersonCell.Model(name: item.displayText)
      }
      manager.attach(to: textView)  // or manager.processString(text) and manager.container = view
    }

    func reusableViews(_ indexPath: IndexPath) {
      tableView.register(PersonCell.self)  // the nib instead when NibLoadableView
      let cell = tableView.dequeueReusableCell(PersonCell.self, for: indexPath, model: .init(name: "Jon"))
      configurations.append(cell)
    }

    func forms(_ manager: AutocompleteTriggerManager) {
      let name = TextFieldConfiguration(delegate: self)  // the 13 traits, seed defaults
      name.textContentType = .name
      let size = TextFieldPickerViewConfiguration(controller: self)  // picker rows -> text
      let birthday = TextFieldDatePickerConfiguration(mode: .date, delegate: self)
      let bio = TextViewConfiguration(triggerManager: manager)  // a text view with @ mentions
      let city = AutocompleteFieldConfiguration(items: cities)  // for an AutocompleteTextField cell
      configurations = [name, size, birthday, bio, city]
    }

    func addCity(named name: String) {}

    func autocompleteField(_ field: UITextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .picked(let suggestion): show(suggestion.payload(as: AutocompleteItem.self))  // the app's item
      case .actionRowPicked(let query): addCity(named: query)
      case .returned(let text): search(text)  // Return, no highlighted row (seed 002's returned(with:))
      case .cleared: clearResults()  // Backspace to empty, or the clear button (textFieldCleared())
      case .willBeginEditing: reloadCities()  // refresh your data now (provideDatasource())
      case .recentsFailed(let error): report(error)  // SessionError; the field goes on without recents
      case .suggestionsChanged, .willDisplay: break  // [Suggestion]; (UITableViewCell, row:, suggestion:)
      }
    }

    func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent
    ) {
      switch event {
      case .mentionsAdded(let mentions): notify(mentions)  // [Mention], ranges in the new text
      case .mentionsRemoved(let mentions): forget(mentions)  // [Mention], ranges in the text before
      case .picked(let suggestion, let trigger): log(suggestion, trigger)
      default: break  // .willShowList, .didHideList, .willPresent
      }
    }

    func show(_ item: AutocompleteItem?) {}
    func search(_ text: String) {}
    func clearResults() {}
    func reloadCities() {}
    func report(_ error: SessionError) {}
    func notify(_ mentions: [Mention]) {}
    func forget(_ mentions: [Mention]) {}
    func log(_ suggestion: Suggestion, _ trigger: SessionTrigger) {}

    func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool {
      true
    }

    func textFieldDidEditingChanged(_ textField: UITextField) {}

    func textField(_ textField: UITextField, numberOfComponentsInPickerView pickerView: UIPickerView) -> Int {
      1
    }

    func textField(_ textField: UITextField, pickerView: UIPickerView, numberOfRowsInComponent component: Int)
      -> Int
    {
      3
    }

    func textField(
      _ textField: UITextField, pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
    ) -> PickerViewTitle? {
      .title(["S", "M", "L"][row])
    }

    func textField(_ textField: UITextField, pickerView: UIPickerView, selectedRowInComponent component: Int)
      -> Int
    {
      0
    }

    func textField(
      _ textField: UITextField, pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int
    ) {}

    func textField(
      _ textField: UITextField, pickerView: UIPickerView, shouldUpdateTextFromRow row: Int,
      inComponent component: Int
    ) -> Bool {
      true
    }

    func textField(_ textField: UITextField, datePicker: UIDatePicker, didSelectDate date: Date) {}

    func textField(_ textField: UITextField, datePicker: UIDatePicker, shouldUpdateTextFromDate date: Date)
      -> String?
    {
      date.formatted(date: .long, time: .omitted)
    }
  }

  /// The app's own cell in the guide.
  final class AirportCell: UITableViewCell {
    var airport: Airport?
  }
#endif
