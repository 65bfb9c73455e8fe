import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// The field delegate snippet of Guides/AppKit.md, as written, run on Linux through the
/// Presentation call the AppKit field makes (`FieldEvent.init(_:)`), with AppKit stand-ins; the
/// same snippet is type-checked against the macOS SDK in Examples/AutocompleteExamples
/// (AppKitGuideSnippets.swift).
@Suite("Guides/AppKit.md delegate snippet is called")
@MainActor
struct AppKitGuideDelegateTests {
  @Test("the field delegate's snippet hears a pick, Return and clearing", .offThePool)
  func fieldDelegate() {
    let screen = AppKitGuideDelegateScreen()
    let session = AutocompleteSession(
      configuration: SessionConfiguration(source: ListSource(["Zürich", "Kraków"] as [AutocompleteItem])))
    let field = AppKitGuideDelegateScreen.NSTextField()
    session.onOutput = { output in
      if let event = AppKitGuideDelegateScreen.AutocompleteFieldEvent(output) {
        screen.autocompleteField(field, didReceive: event)
      }
    }
    session.send(.focusChanged(true))
    session.send(.textChanged(TextSnapshot("kra")))
    session.send(.rowPicked(0))
    session.send(.textChanged(TextSnapshot("qq")))
    session.press(.enter)
    session.send(.cleared)
    #expect(screen.calls == ["show Kraków", "search qq", "clear"])
  }
}

/// A window controller with the guide's delegate method, as written, and AppKit stand-ins.
@MainActor
final class AppKitGuideDelegateScreen {
  final class NSTextField {}
  final class NSView {}
  typealias AutocompleteFieldEvent = FieldEvent<NSView>

  var calls: [String] = []

  func autocompleteField(_ field: NSTextField, didReceive event: AutocompleteFieldEvent) {
    switch event {
    case .picked(let suggestion): show(suggestion.payload(as: AutocompleteItem.self))  // the app's item
    case .returned(let text): search(text)  // Return, no highlighted row; the field's action follows
    case .cleared: clearResults()  // Delete to empty, or the search field's cancel button
    case .willBeginEditing: reloadCities()  // editing is about to begin (provideDatasource())
    default: break  // .actionRowPicked, .suggestionsChanged, .willDisplay, .recentsFailed
    }
  }

  func show(_ item: AutocompleteItem?) { calls.append("show \(item?.displayText ?? "nil")") }
  func search(_ text: String) { calls.append("search \(text)") }
  func clearResults() { calls.append("clear") }
  func reloadCities() { calls.append("reload") }
}
