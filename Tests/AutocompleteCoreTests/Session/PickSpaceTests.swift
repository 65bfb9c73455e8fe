import AutocompleteCore
import TestSupport
import Testing

@Suite("A space typed after a trigger pick is not doubled")
@MainActor
struct PickSpaceTests {
  static let people: [AutocompleteItem] = ["morgan", "john"]

  /// A session with `@` people whose edits are applied to `text` as a front end would.
  @MainActor
  final class Field {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(triggers: [
        SessionTrigger("@", source: ListSource(PickSpaceTests.people))
      ]))
    var snapshot = TextSnapshot("")

    init() {
      session.onOutput = { [unowned self] output in
        if case .replaceText(let edit) = output { snapshot = edit.resultingSnapshot }
      }
    }

    /// Types `text` at the caret, one character at a time.
    func type(_ text: String) {
      for character in text {
        let caret = snapshot.caret
        let new = String(snapshot.text[..<caret]) + String(character) + String(snapshot.text[caret...])
        let offset = snapshot.text.distance(from: snapshot.text.startIndex, to: caret) + 1
        snapshot = TextSnapshot(new, caretOffset: offset)
        session.send(.textChanged(snapshot))
      }
    }

    /// Moves the caret to `offset` characters.
    func moveCaret(to offset: Int) {
      snapshot = TextSnapshot(snapshot.text, caretOffset: offset)
      session.send(.textChanged(snapshot))
    }
  }

  @Test(
    "at the end: '@mo', Enter, then a space gives one space; a second space is typed normally", .offThePool)
  func atEnd() {
    let field = Field()
    field.type("Hi @mo")
    field.session.press(.down)
    field.session.press(.enter)
    #expect(field.snapshot.text == "Hi @morgan ")
    field.type(" ")
    #expect(field.snapshot.text == "Hi @morgan ")
    #expect(field.snapshot.caretCharacterOffset == 11)
    field.type(" x")
    #expect(field.snapshot.text == "Hi @morgan  x")
  }

  @Test("before existing text: the reused space is not doubled either, and the text after stays", .offThePool)
  func beforeText() {
    let field = Field()
    field.type("Hi there")
    field.moveCaret(to: 3)
    field.type("@mo")
    field.session.press(.down)
    field.session.press(.enter)
    #expect(field.snapshot.text == "Hi @morgan there")
    field.type(" ")
    #expect(field.snapshot.text == "Hi @morgan there")
    field.type("and ")
    #expect(field.snapshot.text == "Hi @morgan and there")
  }

  @Test("only right after the pick: a space after other typing or a caret move is kept", .offThePool)
  func onlyRightAfter() {
    let field = Field()
    field.type("@jo")
    field.session.press(.down)
    field.session.press(.enter)
    field.type("x ")
    #expect(field.snapshot.text == "@john x ")
    let moved = Field()
    moved.type("@jo")
    moved.session.press(.down)
    moved.session.press(.enter)
    moved.moveCaret(to: 2)
    moved.moveCaret(to: 6)
    moved.type(" ")
    #expect(moved.snapshot.text == "@john  ")
  }
}
