/// The text and caret of a terminal input line, edited by ``KeyEvent``s with the usual readline keys.
///
/// The terminal has no text field, so the front end owns the text: it applies editing keys here and
/// reports the new text and caret to the session, and forwards the other keys (↑/↓, Enter, Tab, Esc…)
/// to the session. The caret is an offset in Characters, so it never splits a grapheme cluster.
public struct LineEditor: Sendable, Equatable {
  /// The text.
  public private(set) var text: String
  /// The caret, as an offset in Characters into ``text`` (`0...text.count`).
  public private(set) var caret: Int

  /// Creates an editor; the caret defaults to the end and is clamped to the text.
  public init(text: String = "", caret: Int? = nil) {
    self.text = text
    self.caret = min(max(0, caret ?? text.count), text.count)
  }

  /// Replaces the text (for example with an edit from the session) and moves the caret, by default to
  /// the end.
  public mutating func setText(_ text: String, caret: Int? = nil) {
    self = LineEditor(text: text, caret: caret)
  }

  /// Applies an editing key and returns whether it was one (so that the caller forwards the others):
  ///
  /// - a character or a paste is inserted at the caret;
  /// - Backspace and Delete (or Ctrl-D) delete one character before or after the caret;
  /// - ←/→ (Ctrl-B/Ctrl-F) move one character, Alt-B/Alt-F one word; Home/End (Ctrl-A/Ctrl-E) go to the
  ///   start or the end;
  /// - Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the word before the caret, Alt-D the
  ///   word after it.
  ///
  /// Keys that change nothing (Backspace at the start) still count as editing keys.
  @discardableResult
  public mutating func apply(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character): insert(String(character))
    case .paste(let pasted): insert(pasted)
    case .backspace:
      if caret > 0 { remove(offsets: (caret - 1)..<caret) }
    case .delete, .control("d"):
      if caret < text.count { remove(offsets: caret..<(caret + 1)) }
    case .left, .control("b"): caret = max(0, caret - 1)
    case .right, .control("f"): caret = min(text.count, caret + 1)
    case .home, .control("a"): caret = 0
    case .end, .control("e"): caret = text.count
    case .control("u"): remove(offsets: 0..<caret)
    case .control("k"): remove(offsets: caret..<text.count)
    case .control("w"): remove(offsets: previousWordStart()..<caret)
    case .alt("d"): remove(offsets: caret..<nextWordEnd())
    case .alt("b"): caret = previousWordStart()
    case .alt("f"): caret = nextWordEnd()
    default: return false
    }
    return true
  }

  /// Inserts text at the caret and moves the caret after it.
  public mutating func insert(_ inserted: String) {
    guard !inserted.isEmpty else { return }
    let index = text.index(text.startIndex, offsetBy: caret)
    let before = text[..<index]
    let after = text[index...]
    text = before + inserted + after
    // Joining can merge clusters at the seams (a combining mark typed after a letter); count what
    // precedes the caret again.
    caret = min((before + inserted).count, text.count)
  }

  /// Removes the characters at `offsets`; the caret goes to where they began.
  private mutating func remove(offsets: Range<Int>) {
    guard !offsets.isEmpty else { return }
    let start = text.index(text.startIndex, offsetBy: offsets.lowerBound)
    let end = text.index(start, offsetBy: offsets.count)
    let before = text[..<start]
    text.removeSubrange(start..<end)
    caret = min(before.count, text.count)
  }

  /// The offset where the word before the caret starts (whitespace before the caret is skipped first).
  private func previousWordStart() -> Int {
    let characters = Array(text)
    var offset = caret
    while offset > 0, characters[offset - 1].isWhitespace { offset -= 1 }
    while offset > 0, !characters[offset - 1].isWhitespace { offset -= 1 }
    return offset
  }

  /// The offset where the word after the caret ends (whitespace after the caret is skipped first).
  private func nextWordEnd() -> Int {
    let characters = Array(text)
    var offset = caret
    while offset < characters.count, characters[offset].isWhitespace { offset += 1 }
    while offset < characters.count, !characters[offset].isWhitespace { offset += 1 }
    return offset
  }
}
