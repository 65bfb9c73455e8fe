/// The text and caret of a terminal input line, edited by ``KeyEvent``s with the usual readline keys.
///
/// The terminal has no text field, so the front end owns the text: it applies editing keys here and
/// reports the new text and caret to the session, and forwards the other keys (↑/↓, Enter, Tab, Esc…)
/// to the session. The caret is an offset in Characters, so it never splits a grapheme cluster.
///
/// The editor also keeps the caret as a `String.Index` (``caretIndex``) and moves both together, so
/// that a key costs what it changes, not a walk over the whole text: a 1 MB query stays as quick to
/// edit as a short one (copying the text on an insert is a `memcpy`).
public struct LineEditor: Sendable, Equatable {
  /// The text.
  public private(set) var text: String
  /// The caret, as an offset in Characters into ``text`` (`0...text.count`).
  public private(set) var caret: Int
  /// The caret as an index of ``text``: the position after ``caret`` Characters.
  public private(set) var caretIndex: String.Index

  /// Creates an editor; the caret defaults to the end and is clamped to the text.
  public init(text: String = "", caret: Int? = nil) {
    self.text = text
    if let caret {
      let index =
        text.index(text.startIndex, offsetBy: max(0, caret), limitedBy: text.endIndex) ?? text.endIndex
      self.caretIndex = index
      self.caret = index == text.endIndex ? text.count : max(0, caret)
    } else {
      self.caretIndex = text.endIndex
      self.caret = text.count
    }
  }

  /// Two editors are equal when their text and caret are.
  public static func == (lhs: LineEditor, rhs: LineEditor) -> Bool {
    lhs.text == rhs.text && lhs.caret == rhs.caret
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
      if caretIndex > text.startIndex { remove(text.index(before: caretIndex)..<caretIndex, count: 1) }
    case .delete, .shiftDelete, .control("d"):
      if caretIndex < text.endIndex { remove(caretIndex..<text.index(after: caretIndex), count: 0) }
    case .left, .control("b"):
      if caretIndex > text.startIndex { move(to: text.index(before: caretIndex), by: -1) }
    case .right, .control("f"):
      if caretIndex < text.endIndex { move(to: text.index(after: caretIndex), by: 1) }
    case .home, .control("a"): (caretIndex, caret) = (text.startIndex, 0)
    case .end, .control("e"):
      if caretIndex < text.endIndex { (caretIndex, caret) = (text.endIndex, text.count) }
    case .control("u"): remove(text.startIndex..<caretIndex, count: caret)
    case .control("k"): remove(caretIndex..<text.endIndex, count: 0)
    case .control("w"):
      let (start, count) = previousWordStart()
      remove(start..<caretIndex, count: count)
    case .alt("d"): remove(caretIndex..<nextWordEnd().index, count: 0)
    case .alt("b"):
      let (start, count) = previousWordStart()
      move(to: start, by: -count)
    case .alt("f"):
      let (end, count) = nextWordEnd()
      move(to: end, by: count)
    default: return false
    }
    return true
  }

  /// Inserts text at the caret and moves the caret after it.
  public mutating func insert(_ inserted: String) {
    guard !inserted.isEmpty else { return }
    let before = text[..<caretIndex]
    // Joining can merge clusters at the seam (a combining mark typed after a letter): only the last
    // cluster before the caret can merge with the insertion, so count that pair alone.
    let caretAfter = before.last.map { caret - 1 + (String($0) + inserted).count } ?? inserted.count
    let offset = text.utf8.distance(from: text.startIndex, to: caretIndex) + inserted.utf8.count
    text = before + inserted + text[caretIndex...]
    caretIndex = text.utf8.index(text.startIndex, offsetBy: offset)
    caret = caretAfter
    alignCaret()
  }

  /// After an edit merged clusters across the caret (a letter inserted before a combining mark, a
  /// character removed between an emoji and a joiner): the caret goes after the merged cluster.
  private mutating func alignCaret() {
    if caretIndex < text.endIndex, caretIndex.samePosition(in: text) == nil {
      caretIndex = text.index(after: caretIndex)
    }
  }

  /// Moves the caret to `index`, `delta` Characters from where it was.
  private mutating func move(to index: String.Index, by delta: Int) {
    caretIndex = index
    caret = max(0, caret + delta)
  }

  /// Removes `range`, whose part before the caret is `count` Characters; the caret goes to where the
  /// range began.
  private mutating func remove(_ range: Range<String.Index>, count: Int) {
    guard !range.isEmpty else { return }
    let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    text.removeSubrange(range)
    caretIndex = text.utf8.index(text.startIndex, offsetBy: offset)
    caret = max(0, caret - count)
    alignCaret()
  }

  /// Where the word before the caret starts (whitespace before the caret is skipped first), and how
  /// many Characters before the caret that is.
  private func previousWordStart() -> (index: String.Index, count: Int) {
    var index = caretIndex
    var count = 0
    while index > text.startIndex, text[text.index(before: index)].isWhitespace {
      index = text.index(before: index)
      count += 1
    }
    while index > text.startIndex, !text[text.index(before: index)].isWhitespace {
      index = text.index(before: index)
      count += 1
    }
    return (index, count)
  }

  /// Where the word after the caret ends (whitespace after the caret is skipped first), and how many
  /// Characters after the caret that is.
  private func nextWordEnd() -> (index: String.Index, count: Int) {
    var index = caretIndex
    var count = 0
    while index < text.endIndex, text[index].isWhitespace {
      index = text.index(after: index)
      count += 1
    }
    while index < text.endIndex, !text[index].isWhitespace {
      index = text.index(after: index)
      count += 1
    }
    return (index, count)
  }
}
