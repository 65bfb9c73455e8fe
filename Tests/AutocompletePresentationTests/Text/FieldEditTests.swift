import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Field edits as session events")
struct FieldEditTests {
  @Test(
    "the user emptying the field is 'cleared' (seed 002's textFieldCleared()); other edits are text changes",
    .offThePool)
  func clearedOrChanged() {
    if case .cleared = FieldEdit.event(from: "J", to: TextSnapshot("")) {
    } else {
      Issue.record("expected .cleared")
    }
    if case .textChanged(let snapshot) = FieldEdit.event(from: "", to: TextSnapshot("J")) {
      #expect(snapshot.text == "J")
    } else {
      Issue.record("expected .textChanged")
    }
    if case .textChanged = FieldEdit.event(from: "", to: TextSnapshot("")) {
    } else {
      Issue.record("an empty field that stays empty is not a clear")
    }
  }

  @Test("through a session: Backspace to empty reports 'cleared' once", .offThePool)
  @MainActor
  func throughSession() {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(source: ListSource(["Jon"] as [AutocompleteItem])))
    var outputs: [SessionOutput] = []
    session.onOutput = { outputs.append($0) }
    var previous = ""
    for text in ["J", "Jo", "J", ""] {
      let snapshot = TextSnapshot(text)
      session.send(FieldEdit.event(from: previous, to: snapshot))
      previous = text
    }
    #expect(outputs.filter { $0 == .cleared }.count == 1)
    #expect(
      outputs.allSatisfy { output in
        if case .replaceText(let edit) = output { return edit.resultingText.isEmpty }
        return output == .cleared
      })
    #expect(session.state.text == "")
    #expect(!session.state.isOpen)
  }
}
