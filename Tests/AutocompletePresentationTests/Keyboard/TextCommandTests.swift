import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Text commands (AppKit): which selectors the field and the text view claim, and what they do")
@MainActor
struct TextCommandTests {
  static let names: [AutocompleteItem] = ["Jon Snow", "Jonah", "Joffrey Baratheon"]

  /// What an AppKit delegate does with a command: returns whether the command was consumed.
  static func perform(
    _ command: TextCommand, in session: AutocompleteSession, isListShown: Bool, canShowList: Bool = true,
    editor: TextCommand.Editor = .field
  ) -> Bool {
    switch command.outcome(
      in: session.state, isListShown: isListShown, canShowList: canShowList, editor: editor)
    {
    case .perform: return false
    case .press(let key): return session.press(key)
    case .pressAndPerform(let key):
      session.press(key)
      return false
    }
  }

  static func field(inline: Bool = false) -> AutocompleteSession {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: [ListSource(names)], showsInlineCompletion: inline))
    session.send(.focusChanged(true))
    return session
  }

  @Test("selector names map to commands and keys; other selectors are never claimed", .offThePool)
  func names() {
    #expect(TextCommand(selectorName: "moveDown:") == .moveDown)
    #expect(TextCommand(selectorName: "scrollPageDown:")?.hardwareKey == .pageDown)
    #expect(TextCommand(selectorName: "pageUp:")?.hardwareKey == .pageUp)
    #expect(TextCommand(selectorName: "cancelOperation:")?.hardwareKey == .escape)
    #expect(TextCommand(selectorName: "insertNewline:")?.hardwareKey == .returnKey)
    #expect(TextCommand(selectorName: "insertTab:")?.hardwareKey == .tab)
    #expect(TextCommand(selectorName: "complete:")?.hardwareKey == nil)
    #expect(TextCommand(selectorName: "insertBacktab:") == nil)
    #expect(TextCommand(selectorName: "moveLeft:") == nil)
    #expect(TextCommand(selectorName: "") == nil)
    let keys = Set(TextCommand.allCases.compactMap(\.hardwareKey))
    #expect(keys == Set(HardwareKey.allCases))
  }

  @Test("nothing to complete: every command is the field's own, Return still reports the text", .offThePool)
  func idle() {
    let session = Self.field()
    var returned: [String] = []
    session.onOutput = { if case .returned(let text) = $0 { returned.append(text) } }
    for command in TextCommand.allCases where command != .insertNewline && command != .complete {
      #expect(
        command.outcome(in: session.state, isListShown: false) == .perform, "\(command.rawValue)")
    }
    #expect(
      TextCommand.insertNewline.outcome(in: session.state, isListShown: false) == .pressAndPerform(.enter))
    #expect(!Self.perform(.insertNewline, in: session, isListShown: false))
    #expect(returned == [""])
  }

  @Test(
    "list shown: arrows, pages, Escape and Tab are claimed and drive the session; Return picks the highlighted row",
    .offThePool)
  func listShown() {
    let session = Self.field()
    session.textChanged("jo")
    #expect(Self.perform(.moveDown, in: session, isListShown: true))
    #expect(Self.perform(.moveDown, in: session, isListShown: true))
    #expect(session.state.highlight == .suggestion(1))
    #expect(Self.perform(.moveUp, in: session, isListShown: true))
    #expect(Self.perform(.scrollPageDown, in: session, isListShown: true))
    #expect(session.state.highlight == .suggestion(2))
    #expect(Self.perform(.pageUp, in: session, isListShown: true))
    #expect(session.state.highlight == .suggestion(0))
    let first = session.state.suggestions[0].completionText
    #expect(TextCommand.insertNewline.outcome(in: session.state, isListShown: true) == .press(.enter))
    #expect(Self.perform(.insertNewline, in: session, isListShown: true))
    #expect(session.state.text == first)
  }

  @Test("Tab with the list shown but no highlighted row is not consumed: focus moves on", .offThePool)
  func tabWithoutHighlight() {
    let session = Self.field()
    session.textChanged("jo")
    #expect(TextCommand.insertTab.outcome(in: session.state, isListShown: true) == .press(.tab))
    #expect(!Self.perform(.insertTab, in: session, isListShown: true))
    #expect(session.state.text == "jo")
  }

  @Test(
    "Escape closes the list; then ↓ reopens it in a field, but moves the caret in a text view", .offThePool)
  func escapeThenDown() {
    let session = Self.field()
    session.textChanged("jo")
    #expect(Self.perform(.cancelOperation, in: session, isListShown: true))
    #expect(!session.state.isOpen)
    #expect(
      TextCommand.moveDown.outcome(in: session.state, isListShown: false, editor: .textView) == .perform)
    #expect(Self.perform(.moveDown, in: session, isListShown: false))
    #expect(session.state.isOpen)
  }

  @Test("the text view: Return inserts a line unless it picks a row", .offThePool)
  func textViewReturn() {
    let session = Self.field()
    session.textChanged("jo")
    #expect(
      TextCommand.insertNewline.outcome(in: session.state, isListShown: true, editor: .textView) == .perform)
    session.press(.down)
    #expect(
      TextCommand.insertNewline.outcome(in: session.state, isListShown: true, editor: .textView)
        == .press(.enter))
    #expect(
      TextCommand.insertNewline.outcome(in: session.state, isListShown: false, editor: .textView) == .perform)
  }

  @Test(
    "inline completion: → at the end accepts it, Return accepts and reports, inline-only fields keep ↓",
    .offThePool)
  func inline() {
    let session = Self.field(inline: true)
    session.textChanged("Joff")
    #expect(session.state.inlineCompletion != nil)
    #expect(
      TextCommand.moveDown.outcome(in: session.state, isListShown: false, canShowList: false) == .perform)
    #expect(Self.perform(.moveRight, in: session, isListShown: false, canShowList: false))
    #expect(session.state.text == "Joffrey Baratheon")

    let other = Self.field(inline: true)
    var returned: [String] = []
    other.onOutput = { if case .returned(let text) = $0 { returned.append(text) } }
    other.textChanged("Joff")
    #expect(!Self.perform(.insertNewline, in: other, isListShown: false, canShowList: false))
    #expect(returned == ["Joffrey Baratheon"])
  }

  @Test("→ with the caret inside the text is the field's own (it moves the caret)", .offThePool)
  func rightInsideText() {
    let session = Self.field(inline: true)
    session.send(.textChanged(TextSnapshot("Joff", caretOffset: 2)))
    #expect(!Self.perform(.moveRight, in: session, isListShown: false, canShowList: false))
  }

  @Test(
    "complete: (Option-Escape) opens the list when focused, closes it when shown, else is the system's",
    .offThePool)
  func complete() {
    let session = Self.field()
    session.textChanged("jo")
    session.press(.escape)
    #expect(Self.perform(.complete, in: session, isListShown: false))
    #expect(session.state.isOpen)
    #expect(TextCommand.complete.outcome(in: session.state, isListShown: true) == .press(.escape))
    #expect(TextCommand.complete.outcome(in: SessionState(), isListShown: false) == .perform)
    #expect(
      TextCommand.complete.outcome(in: session.state, isListShown: false, canShowList: false) == .perform)
  }

  @Test("while an input method composes, a claimed command is left to it", .offThePool)
  func composing() {
    let session = Self.field()
    session.textChanged("jo")
    session.send(.textChanged(TextSnapshot("jo", caretOffset: 2, isComposing: true)))
    #expect(!Self.perform(.moveDown, in: session, isListShown: true))
  }

  @Test("Return picks a row only with the list shown and a row highlighted", .offThePool)
  func returnPicksRow() {
    let session = Self.field()
    session.textChanged("jo")
    #expect(!HardwareKey.returnPicksRow(in: session.state, isListShown: true))
    session.press(.down)
    #expect(HardwareKey.returnPicksRow(in: session.state, isListShown: true))
    #expect(!HardwareKey.returnPicksRow(in: session.state, isListShown: false))
  }
}
