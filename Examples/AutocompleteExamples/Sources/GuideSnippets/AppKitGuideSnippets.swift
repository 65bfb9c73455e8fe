#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteAppKit

  // The snippets of Guides/AppKit.md, as written, type-checked for macOS with the examples (the
  // guide test GuideSnippetsInStepTests checks that each is here). They are not run.

  /// A screen that holds the snippets.
  final class AppKitGuideSnippets: NSViewController, AutocompleteFieldDelegate,
    AutocompleteTriggerManagerDelegate
  {
    let people: [AutocompleteItem] = ["Jon Snow", "Sansa Stark"]
    let stackView = NSStackView()
    let textView = NSTextView()
    var autocomplete: AutocompleteTextFieldController!

    func addingTheField() {
      let field = AutocompleteNSTextField()
      field.placeholderString = "City"
      field.items = ["Zürich", "São Paulo", "Kraków"]  // the simplest data
      field.autocompleteDelegate = self  // picks, Return, clearing
      stackView.addArrangedSubview(field)
    }

    func controller() {
      let search = NSSearchField()
      autocomplete = AutocompleteTextFieldController(textField: search)  // a stored property
      autocomplete.sources = [IndexSource(SearchIndex(items))]
      autocomplete.delegate = self
    }

    func rows(_ field: AutocompleteNSTextField) {
      field.cellProvider = .custom(height: 40) { tableView, suggestion, styled in
        let row =
          tableView.makeView(withIdentifier: AirportRowView.identifier, owner: nil) as? AirportRowView
          ?? AirportRowView()
        row.show(suggestion.payload(as: Airport.self), styled: styled)  // styled: matched runs marked
        return row
      }
    }

    func actionRow(_ field: AutocompleteNSTextField) {
      field.actionRow = ActionRowConfiguration(
        position: .bottom, showsWhenEmpty: true,
        onSelection: { query in self.addCity(named: query) })  // optional height and makeView
    }

    func triggers() {
      let manager = AutocompleteTriggerManager(triggers: [
        .items("@", people),  // a fixed list
        .itemList("#") { token, completion in api.tags(token, completion) },  // a callback (MJ's itemList:)
        .asyncItems(":") { token in try await emoji.search(token) },  // async/await
      ])
      manager.delegate = self  // shouldUpdateToText: and didReceive: are required
      manager.cellProviders["@"] = .custom(height: 36) { tableView, suggestion, styled in
        PersonRowView(suggestion, styled: styled)
      }
      manager.attach(to: textView)  // or manager.processString(text) and manager.container = view
    }

    func addCity(named name: String) {}

    func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
      switch event {
      case .picked(let suggestion): show(suggestion.payload(as: AutocompleteItem.self))  // the app's item
      case .returned(let text): search(text)  // Return, no highlighted row; the field's action follows
      case .cleared: clearResults()  // Delete to empty, or the search field's cancel button
      case .willBeginEditing: reloadCities()  // editing is about to begin (provideDatasource())
      default: break  // .actionRowPicked, .suggestionsChanged, .willDisplay, .recentsFailed
      }
    }

    func show(_ item: AutocompleteItem?) {}
    func search(_ text: String) {}
    func clearResults() {}
    func reloadCities() {}

    func autocompleteManager(_ manager: AutocompleteTriggerManager, shouldUpdateToText text: String) -> Bool {
      true
    }

    func autocompleteManager(
      _ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent
    ) {}
  }

  /// The app's own row in the guide.
  final class AirportRowView: NSTableCellView {
    static let identifier = NSUserInterfaceItemIdentifier("airport")
    func show(_ airport: Airport?, styled: StyledText) {
      textField?.stringValue = airport.map { "\($0.code) \(styled.text)" } ?? styled.text
    }
  }

  /// The app's person row in the guide.
  final class PersonRowView: NSTableCellView {
    convenience init(_ suggestion: Suggestion, styled: StyledText) {
      self.init(frame: .zero)
      let label = NSTextField(labelWithString: styled.text)
      addSubview(label)
      textField = label
    }
  }
#endif
