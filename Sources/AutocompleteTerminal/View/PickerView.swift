/// Draws a ``PickerViewModel`` into a ``ScreenBuffer``.
///
/// From top to bottom (dropdown below): title (bold), header (dim), the input line(s) at
/// ``PickerLayout/anchorRow`` with the caret and dim ghost text, then the dropdown — a "↑ n more"
/// line, the visible rows (the highlighted one in reverse video with a "›" marker, a "•" on marked
/// rows, matched characters bold and green, details dim and right-aligned, action rows with a "+",
/// remembered picks with a clock, "◷"),
/// a "↓ n more" line — and the status line; the footer goes on the last screen row. When the dropdown opens above, it is drawn bottom-up
/// next to the input: status line, then the list, then the input. Text is cut with "…" by display
/// width, so CJK and emoji keep their real widths.
public struct PickerView: Sendable {
  /// The spinner frames of ``PickerViewModel/Status/loading(frame:)``.
  public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// What to draw.
  public var model: PickerViewModel
  /// Where to draw it.
  public var layout: PickerLayout

  /// Creates a view.
  public init(model: PickerViewModel, layout: PickerLayout = PickerLayout()) {
    self.model = model
    self.layout = layout
  }

  /// Clears `buffer`, draws the picker, places the buffer's cursor at the caret, and describes what
  /// was drawn.
  @discardableResult
  public func render(into buffer: inout ScreenBuffer) -> PickerFrame {
    buffer.clear()
    let width = buffer.columns
    let height = buffer.rows
    var frame = PickerFrame(
      firstVisibleRow: 0, visibleRows: 0..<0, placement: nil, caret: nil)
    guard width > 0, height > 0 else { return frame }

    let footerLines = model.footer != nil && height >= 3 ? 1 : 0
    let bottom = height - footerLines
    if let footer = model.footer, footerLines == 1 {
      buffer.write(
        footer.truncated(toColumns: width), row: height - 1, column: 0, style: CellStyle(dim: true))
    }

    let input = InputFieldLayout(model: model, width: width)
    let inputHeight = min(input.lines.count, bottom)
    let chrome = [
      model.title.map { ($0, CellStyle(bold: true)) },
      model.header.map { ($0, CellStyle(dim: true)) },
    ].compactMap { $0 }
    var anchor = max(layout.anchorRow, 0)
    anchor = min(anchor, max(0, bottom - inputHeight))

    // How much the dropdown needs, and where it goes.
    let statusText = Self.statusLine(model)
    let statusLines = statusText == nil ? 0 : 1
    let listCount = model.isOpen ? model.rows.count : 0
    let wantedList = min(listCount, layout.maximumListLines ?? Int.max)
    let needed = wantedList + statusLines
    let belowAnchor = min(max(anchor, chrome.count), max(0, bottom - inputHeight))
    let spaceBelow = bottom - (belowAnchor + inputHeight)
    // The title and header stay drawn above a list that opens upwards, however long it is.
    let spaceAbove = max(0, anchor - chrome.count)
    let placement: PickerLayout.Placement
    switch layout.placement {
    case .below: placement = .below
    case .above: placement = .above
    case .automatic:
      placement = needed <= spaceBelow || spaceBelow >= spaceAbove ? .below : .above
    }
    if placement == .below { anchor = belowAnchor }
    let space = placement == .below ? spaceBelow : spaceAbove
    // A row before the status line: on a tiny screen (`pick --height 3`) the row Enter would pick
    // is shown rather than "1/10".
    let shownStatus = min(statusLines, max(0, space - min(wantedList, 1)))
    let capacity = min(wantedList, space - shownStatus)
    let window = Self.scrollWindow(
      count: listCount, capacity: capacity, highlighted: model.highlightedRow, hint: model.firstVisibleRow)

    // The list lines, top to bottom.
    var listLines: [ListLine] = []
    let isBottomUp = placement == .above && layout.listsAboveBottomUp
    let later = window.moreBelow + (window.rows.upperBound == listCount ? 0 : model.unmadeRowCount)
    if isBottomUp {
      if later > 0 { listLines.append(.more("↑ \(later) more")) }
      for index in window.rows.reversed() { listLines.append(.row(index)) }
      if window.moreAbove > 0 { listLines.append(.more("↓ \(window.moreAbove) more")) }
    } else {
      if window.moreAbove > 0 { listLines.append(.more("↑ \(window.moreAbove) more")) }
      for index in window.rows { listLines.append(.row(index)) }
      if later > 0 { listLines.append(.more("↓ \(later) more")) }
    }
    var popup: [ListLine] = listLines
    if shownStatus == 1, let statusText {
      if placement == .below || isBottomUp {
        popup.append(.status(statusText))
      } else {
        popup.insert(.status(statusText), at: 0)
      }
    }

    // Input.
    for (offset, line) in input.lines.prefix(inputHeight).enumerated() {
      var column = line.startColumn
      for glyph in line.glyphs {
        column = buffer.write(glyph.character, row: anchor + offset, column: column, style: glyph.style)
      }
    }
    if let caret = input.caret, caret.line < inputHeight, caret.column < width {
      let position = CursorPosition(row: anchor + caret.line, column: caret.column)
      buffer.cursor = position
      frame.caret = position
    }

    // Dropdown and chrome.
    let popupTop = placement == .below ? anchor + inputHeight : anchor - popup.count
    for (offset, line) in popup.enumerated() {
      draw(line, row: popupTop + offset, into: &buffer)
      if case .row(let index) = line { frame.rowsByScreenRow[popupTop + offset] = index }
    }
    let chromeBottom = placement == .below ? anchor : popupTop
    for (offset, item) in chrome.reversed().enumerated() {
      let row = chromeBottom - 1 - offset
      guard row >= 0 else { break }
      buffer.write(item.0.truncated(toColumns: width), row: row, column: 0, style: item.1)
    }

    frame.firstVisibleRow = window.rows.lowerBound
    frame.visibleRows = window.rows
    frame.placement = popup.isEmpty ? nil : placement
    return frame
  }

