import AutocompleteCore
import AutocompletePresentation
import TestSupport
import Testing

@Suite("Field input tracker: the events a field controller sends")
@MainActor
struct FieldInputTrackerTests {
  static let names: [AutocompleteItem] = ["Jon Snow", "Jonah", "Joffrey Baratheon"]

  static func session(_ outputs: @escaping (SessionOutput) -> Void = { _ in }) -> AutocompleteSession {
    let session = AutocompleteSession(configuration: SessionConfiguration(source: ListSource(names)))
    session.onOutput = outputs
    return session
  }

  @Test(
    "editing begins on text already typed: focus, the text and a search, so the list opens at once",
    .offThePool)
  func beginsWithText() {
    let session = Self.session()
    var tracker = FieldInputTracker()
    let events = tracker.editingBegan(with: TextSnapshot("jo"))
    #expect(events.count == 3)
    for event in events { session.send(event) }
    #expect(session.state.isFocused)
    #expect(session.state.isOpen)
    #expect(session.state.suggestions.count == 3)
    #expect(tracker.reportedText == "jo")
  }

  @Test(
    "the user emptying the field is one 'cleared'; text set by a pick is not the user's edit", .offThePool)
  func clearedOnce() {
    var outputs: [SessionOutput] = []
    let session = Self.session { outputs.append($0) }
    var tracker = FieldInputTracker()
    for event in tracker.editingBegan(with: TextSnapshot("")) { session.send(event) }
    for text in ["J", "Jo", "J", ""] { session.send(tracker.edited(to: TextSnapshot(text))) }
    #expect(outputs.filter { $0 == .cleared }.count == 1)
    session.send(tracker.edited(to: TextSnapshot("jo")))
    session.press(.down)
    session.press(.enter)
    guard
      case .replaceText(let edit)? = outputs.last(where: { if case .replaceText = $0 { true } else { false } }
      )
    else {
      Issue.record("the pick replaced no text")
      return
    }
    tracker.textSet(to: edit.resultingText)
    #expect(tracker.reportedText == "Jonah")
    // The field echoes the text the session set: no event changes anything, no clear.
    session.send(tracker.edited(to: edit.resultingSnapshot))
    #expect(session.state.text == "Jonah")
    #expect(outputs.filter { $0 == .cleared }.count == 1)
  }

  @Test("a caret move reported before its edit is not sent; one within the reported text is", .offThePool)
  func selectionAheadOfEdit() throws {
    let session = Self.session()
    var tracker = FieldInputTracker()
    for event in tracker.editingBegan(with: TextSnapshot("jo")) { session.send(event) }
    #expect(tracker.selectionMoved(to: TextSnapshot("jon")) == nil)
    let move = try #require(tracker.selectionMoved(to: TextSnapshot("jo", caretOffset: 1)))
    session.send(move)
    #expect(session.state.input.caretCharacterOffset == 1)
  }
}
