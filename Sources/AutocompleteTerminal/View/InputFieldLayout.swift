/// The input field of the picker laid out into screen lines: prompt, text, dim ghost suffix and the
/// caret, scrolled so that the caret is visible.
struct InputFieldLayout {
  /// One styled grapheme cluster.
  struct Glyph {
    /// The cluster.
    var character: Character
    /// Its style.
    var style: CellStyle
    /// Its width in columns.
    var width: Int
  }

  /// A screen line of the field: the glyphs to draw from ``startColumn``.
  struct Line {
    /// The column of the first glyph.
    var startColumn: Int
    /// The glyphs.
    var glyphs: [Glyph]
  }

  /// The style of the prompt.
  static let promptStyle = CellStyle(bold: true)
  /// The style of the ghost suffix.
  static let ghostStyle = CellStyle(dim: true)
  /// The style of the scroll markers.
  static let markerStyle = CellStyle(dim: true)

  /// The lines to draw, top to bottom (at least one).
  var lines: [Line]
  /// The caret as (line index, column), or `nil` when there is no room for it.
  var caret: (line: Int, column: Int)?

  /// Lays out the field of `model` in `width` columns.
  init(model: PickerViewModel, width: Int) {
    let width = max(0, width)
    var prompt = model.prompt
    if prompt.displayWidth > max(0, width - 3) || prompt.displayWidth > width / 2 {
      prompt = String(prompt.prefix(fittingColumns: max(0, min(width - 3, width / 2))))
    }
    let promptGlyphs = Self.glyphs(prompt, style: Self.promptStyle)
    let promptWidth = prompt.displayWidth
    let fieldWidth = width - promptWidth
    let text = model.text
    let caretIndex =
      model.caretIndex
      ?? text.index(text.startIndex, offsetBy: max(0, model.caret), limitedBy: text.endIndex) ?? text.endIndex
    switch model.inputStyle {
    case .singleLine:
      self = Self.singleLine(
        prompt: promptGlyphs, promptWidth: promptWidth, text: text, caret: caretIndex,
        ghost: model.ghostSuffix,
        fieldWidth: fieldWidth,
        style: { offset in Self.style(atCharacter: max(0, model.caret) + offset, spans: model.textSpans) })
    case .multiLine(let maximumLines):
      // One glyph per Character of the text, so the caret offset is a glyph index.
      var content = Self.glyphs(text, style: .plain)
      for index in content.indices {
        content[index].style = Self.style(atCharacter: index, spans: model.textSpans)
      }
      content += Self.glyphs(model.ghostSuffix, style: Self.ghostStyle)
      self = Self.multiLine(
        prompt: promptGlyphs, promptWidth: promptWidth, content: content,
        caretGlyph: text.distance(from: text.startIndex, to: caretIndex), fieldWidth: fieldWidth,
        maximumLines: max(1, maximumLines))
    }
  }

  /// Creates a layout from its parts.
  private init(lines: [Line], caret: (line: Int, column: Int)?) {
    self.lines = lines
    self.caret = caret
  }

  /// The glyphs of a text: newlines kept (as `"\n"`) for the multi-line layout to break on, tabs as
  /// spaces, other control characters as U+FFFD; zero-width clusters keep width 0 (the buffer skips
  /// them).
  private static func glyphs(_ text: String, style: CellStyle) -> [Glyph] {
    text.map { glyph($0, style: style) }
  }

  /// The style of the text's Character `offset`: plain, merged with every span (mentions) that holds
  /// it.
  private static func style(atCharacter offset: Int, spans: [PickerViewModel.TextSpan]) -> CellStyle {
    spans.reduce(CellStyle.plain) { $1.range.contains(offset) ? $0.merging($1.style) : $0 }
  }

