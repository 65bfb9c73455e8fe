import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Mentions in a session: picks, edits around and inside, deletion, caret, undo")
@MainActor
struct MentionSessionTests {
  @Test("a pick inserts a mention with the row's id and payload, reported once", .offThePool)
  func pickInsertsMention() throws {
    let field = MentionField()
    field.type("Hi ")
    field.pick("@mo")
    #expect(field.text == "Hi @morgan ")
    let mention = try #require(field.mentions.first)
    #expect(mention.text == "@morgan")
    #expect(mention.trigger == "@")
    #expect(mention.id == "u1")
    #expect(mention.payload(as: AutocompleteItem.self)?.searchText == "Morgan Lee")
    #expect(field.text[mention.range] == "@morgan")
    #expect(mention.utf16Range == NSRange(location: 3, length: 7))
    #expect(field.changes == [MentionChange(added: [mention])])
    #expect(field.session.state.mentionedText.mentions == [mention])
    #expect(field.session.configuration.mentionStyle(for: mention) == "person")
  }

  @Test(
    "the inserted text: with the delimiter, without it, the first word, a replaced delimiter", .offThePool)
  func mentionTexts() {
    let without = MentionField(mentionText: .withoutDelimiter)
    without.pick("@mo")
    #expect(without.text == "morgan ")
    #expect(without.mentionTexts == ["morgan"])
    let first = MentionField(mentionText: .custom { $0.displayText })
    first.type("Hi ")
    first.pick("@mo")
    #expect(first.text == "Hi Morgan Lee ")
    #expect(first.mentionTexts == ["Morgan Lee"])
    let word = MentionField(mentionText: .firstWord)
    word.pick("@jo")
    #expect(word.mentionTexts == ["john"])
    let replaced = MentionField(replacesDelimiter: true)
    replaced.pick("@mo")
    #expect(replaced.text == "@morgan ")
    #expect(replaced.mentionTexts == ["@morgan"])
  }

  @Test("two mentions of two triggers, and a plain trigger next to them", .offThePool)
  func severalMentions() {
    let field = MentionField()
    field.pick("@mo")
    field.type("and ")
    field.pick("@jo")
    field.pick("#sw")
    #expect(field.text == "@morgan and @john #swift ")
    #expect(field.mentionTexts == ["@morgan", "@john", "#swift"])
    #expect(field.mentions.map(\.trigger) == ["@", "@", "#"])
  }

  @Test("edits before a mention shift it, in any script; edits after leave it", .offThePool)
  func editsAroundShift() {
    let field = MentionField()
    field.type("x ")
    field.pick("@mo")
    field.moveCaret(to: 0)
    field.type("👩‍👩‍👧 山田 שלום ")
    #expect(field.mentionTexts == ["@morgan"])
    let mention = field.mentions[0]
    #expect(field.text[mention.range] == "@morgan")
    #expect(mention.utf16Range.location == (field.text[..<mention.range.lowerBound] as Substring).utf16.count)
    field.moveCaret(to: field.text.count)
    field.type("bye")
    field.replace(characters: 0..<2, with: "")  // a deletion before
    #expect(field.mentionTexts == ["@morgan"])
    #expect(field.mentions[0].isInside(field.text))
  }

  @Test(
    "typing '@' right before a mention that starts with '@' is an edit before it, not inside", .offThePool)
  func ambiguousInsertion() {
    let field = MentionField()
    field.pick("@mo")
    field.moveCaret(to: 0)
    field.type("@")
    #expect(field.text == "@@morgan ")
    #expect(field.mentionTexts == ["@morgan"])
    #expect(field.mentions[0].range.lowerBound == field.index(1))
  }

  @Test("an edit inside dissolves the mention into plain text by default", .offThePool)
  func editInsideDissolves() {
    let field = MentionField()
    field.pick("@mo")
    field.replace(characters: 1..<7, with: "Morgan")  // autocorrect inside
    #expect(field.text == "@Morgan ")
    #expect(field.mentions.isEmpty)
    #expect(field.changes.last?.removed.map(\.text) == ["@morgan"])
  }

  @Test("removeWhole: an edit inside removes the rest of the mention and keeps what was typed", .offThePool)
  func editInsideRemovesWhole() {
    let field = MentionField(editing: .removeWhole)
    field.type("Hi ")
    field.pick("@mo")
    field.type("there")
    field.replace(characters: 5..<6, with: "X")  // "@mo[r]gan" → "@moXgan"
    #expect(field.text == "Hi X there")
    #expect(field.caret == 4)
    #expect(field.mentions.isEmpty)
  }

  @Test("two-step: the first Backspace selects the mention, the second deletes it", .offThePool)
  func twoStepBackspace() {
    let field = MentionField()
    field.type("Hi ")
    field.pick("@mo")
    field.backspace()  // the pick's space
    #expect(field.text == "Hi @morgan")
    field.backspace()
    #expect(field.text == "Hi @morgan")
    #expect(field.selection == 3..<10)
    #expect(field.session.state.mentionState.selectedMention?.text == "@morgan")
    #expect(field.mentionTexts == ["@morgan"])
    field.backspace()
    #expect(field.text == "Hi ")
    #expect(field.mentions.isEmpty)
  }

