import AutocompleteCore
import AutocompleteTerminal
import TestSupport
import Testing

@MainActor
@Suite("Session picker with mentions: drawn in colour, deleted whole, caret stepping over them")
struct SessionPickerMentionTests {
  func makeComposer() -> SessionPickerController {
    makeController(
      SessionConfiguration(
        triggers: [
          SessionTrigger(
            "@", source: ListSource(sessionTestPeople), replacesDelimiter: true, insertsMention: true,
            mentionStyle: "person")
        ], minimumQueryLength: 0, highlightsFirstRow: true),
      style: SessionPickerStyle(mentionStyles: ["person": CellStyle(bold: true, foreground: .magenta)]))
  }

  @Test(
    "a picked mention is a span in its style; the selected one in reverse video; other text plain",
    .offThePool)
  func spans() {
    let composer = makeComposer()
    composer.type("Hi @ann")
    composer.press(.enter)
    #expect(composer.editor.text == "Hi @anna ")
    #expect(
      composer.viewModel().textSpans == [
        PickerViewModel.TextSpan(range: 3..<8, style: CellStyle(bold: true, foreground: .magenta))
      ])
    composer.press(.backspace, .backspace)  // the space, then the mention is selected
    #expect(composer.editor.text == "Hi @anna")
    #expect(composer.viewModel().textSpans.first?.style.reverse == true)
    #expect(composer.editor.caret == 8)
    composer.press(.backspace)
    #expect(composer.editor.text == "Hi ")
    #expect(composer.viewModel().textSpans.isEmpty)
  }

  @Test("the frame draws the mention's cells in its style", .offThePool)
  func frame() {
    let composer = makeComposer()
    composer.type("@bj")
    composer.press(.enter)
    var buffer = ScreenBuffer(columns: 30, rows: 4)
    PickerView(model: composer.viewModel()).render(into: &buffer)
    let row = (0..<30).map { buffer[0, $0] }
    let prompt = "> ".count
    #expect(row[prompt].content == "@")
    #expect(row[prompt].style.foreground == .magenta && row[prompt].style.bold)
    #expect(row[prompt + 5].content == "n" && row[prompt + 5].style.foreground == .magenta)
    #expect(row[prompt + 6].style.foreground == nil)
  }

  @Test("← and → step over a mention; a stored message loads with live mentions", .offThePool)
  func caretAndLoading() {
    let composer = makeComposer()
    var saved = MentionedText("x ")
    saved.append(mention: "@angel", trigger: "@", id: "7")
    saved.append(" y")
    composer.setMentionedText(saved)
    #expect(composer.editor.text == "x @angel y")
    #expect(composer.editor.caret == 10)
    #expect(composer.mentionedText == saved)
    composer.press(.left, .left, .left)
    #expect(composer.editor.caret == 2)
    composer.press(.right)
    #expect(composer.editor.caret == 8)
    composer.press(.control("w"))  // the word before the caret is the whole mention
    #expect(composer.editor.text == "x  y")
    #expect(composer.mentionedText.isPlain)
  }
}
