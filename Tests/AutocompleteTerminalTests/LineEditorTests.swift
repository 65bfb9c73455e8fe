import AutocompleteTerminal
import TestSupport
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

  @Test("typing, moving and deleting", .offThePool)
  func basics() {
    #expect(edit("", [.character("P"), .character("a"), .paste("ris 東京")]) == "Paris 東京|")
    #expect(edit("Paris", [.left, .left, .backspace]) == "Pa|is")
    #expect(edit("Paris", [.home, .delete, .right]) == "a|ris")
    #expect(edit("Paris", [.control("a"), .character("X"), .control("e"), .character("!")]) == "XParis!|")
    #expect(edit("Paris", [.backspace, .backspace, .home, .backspace, .left]) == "|Par")
    #expect(edit("ab", [.end, .delete, .right]) == "ab|")
  }

  @Test("word and line deletions", .offThePool)
  func deletions() {
    #expect(edit("San Jose  ", [.control("w")]) == "San |")
    #expect(edit("San Jose", caret: 4, [.control("u")]) == "|Jose")
    #expect(edit("San Jose", caret: 3, [.control("k")]) == "San|")
    #expect(edit("San Jose del Cabo", caret: 3, [.alt("d")]) == "San| del Cabo")
    #expect(edit("San Jose del Cabo", caret: 9, [.alt("b"), .alt("b")]) == "|San Jose del Cabo")
    #expect(edit("San Jose", caret: 0, [.alt("f"), .alt("f")]) == "San Jose|")
  }

  @Test("clusters stay whole: emoji, ZWJ, combining marks", .offThePool)
  func clusters() {
    #expect(edit("a👨‍👩‍👧b", [.left, .backspace]) == "a|b")
    #expect(edit("e", [.character("\u{301}")]) == "e\u{301}|")
    #expect(LineEditor(text: "e", caret: 1).caret == 1)
    var editor = LineEditor(text: "e")
    editor.apply(.character("\u{301}"))
    #expect(editor.text == "é" && editor.caret == 1)
  }

  @Test("non-editing keys are not consumed", .offThePool)
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

  /// The editor as it was before it kept an index: every key by Character offsets over the whole text.
  struct ReferenceEditor {
    var text: String
    var caret: Int

    mutating func apply(_ key: KeyEvent) {
      func remove(_ offsets: Range<Int>) {
        guard !offsets.isEmpty else { return }
        let start = text.index(text.startIndex, offsetBy: offsets.lowerBound)
        let end = text.index(start, offsetBy: offsets.count)
        let before = text[..<start]
        text.removeSubrange(start..<end)
        caret = min(before.count, text.count)
      }
      func wordStart() -> Int {
        let characters = Array(text)
        var offset = caret
        while offset > 0, characters[offset - 1].isWhitespace { offset -= 1 }
        while offset > 0, !characters[offset - 1].isWhitespace { offset -= 1 }
        return offset
      }
      func wordEnd() -> Int {
        let characters = Array(text)
        var offset = caret
        while offset < characters.count, characters[offset].isWhitespace { offset += 1 }
        while offset < characters.count, !characters[offset].isWhitespace { offset += 1 }
        return offset
      }
      switch key {
      case .character(let character):
        let index = text.index(text.startIndex, offsetBy: caret)
        let before = text[..<index]
        let after = text[index...]
        text = before + String(character) + after
        caret = min((before + String(character)).count, text.count)
      case .backspace: if caret > 0 { remove((caret - 1)..<caret) }
      case .delete: if caret < text.count { remove(caret..<(caret + 1)) }
      case .left: caret = max(0, caret - 1)
      case .right: caret = min(text.count, caret + 1)
      case .home: caret = 0
      case .end: caret = text.count
      case .control("u"): remove(0..<caret)
      case .control("k"): remove(caret..<text.count)
      case .control("w"): remove(wordStart()..<caret)
      case .alt("d"): remove(caret..<wordEnd())
      case .alt("b"): caret = wordStart()
      case .alt("f"): caret = wordEnd()
      default: break
      }
    }
  }

  @Test("random edits agree with the whole-text reference: text, caret and caret index", .offThePool)
  func randomEditsAgreeWithTheReference() {
    let characters: [Character] = [
      "a", "b", " ", "é", "e", "\u{301}", "\u{200D}", "👍", "🏽", "🇺", "🇸", "東", "क", "\u{94D}", "\r", "\n",
    ]
    let keys: [KeyEvent] = [
      .backspace, .delete, .left, .right, .home, .end, .control("u"), .control("k"), .control("w"), .alt("d"),
      .alt("b"), .alt("f"),
    ]
    var random = SplitMix(seed: 21)
    for round in 0..<2_000 {
      var editor = LineEditor()
      var reference = ReferenceEditor(text: "", caret: 0)
      var applied: [KeyEvent] = []
      for _ in 0..<30 {
        let key =
          Int.random(in: 0..<3, using: &random) == 0
          ? keys.randomElement(using: &random)! : .character(characters.randomElement(using: &random)!)
        applied.append(key)
        editor.apply(key)
        reference.apply(key)
        let expectedIndex = editor.text.index(
          editor.text.startIndex, offsetBy: min(editor.caret, editor.text.count))
        guard editor.text == reference.text, editor.caret == reference.caret,
          editor.caretIndex == expectedIndex
        else {
          Issue.record(
            "round \(round): \(applied) gives \(editor.text.unicodeScalars.map(\.value)) caret \(editor.caret), expected \(reference.text.unicodeScalars.map(\.value)) caret \(reference.caret)"
          )
          return
        }
      }
    }
  }
}