  /// A line of the dropdown.
  private enum ListLine {
    /// A model row, by index.
    case row(Int)
    /// A "↑ n more" / "↓ n more" line.
    case more(String)
    /// The status line: text and style.
    case status((String, CellStyle))
  }

  /// Draws one dropdown line.
  private func draw(_ line: ListLine, row: Int, into buffer: inout ScreenBuffer) {
    let width = buffer.columns
    switch line {
    case .more(let text):
      buffer.write(
        text.truncated(toColumns: max(0, width - 2)), row: row, column: 2, style: CellStyle(dim: true))
    case .status(let (text, style)):
      buffer.write(text.truncated(toColumns: max(0, width - 2)), row: row, column: 2, style: style)
    case .row(let index):
      drawRow(model.rows[index], isHighlighted: index == model.highlightedRow, row: row, into: &buffer)
    }
  }

  /// Draws a suggestion or action row across the full width.
  private func drawRow(
    _ item: PickerViewModel.Row, isHighlighted: Bool, row: Int, into buffer: inout ScreenBuffer
  ) {
    let width = buffer.columns
    let base = CellStyle(reverse: isHighlighted)
    buffer.fill(row: row, columns: 0..<width, style: base)
    if isHighlighted { buffer.write("›", row: row, column: 0, style: base) }
    if item.isMarked { buffer.write("•", row: row, column: 1, style: base.merging(CellStyle(bold: true))) }
    var column = 2
    let available = width - column - 1
    guard available > 0 else { return }
    // Only what can show is measured and styled: a 100 MB line costs one screen row, not its length.
    var glyphs: [(Character, CellStyle)] = []
    if item.isAction { glyphs += [("+", base), (" ", base)] }
    if item.isRecent { glyphs += [("◷", base.merging(CellStyle(dim: true))), (" ", base)] }
    let bold = base.merging(CellStyle(bold: true, foreground: .green))
    let title = item.title
    let highlights = item.highlights.sorted { $0.lowerBound < $1.lowerBound }
    var nextHighlight = 0
    var titleWidth = glyphs.count
    var index = title.startIndex
    while index < title.endIndex, titleWidth <= available {
      while nextHighlight < highlights.count, highlights[nextHighlight].upperBound <= index {
        nextHighlight += 1
      }
      let isMatch = nextHighlight < highlights.count && highlights[nextHighlight].lowerBound <= index
      let character = title[index]
      glyphs.append((character, isMatch ? bold : base))
      titleWidth += character.displayWidth
      index = title.index(after: index)
    }
    // `titleWidth` is exact when the whole title was read, else more than `available` (it is cut).
    var titleLimit = available
    var detailText: String?
    if let detail = item.detail, !detail.isEmpty {
      let detailWidth = detail.prefix(fittingColumns: available + 1).displayWidth
      if titleWidth + 2 + detailWidth <= available {
        detailText = detail
      } else if available - detailWidth - 2 >= max(8, available / 2) {
        detailText = detail
        titleLimit = available - detailWidth - 2
      } else if available - titleWidth - 2 >= 4 {
        detailText = detail.truncated(toColumns: available - titleWidth - 2)
      }
    }
    // Title, cut with "…" when it does not fit.
    var limit = titleLimit
    if titleWidth > titleLimit { limit = titleLimit - 1 }
    var used = 0
    for (character, style) in glyphs {
      let characterWidth = character.displayWidth
      if used + characterWidth > limit { break }
      column = buffer.write(character, row: row, column: column, style: style)
      used += characterWidth
    }
    if titleWidth > titleLimit { buffer.write("…", row: row, column: column, style: base) }
    if let detailText {
      let detailColumn = width - 1 - detailText.displayWidth
      buffer.write(detailText, row: row, column: detailColumn, style: base.merging(CellStyle(dim: true)))
    }
  }