  /// The glyph of one cluster (see ``glyphs(_:style:)``).
  private static func glyph(_ character: Character, style: CellStyle) -> Glyph {
    if character == "\n" || character == "\r\n" || character == "\r" {
      return Glyph(character: "\n", style: style, width: 0)
    }
    if character == "\t" { return Glyph(character: " ", style: style, width: 1) }
    let width = character.displayWidth
    if width == 0, character.unicodeScalars.first?.properties.generalCategory == .control {
      return Glyph(character: "\u{FFFD}", style: style, width: 1)
    }
    return Glyph(character: character, style: style, width: width)
  }

  /// The glyph of one cluster on a single line, where a newline shows as "↵".
  private static func singleLineGlyph(_ character: Character, style: CellStyle) -> Glyph {
    let glyph = glyph(character, style: style)
    return glyph.character == "\n" ? Glyph(character: "↵", style: style, width: 1) : glyph
  }

  /// One line scrolled horizontally: when the caret would fall outside the field, the text starts
  /// with a dim "…" and is shifted left so that the caret sits in the last column.
  ///
  /// Only the clusters within a field's width of the caret are looked at (walking both ways from
  /// `caret`), so a huge text costs what the line shows. `style` gives the style of the text's Character that is `offset` Characters from the caret
  /// (negative before it).
  private static func singleLine(
    prompt: [Glyph], promptWidth: Int, text: String, caret: String.Index, ghost: String, fieldWidth: Int,
    style: (_ offset: Int) -> CellStyle
  ) -> InputFieldLayout {
    guard fieldWidth > 0 else {
      return InputFieldLayout(lines: [Line(startColumn: 0, glyphs: prompt)], caret: nil)
    }
    // After the caret: the text, then the ghost suffix, until more than the field's width (plus the
    // two columns a wide caret glyph may push out of a tiny field).
    var after: [Glyph] = []
    var afterWidth = 0
    var index = caret
    while index < text.endIndex && afterWidth <= fieldWidth + 2 {
      after.append(singleLineGlyph(text[index], style: style(after.count)))
      afterWidth += after[after.count - 1].width
      index = text.index(after: index)
    }
    var ghostIndex = ghost.startIndex
    while ghostIndex < ghost.endIndex && afterWidth <= fieldWidth + 2 {
      after.append(singleLineGlyph(ghost[ghostIndex], style: ghostStyle))
      afterWidth += after[after.count - 1].width
      ghostIndex = ghost.index(after: ghostIndex)
    }
    // The caret cell must show the whole character under it (two columns for a wide one).
    let caretWidth = max(1, after.first?.width ?? 1)
    // Before the caret, nearest first, until more than the field's width.
    var before: [Glyph] = []
    var beforeWidth = 0
    index = caret
    while index > text.startIndex && beforeWidth <= fieldWidth {
      index = text.index(before: index)
      before.append(singleLineGlyph(text[index], style: style(-1 - before.count)))
      beforeWidth += before[before.count - 1].width
    }
    var glyphs = prompt
    if index == text.startIndex && beforeWidth + caretWidth <= fieldWidth {
      // From the start: `beforeWidth` is the caret's column.
      var used = 0
      let clipped = beforeWidth + afterWidth > fieldWidth
      let limit = clipped && beforeWidth + caretWidth < fieldWidth ? fieldWidth - 1 : fieldWidth
      for glyph in before.reversed() + after {
        if used + glyph.width > limit { break }
        glyphs.append(glyph)
        used += glyph.width
      }
      if clipped && limit < fieldWidth {
        glyphs.append(Glyph(character: "…", style: markerStyle, width: 1))
      }
      return InputFieldLayout(
        lines: [Line(startColumn: 0, glyphs: glyphs)], caret: (0, promptWidth + beforeWidth))
    }
    // Scrolled: the first glyph shown is the first that starts within `room` columns before the caret.
    let markerWidth = fieldWidth >= 3 ? 1 : 0
    let room = fieldWidth - markerWidth - caretWidth
    var shownBefore = 0
    var back = 0
    while shownBefore < before.count && back + before[shownBefore].width <= room {
      back += before[shownBefore].width
      shownBefore += 1
    }
    var shown = Array(before[..<shownBefore].reversed())
    var shownStart = -back  // relative to the caret's column
    if shownBefore == 0 {
      // Not even the glyph before the caret fits (a wide caret glyph in a tiny field): start after it.
      var forward = 0
      var first = 0
      while first < after.count && forward < -room {
        forward += after[first].width
        first += 1
      }
      after.removeFirst(first)
      shownStart = forward
    }
    shown += after
    if markerWidth == 1 { glyphs.append(Glyph(character: "…", style: markerStyle, width: 1)) }
    var used = markerWidth
    for glyph in shown {
      if used + glyph.width > fieldWidth { break }
      glyphs.append(glyph)
      used += glyph.width
    }
    let caretScreenColumn = promptWidth + markerWidth - shownStart
    return InputFieldLayout(lines: [Line(startColumn: 0, glyphs: glyphs)], caret: (0, caretScreenColumn))
  }