  @Test(
    "two-step in a front end without a visible selection: the second Backspace at the end deletes",
    .offThePool)
  func twoStepWithoutSelection() {
    let field = MentionField()
    field.pick("@mo")
    field.backspace()
    field.backspace()
    #expect(field.selection == 0..<7)
    field.moveCaret(to: 7)  // the terminal keeps a caret at the end
    #expect(field.session.state.mentionState.selectedMention != nil)
    field.backspace()
    #expect(field.text == "")
    #expect(field.mentions.isEmpty)
  }

  @Test("one-step deletes at once; characterwise deletes a character and dissolves", .offThePool)
  func otherDeletions() {
    let one = MentionField(deletion: .oneStep)
    one.type("a ")
    one.pick("@jo")
    one.backspace()
    one.backspace()
    #expect(one.text == "a ")
    #expect(one.caret == 2)
    let characterwise = MentionField(deletion: .characterwise)
    characterwise.pick("@jo")
    characterwise.backspace()
    characterwise.backspace()
    #expect(characterwise.text == "@joh")
    #expect(characterwise.mentions.isEmpty)
  }

  @Test("Delete right before a mention deletes it whole (one-step) or selects it (two-step)", .offThePool)
  func forwardDelete() {
    let one = MentionField(deletion: .oneStep)
    one.type("a ")
    one.pick("@jo")
    one.moveCaret(to: 2)
    one.forwardDelete()
    #expect(one.text == "a  ")
    let two = MentionField()
    two.pick("@jo")
    two.moveCaret(to: 0)
    two.forwardDelete()
    #expect(two.text == "@john ")
    #expect(two.selection == 0..<5)
  }

  @Test("Backspace that deletes only the combining mark at a mention's end deletes the mention", .offThePool)
  func decomposedEnd() {
    let field = MentionField(deletion: .oneStep)
    field.session.send(.mentionedTextLoaded(.mention("@jose\u{301}", trigger: "@", id: "u3")))
    #expect(field.mentionTexts == ["@jose\u{301}"])
    // Some keyboards delete one scalar: "@jose\u{301}" → "@jose".
    field.report(TextSnapshot("@jose"))
    #expect(field.text == "")
    #expect(field.mentions.isEmpty)
  }

  @Test("the caret never stays inside an atomic mention; a selection grows over it", .offThePool)
  func caretSnapping() {
    let field = MentionField()
    field.type("a ")
    field.pick("@morg")
    field.type("z")
    // "a @morgan z": the mention is characters 2..<9.
    field.moveCaret(to: 2)
    field.moveCaret(to: 3)  // → moving right, to the end
    #expect(field.caret == 9)
    field.moveCaret(to: 8)  // ← moving left, to the start
    #expect(field.caret == 2)
    field.moveCaret(to: 0)
    field.moveCaret(to: 4)  // a tap: the nearer edge
    #expect(field.caret == 2)
    field.select(0..<5)
    #expect(field.selection == 0..<9)
    field.select(4..<11)
    #expect(field.selection == 2..<11)
    #expect(field.outputs.contains { if case .moveSelection = $0 { true } else { false } })
    let free = MentionField(deletion: .characterwise)
    free.pick("@mo")
    free.moveCaret(to: 3)
    #expect(free.caret == 3)
  }

  @Test(
    "marked text is never rewritten: an edit inside dissolves even with removeWhole; no snapping", .offThePool
  )
  func composition() {
    let field = MentionField(editing: .removeWhole, deletion: .characterwise)
    field.pick("@mo")
    field.moveCaret(to: 3)
    field.replace(field.index(3)..<field.index(3), with: "や", composing: true)
    #expect(field.text == "@moやrgan ")
    #expect(field.mentions.isEmpty)
    let atomic = MentionField()
    atomic.pick("@mo")
    atomic.report(
      TextSnapshot(
        atomic.text, selection: atomic.index(3)..<atomic.index(3),
        markedRange: atomic.index(2)..<atomic.index(3)))
    #expect(atomic.caret == 3)
    // Composing right after a mention keeps it.
    let after = MentionField()
    after.pick("@mo")
    after.moveCaret(to: 7)
    after.replace(after.index(7)..<after.index(7), with: "か", composing: true)
    #expect(after.mentionTexts == ["@morgan"])
  }

