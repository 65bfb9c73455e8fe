import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

/// The delegate snippets of Guides/UIKit.md, as written, run on Linux: a real session's outputs go
/// through the same Presentation calls the UIKit field and trigger manager make
/// (`FieldEvent.init(_:)`, `TriggerEvent.events(for:trigger:)`, `TriggerEvent.init(_:list:triggers:)`)
/// into the snippets' methods, and each `case` the guide handles is shown to be reached. UIKit's
/// types are stand-ins here; the same snippets are type-checked against the iOS SDK in
/// Examples/AutocompleteExamples (UIKitGuideSnippets.swift).
@Suite("Guides/UIKit.md delegate snippets are called")
@MainActor
struct UIKitGuideDelegateTests {
  @Test("the field delegate's snippet hears a pick, Return and clearing", .offThePool)
  func fieldDelegate() throws {
    let screen = UIKitGuideDelegateScreen()
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        source: ListSource(["Zürich", "São Paulo", "Kraków"] as [AutocompleteItem])))
    let field = UIKitGuideDelegateScreen.UITextField()
    session.onOutput = { output in
      if let event = UIKitGuideDelegateScreen.AutocompleteFieldEvent(output) {
        screen.autocompleteField(field, didReceive: event)
      }
    }
    session.send(.focusChanged(true))
    session.send(.textChanged(TextSnapshot("zur")))
    session.send(.rowPicked(0))
    #expect(screen.calls == ["show Zürich"])
    session.send(.textChanged(TextSnapshot("qq")))
    session.press(.enter)
    #expect(screen.calls == ["show Zürich", "search qq"])
    session.send(.cleared)
    #expect(screen.calls == ["show Zürich", "search qq", "clear"])
    screen.autocompleteField(field, didReceive: .willBeginEditing)
    #expect(screen.calls.last == "reload")
  }

  @Test("the trigger manager delegate's snippet hears mentions added and removed, and the pick", .offThePool)
  func managerDelegate() throws {
    let screen = UIKitGuideDelegateScreen()
    let manager = UIKitGuideDelegateScreen.AutocompleteTriggerManager()
    let people = SessionTrigger(
      "@", source: ListSource([AutocompleteItem("Morgan Lee", completionText: "morgan", payload: "u42")]),
      insertsMention: true, mentionID: { $0.payload(as: AutocompleteItem.self)?.payload as? String ?? $0.id })
    let session = AutocompleteSession(configuration: SessionConfiguration(triggers: [people]))
    var list: TriggerListState?
    var trigger: SessionTrigger?
    session.onOutput = { output in
      for event in UIKitGuideDelegateScreen.AutocompleteTriggerEvent.events(for: output, trigger: trigger) {
        screen.autocompleteManager(manager, didReceive: event)
      }
    }
    func render() {
      let next = TriggerListState(state: session.state, isFocused: true)
      if let event = UIKitGuideDelegateScreen.AutocompleteTriggerEvent(
        next.change(from: list), list: next, triggers: [people])
      {
        screen.autocompleteManager(manager, didReceive: event)
      }
      list = next
      trigger = next.trigger(in: [people])
    }
    session.send(.focusChanged(true))
    session.send(.textChanged(TextSnapshot("Hi @mo")))
    render()
    #expect(screen.calls == [])  // .willShowList goes to `default`
    session.send(.rowPicked(0))
    #expect(screen.calls == ["notify @morgan u42", "log morgan @"])  // the session tells the mention first
    render()
    session.send(.textChanged(TextSnapshot("Hi ")))
    #expect(screen.calls.last == "forget @morgan")
  }
}

/// A screen with the guide's delegate methods, as written, and UIKit stand-ins for its types.
@MainActor
final class UIKitGuideDelegateScreen {
  final class UITextField {}
  final class UITableViewCell {}
  final class AutocompleteTriggerManager {}
  typealias AutocompleteFieldEvent = FieldEvent<UITableViewCell>
  typealias AutocompleteTriggerEvent = TriggerEvent<UITableViewCell>

  var calls: [String] = []

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

  func autocompleteManager(_ manager: AutocompleteTriggerManager, didReceive event: AutocompleteTriggerEvent)
  {
    switch event {
    case .mentionsAdded(let mentions): notify(mentions)  // [Mention], ranges in the new text
    case .mentionsRemoved(let mentions): forget(mentions)  // [Mention], ranges in the text before
    case .picked(let suggestion, let trigger): log(suggestion, trigger)
    default: break  // .willShowList, .didHideList, .willPresent
    }
  }

  func show(_ item: AutocompleteItem?) { calls.append("show \(item?.displayText ?? "nil")") }
  func addCity(named name: String) { calls.append("add \(name)") }
  func search(_ text: String) { calls.append("search \(text)") }
  func clearResults() { calls.append("clear") }
  func reloadCities() { calls.append("reload") }
  func report(_ error: SessionError) { calls.append("report") }
  func notify(_ mentions: [Mention]) {
    calls.append("notify " + mentions.map { "\($0.text) \($0.id)" }.joined())
  }
  func forget(_ mentions: [Mention]) { calls.append("forget " + mentions.map(\.text).joined()) }
  func log(_ suggestion: Suggestion, _ trigger: SessionTrigger) {
    calls.append("log \(suggestion.completionText) \(trigger.delimiter)")
  }
}
