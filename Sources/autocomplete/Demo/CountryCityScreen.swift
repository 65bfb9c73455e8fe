import AutocompleteCities
import AutocompleteCore
import AutocompletePresentation
import AutocompleteTerminal

/// The demo's dependent-field screen (Alt-C): a country field, then a city field scoped to the
/// country picked (a `FieldDependency`, the same object the UIKit, AppKit and SwiftUI examples use).
/// Enter or Tab on a country picks it and moves to the city field, which then lists only that
/// country's cities (`country:=BR`); Tab with the country's list closed goes there too; Shift-Tab,
/// or Backspace in the empty city field, goes back to the country. Emptying or editing the country widens the city field back to every country; a
/// city picked under another country is cleared. Enter on a city keeps it; quitting prints it.
@MainActor
final class CountryCityScreen {
  /// The country field.
  let country: SessionPickerController
  /// The city field.
  let city: SessionPickerController
  /// Links the city field's filter to the country picked.
  let dependency: FieldDependency
  /// Whether the city field has the focus (else the country field has it).
  private(set) var isCityFocused = false
  /// The last city picked, "Name, Country", while the city field still shows it.
  private var lastPick: String?

  /// Whether `key` opens the screen: Alt-C (F1–F12 keep their meaning).
  static func opens(_ key: KeyEvent) -> Bool { key == .alt("c") }

  /// Creates the screen over `cities` (items with a `country` attribute); `wake` redraws on answers
  /// that arrive between keys.
  init(cities: SearchIndex<AutocompleteItem>, wake: WakeSignal) {
    let behavior = SessionPickerBehavior(finishesOnPick: false, escape: .closeListFirst)
    let options = SearchOptions(mode: .words, maximumCount: 8)
    country = SessionPickerController(
      session: AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [ListSource(Countries.fieldItems)], searchOptions: options, highlightsFirstRow: true)),
      style: SessionPickerStyle(prompt: "Country: "), behavior: behavior)
    city = SessionPickerController(
      session: AutocompleteSession(
        configuration: SessionConfiguration(
          sources: [IndexSource(cities)], searchOptions: options, highlightsFirstRow: true)),
      style: SessionPickerStyle(prompt: "City: "), behavior: behavior)
    dependency = FieldDependency(city.session, attribute: "country")
    country.wakeSignal = wake
    city.wakeSignal = wake
    country.onOutput = { [weak self] output in
      guard let self, case .picked(let row) = output else { return }
      self.dependency.parentPicked(row)
      self.isCityFocused = true
    }
    city.onOutput = { [weak self] output in
      guard let self, case .picked(let row) = output else { return }
      self.dependency.dependentPicked(row)
      self.lastPick = row.completionText
    }
  }

  /// The city picked, while the city field shows it (not once edited, or cleared by a new country).
  var pickedCity: String? { lastPick == city.editor.text ? lastPick : nil }

  /// The field with the focus.
  var focused: SessionPickerController { isCityFocused ? city : country }

  /// Handles an event of the screen.
  func handle(_ event: TerminalEvent) -> TerminalAppStep<PickerResult> {
    if case .key(let key) = event, let move = Self.focusMove(key, cityFocused: isCityFocused, in: self) {
      isCityFocused = move
      return .proceed
    }
    let controller = focused
    let step = controller.handle(event)
    if controller === country {
      dependency.parentTextChanged(country.editor.text)
      // The dependency may have cleared the city field: its editor follows now, not at its next key.
      _ = city.handle(.wake)
    }
    if case .finish(.cancelled) = step {
      return pickedCity.map { .finish(.chosen($0)) } ?? .finish(.cancelled)
    }
    return .proceed
  }

  /// Where `key` moves the focus, `true` for the city field, or `nil` when it does not: Shift-Tab
  /// or Backspace in the empty city field go to the country; Tab in the country field with its
  /// list closed goes to the city (with the list open, Tab picks a country, which goes there too).
  private static func focusMove(_ key: KeyEvent, cityFocused: Bool, in screen: CountryCityScreen) -> Bool? {
    if cityFocused {
      return key == .backTab || (key == .backspace && screen.city.editor.text.isEmpty) ? false : nil
    }
    return key == .tab && !screen.country.state.isOpen ? true : nil
  }

  /// The city field's prompt: the country it is scoped to, or every country.
  var cityPrompt: String {
    guard let code = dependency.selection?.stringValues.first else { return "City (any country): " }
    return "City in \(Countries.name(forCode: code) ?? code): "
  }

  /// The hint line.
  var header: String {
    let filter = dependency.filter.map { "filter \($0.filterByText ?? "")" } ?? "no filter"
    if isCityFocused {
      let picked = pickedCity.map { "Picked \($0) · " } ?? ""
      return "\(picked)\(filter) · Shift-Tab or Backspace back to the country"
    }
    let country = dependency.selection == nil ? "Pick a country (Enter or Tab)" : "Edit or empty it to widen"
    return "\(country) · the city field follows · \(filter)"
  }

  /// The frame of the screen.
  func viewModel(firstVisibleRow: Int) -> PickerViewModel {
    let controller = focused
    city.style.prompt = cityPrompt
    controller.style.title = "Alt-C · Country, then a city scoped to it (a dependent field)"
    controller.style.header = header
    controller.style.footer = "[Alt-C Country → City] F1–F5 screens │ Esc close/quit · ^C quit"
    return controller.viewModel(firstVisibleRow: firstVisibleRow)
  }
}
