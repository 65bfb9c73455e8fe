import AutocompleteCities
import AutocompleteCore
import AutocompleteTerminal

/// The demo's recipients screen (F11 or Alt-T): a To: field over the embedded people as a token
/// field — Tab or Enter on a row makes a chip, a typed address ended by a comma or Return becomes
/// one when it is valid (a readable refusal otherwise), Backspace on an empty query selects the last
/// chip and a second removes it, ← → move between chips, Ctrl-Z puts back the last removed one.
/// Enter with nothing typed shows the stored form; quitting prints it.
@MainActor
final class RecipientsScreen {
  /// The field's controller.
  let controller: SessionPickerController
  /// What the header says after Enter with nothing typed.
  private var notice: String?

  /// Whether `key` opens the screen.
  static func opens(_ key: KeyEvent) -> Bool { key == .function(11) || key == .alt("t") }

  /// One recipient per person: the name, the address as id and completion.
  static let recipients: [AutocompleteItem] = People.all.map { person in
    let handle = person.payload as? String ?? person.searchText
    return AutocompleteItem(
      person.searchText, displayText: "\(person.searchText) <\(handle)@example.org>",
      completionText: "\(handle)@example.org", alternateSearchTexts: [handle])
  }

  /// Any address with a name, an "@" and a domain with a dot; refused with a reason otherwise.
  static let email = TokenCreation.accepting(
    where: { text in
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    },
    reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." })

  /// Creates the screen; `wake` redraws on answers that arrive between keys.
  init(wake: WakeSignal) {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(Self.recipients)], searchOptions: SearchOptions(mode: .words, maximumCount: 8),
        highlightsFirstRow: true, tokens: TokenFieldConfiguration(creation: Self.email)))
    controller = SessionPickerController(
      session: session, style: SessionPickerStyle(prompt: "To: "),
      behavior: SessionPickerBehavior(finishesOnPick: false, escape: .closeListFirst))
    controller.wakeSignal = wake
  }

  /// The recipients' stored form: the addresses, in order.
  var storedForm: String { controller.state.tokenState.storedForm.joined(separator: ", ") }

  /// Handles an event of the screen.
  func handle(_ event: TerminalEvent) -> TerminalAppStep<PickerResult> {
    if case .key(.control("z")) = event {
      controller.session.send(.tokens(.undoRemoval))
      return .proceed
    }
    if case .key(.enter) = event, controller.editor.text.isEmpty, !controller.state.isOpen {
      notice = controller.state.tokens.isEmpty ? "No recipients yet" : "Stored form: " + storedForm
      return .proceed
    }
    if let outcome = PickTokens.handle(event, controller: controller) {
      if case .finish = outcome { notice = "Stored form: " + storedForm }
      return .proceed
    }
    notice = nil
    switch controller.handle(event) {
    case .finish(.cancelled):
      return storedForm.isEmpty ? .finish(.cancelled) : .finish(.chosen(storedForm))
    default:
      return .proceed
    }
  }

  /// The frame of the screen.
  func viewModel(firstVisibleRow: Int, columns: Int = 100) -> PickerViewModel {
    let state = controller.state
    controller.style.title = "F11 · Recipients: a token field over the embedded people"
    controller.style.header =
      state.tokenState.refusal ?? notice
      ?? "Tab a row or type an address and a comma · Backspace twice removes · ← → chips · ^Z undo"
    controller.style.footer = "[F11 To:] F1–F5 screens │ Esc close/quit · ^C quit"
    var model = controller.viewModel(firstVisibleRow: firstVisibleRow)
    model.prompt = PickTokens.prompt(model.prompt, tokens: state.tokenState, width: columns)
    return model
  }
}