  /// Wrapped lines (breaking at newlines and at the field width), scrolled vertically to keep the
  /// caret line visible; continuation lines are indented under the text.
  private static func multiLine(
    prompt: [Glyph], promptWidth: Int, content: [Glyph], caretGlyph: Int, fieldWidth: Int,
    maximumLines: Int
  ) -> InputFieldLayout {
    guard fieldWidth > 0 else {
      return InputFieldLayout(lines: [Line(startColumn: 0, glyphs: prompt)], caret: nil)
    }
    // Where each line starts (glyph indices), breaking after the last space that fits when possible.
    var lineStarts = [0]
    var column = 0
    var breakAfterSpace: Int?
    var index = 0
    while index < content.count {
      let glyph = content[index]
      if glyph.character == "\n" {
        lineStarts.append(index + 1)
        column = 0
        breakAfterSpace = nil
        index += 1
        continue
      }
      if column + glyph.width > fieldWidth, column > 0 {
        let lineStart = breakAfterSpace.flatMap { $0 > lineStarts[lineStarts.count - 1] ? $0 : nil } ?? index
        lineStarts.append(lineStart)
        column = content[lineStart..<index].reduce(0) { $0 + $1.width }
        breakAfterSpace = nil
        continue
      }
      column += glyph.width
      if glyph.character == " " { breakAfterSpace = index + 1 }
      index += 1
    }
    var wrapped: [[Glyph]] = []
    var caret: (line: Int, column: Int)?
    for (line, lineStart) in lineStarts.enumerated() {
      let lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] : content.count
      let glyphs = content[lineStart..<lineEnd].filter { $0.character != "\n" }
      if caret == nil, caretGlyph >= lineStart, caretGlyph < lineEnd || line == lineStarts.count - 1 {
        let offset = min(caretGlyph, lineEnd) - lineStart
        caret = (line, content[lineStart..<(lineStart + offset)].reduce(0) { $0 + $1.width })
      }
      wrapped.append(glyphs)
    }
    if let current = caret, current.column >= fieldWidth {
      // The caret after a full last line goes to the start of a new line.
      wrapped.append([])
      caret = (wrapped.count - 1, 0)
    }
    let caretLine = caret?.line ?? 0
    var first = max(0, wrapped.count - maximumLines)
    if caretLine < first { first = caretLine }
    let shown = wrapped[first..<min(wrapped.count, first + maximumLines)]
    var lines: [Line] = []
    for (offset, glyphs) in shown.enumerated() {
      let lineIndex = first + offset
      if lineIndex == 0 {
        lines.append(Line(startColumn: 0, glyphs: prompt + glyphs))
      } else if offset == 0 && promptWidth > 0 {
        let marker = Glyph(character: "…", style: markerStyle, width: 1)
        lines.append(Line(startColumn: 0, glyphs: [marker]))
        lines[lines.count - 1].glyphs +=
          Array(repeating: Glyph(character: " ", style: .plain, width: 1), count: promptWidth - 1) + glyphs
      } else {
        lines.append(Line(startColumn: promptWidth, glyphs: glyphs))
      }
    }
    let screenCaret = caret.map { (line: $0.line - first, column: promptWidth + $0.column) }
    return InputFieldLayout(lines: lines, caret: screenCaret)
  }
}
