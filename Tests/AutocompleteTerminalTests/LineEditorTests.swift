import AutocompleteTerminal
import Testing

@Suite("LineEditor")
struct LineEditorTests {
  /// Applies keys to an editor and returns text with a "|" at the caret.
  private func edit(_ text: String, caret: Int? = nil, _ keys: [KeyEvent]) -> String {
    var editor = LineEditor(text: text, caret: caret)
    for key in keys { editor.apply(key) }
    var shown = editor.text
    shown.insert("|", at: shown.index(shown.startIndex, offsetBy: editor.caret))
    return shown
  }

  @Test("typing, moving and deleting")
  func basics() {
    #expect(edit("", [.character("P"), .character("a"), .paste("ris 東京")]) == "Paris 東京|")
    #expect(edit("Paris", [.left, .left, .backspace]) == "Pa|is")
    #expect(edit("Paris", [.home, .delete, .right]) == "a|ris")
    #expect(edit("Paris", [.control("a"), .character("X"), .control("e"), .character("!")]) == "XParis!|")
    #expect(edit("Paris", [.backspace, .backspace, .home, .backspace, .left]) == "|Par")
    #expect(edit("ab", [.end, .delete, .right]) == "ab|")
  }

  @Test("word and line deletions")
  func deletions() {
    #expect(edit("San Jose  ", [.control("w")]) == "San |")
    #expect(edit("San Jose", caret: 4, [.control("u")]) == "|Jose")
    #expect(edit("San Jose", caret: 3, [.control("k")]) == "San|")
    #expect(edit("San Jose del Cabo", caret: 3, [.alt("d")]) == "San| del Cabo")
    #expect(edit("San Jose del Cabo", caret: 9, [.alt("b"), .alt("b")]) == "|San Jose del Cabo")
    #expect(edit("San Jose", caret: 0, [.alt("f"), .alt("f")]) == "San Jose|")
  }

  @Test("clusters stay whole: emoji, ZWJ, combining marks")
  func clusters() {
    #expect(edit("a👨‍👩‍👧b", [.left, .backspace]) == "a|b")
    #expect(edit("e", [.character("\u{301}")]) == "e\u{301}|")
    #expect(LineEditor(text: "e", caret: 1).caret == 1)
    var editor = LineEditor(text: "e")
    editor.apply(.character("\u{301}"))
    #expect(editor.text == "é" && editor.caret == 1)
  }

  @Test("non-editing keys are not consumed")
  func nonEditing() {
    var editor = LineEditor(text: "x")
    for key in [KeyEvent.up, .down, .enter, .tab, .escape, .pageUp, .control("c"), .function(2)] {
      let consumed = editor.apply(key)
      #expect(!consumed, "\(key)")
    }
    #expect(editor == LineEditor(text: "x"))
    #expect(LineEditor(text: "abc", caret: 99).caret == 3)
    #expect(LineEditor(text: "abc", caret: -5).caret == 0)
  }
}