  /// The status line text and style, or `nil` for no line.
  static func statusLine(_ model: PickerViewModel) -> (String, CellStyle)? {
    let status = model.status
    let dim = CellStyle(dim: true)
    switch status {
    case .none:
      return nil
    case .loading(let frame):
      let count = spinnerFrames.count
      let spinner = spinnerFrames[((frame % count) + count) % count]
      return ("\(spinner) Searching…", dim)
    case .stalled:
      return ("… Still searching; results may be out of date", dim)
    case .noResults:
      return ("No results", dim)
    case .failed(let message):
      let oneLine = message.map { $0.isNewline ? " " : $0 }
      return ("✗ " + String(oneLine), CellStyle(foreground: .red))
    case .count(let shown, let total):
      if let items = model.itemCount {
        let marked = model.markedCount > 0 ? " (\(model.markedCount))" : ""
        return ("\(total ?? shown)/\(items)\(marked)", dim)
      }
      if let total { return ("\(shown)/\(total)", dim) }
      return ("\(shown) \(shown == 1 ? "match" : "matches")", dim)
    }
  }

  /// The rows of the list that fit in `capacity` lines (the "more" indicators take a line each), kept
  /// as close to `hint` as possible while showing `highlighted`.
  static func scrollWindow(
    count: Int, capacity: Int, highlighted: Int?, hint: Int
  ) -> (rows: Range<Int>, moreAbove: Int, moreBelow: Int) {
    guard count > 0, capacity > 0 else { return (0..<0, 0, 0) }
    guard count > capacity else { return (0..<count, 0, 0) }
    // An index outside the list highlights nothing and does not move the window.
    let highlighted = highlighted.flatMap { (0..<count).contains($0) ? $0 : nil }
    guard capacity >= 3 else {
      var first = min(max(hint, 0), count - capacity)
      if let highlighted {
        if highlighted < first { first = highlighted }
        if highlighted >= first + capacity { first = highlighted - capacity + 1 }
      }
      return (first..<(first + capacity), 0, 0)
    }
    var first = min(max(hint, 0), count - 1)
    var result = (rows: 0..<0, moreAbove: 0, moreBelow: 0)
    for _ in 0..<8 {
      var slots = capacity - (first > 0 ? 1 : 0)
      let hasMoreBelow = first + slots < count
      if hasMoreBelow { slots -= 1 }
      result = (first..<min(count, first + slots), first, max(0, count - first - slots))
      if let highlighted, highlighted < first {
        first = highlighted
        continue
      }
      if let highlighted, highlighted >= first + slots {
        first = highlighted - slots + 1
        continue
      }
      if !hasMoreBelow, first > 0, first + slots > count {
        first = count - (capacity - 1)
        continue
      }
      break
    }
    return result
  }
}