  @Test("undo: the text coming back brings the mention back at its old place", .offThePool)
  func undoRestores() {
    let field = MentionField(deletion: .oneStep)
    field.type("Hi ")
    field.pick("@mo")
    let saved = field.snapshot
    field.backspace()
    field.backspace()
    #expect(field.mentions.isEmpty)
    field.type("x")
    field.report(saved)  // undo, undo
    #expect(field.mentionTexts == ["@morgan"])
    #expect(field.mentions[0].id == "u1")
    #expect(field.changes.last?.added.map(\.text) == ["@morgan"])
    // Typing the same text elsewhere restores nothing.
    let other = MentionField(deletion: .oneStep)
    other.pick("@mo")
    other.backspace()
    other.backspace()
    other.type("x @morgan ")
    #expect(other.mentions.isEmpty)
  }

  @Test("a dissolved mention comes back on undo too", .offThePool)
  func undoAfterDissolve() {
    let field = MentionField()
    field.pick("@mo")
    let saved = field.snapshot
    field.replace(characters: 1..<2, with: "M")
    #expect(field.mentions.isEmpty)
    field.report(saved)
    #expect(field.mentionTexts == ["@morgan"])
  }

  @Test("a paste over a mention removes it; cutting a part of one dissolves it", .offThePool)
  func pasteOver() {
    let field = MentionField()
    field.type("a ")
    field.pick("@mo")
    field.replace(characters: 0..<9, with: "pasted")
    #expect(field.text == "pasted ")
    #expect(field.mentions.isEmpty)
    #expect(field.changes.last?.removed.count == 1)
  }

  @Test("no token inside or right after a mention; '@' typed right after one starts a new token")
  func tokensAndMentions() async {
    let field = MentionField()
    field.pick("@mo")
    field.backspace()  // the space
    #expect(field.session.state.query == nil)
    field.type("@jo")
    #expect(field.session.state.query?.text == "jo")
    field.session.press(.down)
    field.session.press(.enter)
    #expect(field.text == "@morgan@john ")
    #expect(field.mentionTexts == ["@morgan", "@john"])
  }

  @Test(
    "loading saved text makes live mentions; the list stays closed; Backspace deletes them whole", .offThePool
  )
  func loading() throws {
    let field = MentionField(deletion: .oneStep)
    field.type("old")
    var saved = MentionedText("Hi ")
    saved.append(mention: "@morgan", trigger: "@", id: "u1")
    saved.append(" and ")
    saved.append(mention: "#swift", trigger: "#", id: "swift")
    field.session.send(.mentionedTextLoaded(saved))
    #expect(field.text == "Hi @morgan and #swift")
    #expect(field.session.state.mentionedText == saved)
    #expect(field.session.state.isOpen == false)
    #expect(field.changes.last?.added.count == 2)
    field.backspace()
    #expect(field.text == "Hi @morgan and ")
    #expect(field.mentionTexts == ["@morgan"])
  }

  @Test(
    "inserting a mention from code at the caret; a selection cutting a mention replaces it whole", .offThePool
  )
  func insertion() {
    let field = MentionField()
    field.type("Hi  there")
    field.moveCaret(to: 3)
    field.session.send(.mentionedTextInserted(.mention("@dev", trigger: "@", id: "u6")))
    #expect(field.text == "Hi @dev there")
    #expect(field.mentionTexts == ["@dev"])
    #expect(field.caret == 7)
    let cutting = MentionField(deletion: .characterwise)
    cutting.pick("@mo")
    cutting.select(2..<4)
    cutting.session.send(.mentionedTextInserted(.mention("@john", trigger: "@", id: "u2")))
    #expect(cutting.text == "@john ")
    #expect(cutting.mentionTexts == ["@john"])
    #expect(
      cutting.changes.last
        == MentionChange(
          added: [cutting.mentions[0]],
          removed: [
            Mention(
              range: "@morgan ".startIndex..<"@morgan ".index("@morgan ".startIndex, offsetBy: 7),
              in: "@morgan ", trigger: "@", id: "u1")
          ]))
  }

  @Test("the session's own Backspace key follows the deletion policy too", .offThePool)
  func backspaceKey() {
    let field = MentionField(deletion: .oneStep)
    field.type("a ")
    field.pick("@mo")
    field.session.press(.backspace)
    field.session.press(.backspace)
    #expect(field.text == "a ")
    #expect(field.mentions.isEmpty)
    let two = MentionField()
    two.pick("@mo")
    two.session.press(.backspace)
    two.session.press(.backspace)
    #expect(two.text == "@morgan")
    #expect(two.selection == 0..<7)
    two.session.press(.backspace)
    #expect(two.text == "")
  }

  @Test("clearing the field removes every mention", .offThePool)
  func clearing() {
    let field = MentionField()
    field.pick("@mo")
    field.session.send(.cleared)
    #expect(field.text == "")
    #expect(field.mentions.isEmpty)
    #expect(field.changes.last?.removed.count == 1)
  }
}

extension Mention {
  /// Whether the mention holds its text in `text`.
  func isInside(_ text: String) -> Bool {
    range.upperBound <= text.endIndex && text[range] == self.text
      && text.utf8[range].elementsEqual(self.text.utf8)
  }
}
