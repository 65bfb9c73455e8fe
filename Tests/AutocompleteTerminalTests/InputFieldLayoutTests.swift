import AutocompleteTerminal
import TestSupport
import Testing

/// The single-line input field looks only at the clusters within a field's width of the caret
/// (issue 21 #9: a 1 MB query was laid out whole on every frame); the oracle is the layout of the
/// whole text, as it was done before.
@Suite("Input field layout around the caret")
struct InputFieldLayoutTests {
  /// The whole-text layout: every cluster's glyph and column, then the window that shows the caret.
  static func reference(prompt: String, text: String, caret: Int, ghost: String, width: Int) -> (
    line: String, caret: Int?
  ) {
    let (characters, caret) = referenceGlyphs(
      prompt: prompt, text: text, caret: caret, ghost: ghost, width: width)
    var buffer = ScreenBuffer(columns: width, rows: 1)
    var column = 0
    for character in characters { column = buffer.write(character, row: 0, column: column) }
    return (buffer.plainLine(0), caret)
  }

  static func referenceGlyphs(prompt: String, text: String, caret: Int, ghost: String, width: Int) -> (
    line: [Character], caret: Int?
  ) {
    func glyph(_ character: Character) -> (Character, Int) {
      if character == "\n" || character == "\r\n" || character == "\r" { return ("↵", 1) }
      if character == "\t" { return (" ", 1) }
      let width = character.displayWidth
      if width == 0, character.unicodeScalars.first?.properties.generalCategory == .control {
        return ("\u{FFFD}", 1)
      }
      return (character, width)
    }
    var prompt = prompt
    if prompt.displayWidth > max(0, width - 3) || prompt.displayWidth > width / 2 {
      prompt = String(
        prompt.prefix { _ in true }.reduce(into: "") { kept, character in
          if (kept + String(character)).displayWidth <= max(0, min(width - 3, width / 2)) {
            kept.append(character)
          }
        })
    }
    let promptWidth = prompt.displayWidth
    let fieldWidth = width - promptWidth
    guard fieldWidth > 0 else { return (Array(prompt), nil) }
    let content = (text + ghost).map(glyph)  // no cluster merges across the seam in these texts
    var starts: [Int] = []
    var column = 0
    for (_, width) in content {
      starts.append(column)
      column += width
    }
    let total = column
    let caretColumn = caret < starts.count ? starts[caret] : total
    let caretEnd = caretColumn + max(1, caret < content.count ? content[caret].1 : 1)
    var line = Array(prompt)
    if caretEnd <= fieldWidth {
      var used = 0
      let clipped = total > fieldWidth
      let limit = clipped && caretEnd < fieldWidth ? fieldWidth - 1 : fieldWidth
      for (character, width) in content {
        if used + width > limit { break }
        line.append(character)
        used += width
      }
      if clipped && limit < fieldWidth { line.append("…") }
      return (line, promptWidth + caretColumn)
    }
    let markerWidth = fieldWidth >= 3 ? 1 : 0
    let firstColumn = caretEnd - (fieldWidth - markerWidth)
    let first = starts.firstIndex { $0 >= firstColumn } ?? content.count
    let shownStart = first < starts.count ? starts[first] : total
    if markerWidth == 1 { line.append("…") }
    var used = markerWidth
    for (character, width) in content[first...] {
      if used + width > fieldWidth { break }
      line.append(character)
      used += width
    }
    return (line, promptWidth + markerWidth + caretColumn - shownStart)
  }

  /// The input line PickerView draws, and the caret column.
  static func drawn(prompt: String, text: String, caret: Int, ghost: String, width: Int, withIndex: Bool)
    -> (line: String, caret: Int?)
  {
    var model = PickerViewModel(prompt: prompt, text: text, caret: caret, ghostSuffix: ghost)
    if withIndex { model.caretIndex = text.index(text.startIndex, offsetBy: caret) }
    var buffer = ScreenBuffer(columns: width, rows: 3)
    let frame = PickerView(model: model).render(into: &buffer)
    return (buffer.plainLine(0), frame.caret?.column)
  }

  @Test(
    "random texts, carets and widths: the window around the caret draws what the whole text did", .offThePool)
  func agreesWithTheWholeTextLayout() {
    let characters: [String] = ["a", "b", " ", "東", "京", "👍", "é", "\t", "\n", "e\u{301}", "🇺🇸", "\u{7}"]
    var random = SplitMix(seed: 9)
    for round in 0..<3_000 {
      let length = Int.random(in: 0..<40, using: &random)
      let text = (0..<length).map { _ in characters.randomElement(using: &random)! }.joined()
      let caret = Int.random(in: 0...text.count, using: &random)
      let ghost = caret == text.count && Bool.random(using: &random) ? "ghost" : ""
      let width = Int.random(in: 1..<24, using: &random)
      let prompt = ["> ", "", "City: "].randomElement(using: &random)!
      let expected = Self.reference(prompt: prompt, text: text, caret: caret, ghost: ghost, width: width)
      for withIndex in [false, true] {
        let got = Self.drawn(
          prompt: prompt, text: text, caret: caret, ghost: ghost, width: width, withIndex: withIndex)
        if got.caret != expected.caret || got.line != expected.line {
          Issue.record(
            "round \(round): \(text.debugDescription) caret \(caret) width \(width) prompt \(prompt.debugDescription): \(got) vs \(expected)"
          )
          return
        }
      }
    }
  }
}
