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

  /// Creates the screen; `wake` redraws on answers that arrive between keys.
  init(wake: WakeSignal) {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(People.addresses)], searchOptions: SearchOptions(mode: .words, maximumCount: 8),
        highlightsFirstRow: true, tokens: TokenFieldConfiguration(creation: .emailAddresses)))
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
