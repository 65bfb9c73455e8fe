/// A grid of cells that a view draws into and a ``Renderer`` turns into terminal output.
///
/// Drawing clips to the grid and never splits a wide character: writing over half of one blanks the
/// other half. A tab is drawn as one space, other control characters as U+FFFD; zero-width clusters
/// are skipped.
public struct ScreenBuffer: Sendable, Equatable {
  /// The width in columns.
  public let columns: Int
  /// The height in rows.
  public let rows: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Where the terminal cursor goes (the caret), or `nil` to hide it.
  public var cursor: CursorPosition?

  /// Creates a blank buffer; negative sizes count as 0.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: .blank(), count: self.columns * self.rows)
    cursor = nil
  }

  /// The cell at a position; positions outside the grid read as blank.
  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank() }
    return cells[row * columns + column]
  }

  /// Whether a position is inside the grid.
  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Blanks every cell and hides the cursor.
  public mutating func clear() {
    for index in cells.indices { cells[index] = .blank() }
    cursor = nil
  }

  /// Fills columns `columnRange` of a row with blanks in `style` (clipped to the grid).
  public mutating func fill(row: Int, columns columnRange: Range<Int>, style: CellStyle = .plain) {
    guard row >= 0, row < rows else { return }
    let lower = max(0, columnRange.lowerBound)
    let upper = min(columns, columnRange.upperBound)
    guard lower < upper else { return }
    for column in lower..<upper { set(.blank(style), row: row, column: column) }
  }

  /// Draws text starting at a position, clipped at `limit` (exclusive; the right edge by default), and
  /// returns the column after the last cell drawn. A wide character that does not fit is replaced by
  /// blanks up to the limit.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil
  ) -> Int {
    var column = column
    for character in text {
      column = write(character, row: row, column: column, style: style, limit: limit)
    }
    return column
  }

  /// Draws one grapheme cluster, clipped like the text variant, and returns the column after it.
  @discardableResult
  public mutating func write(
    _ character: Character, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil
  ) -> Int {
    let limit = min(limit ?? columns, columns)
    var content = character == "\t" ? " " : String(character)
    var width = character == "\t" ? 1 : DisplayWidth.of(character)
    if width == 0 {
      guard Self.isControl(character) else { return column }
      content = "\u{FFFD}"
      width = 1
    }
    guard column < limit else { return column }
    if column + width > limit {
      fill(row: row, columns: column..<limit, style: style)
      return limit
    }
    if column >= 0 {
      set(Cell(content: content, width: width, style: style), row: row, column: column)
      if width == 2 { set(.continuation(style), row: row, column: column + 1) }
    }
    return column + width
  }

  /// Whether a cluster is a control character (drawn as U+FFFD).
  private static func isControl(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    switch first.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// Stores a cell, blanking the other half of any wide character it overwrites.
  private mutating func set(_ cell: Cell, row: Int, column: Int) {
    guard contains(row: row, column: column) else { return }
    let index = row * columns + column
    let old = cells[index]
    if old.isContinuation, !cell.isContinuation, column > 0, cells[index - 1].width == 2 {
      cells[index - 1] = .blank(cells[index - 1].style)
    }
    if old.width == 2, column + 1 < columns, !(cell.width == 2) {
      cells[index + 1] = .blank(cells[index + 1].style)
    }
    cells[index] = cell
  }

  /// The text of one row (continuation cells skipped), without trailing spaces.
  public func plainLine(_ row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    var line = ""
    for column in 0..<columns {
      line += cells[row * columns + column].content
    }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// The screen as text, one line per row, trailing spaces trimmed; trailing empty lines are kept so
  /// that the row count is visible.
  public var plainText: String {
    (0..<rows).map(plainLine).joined(separator: "\n")
  }

  /// The screen as text with style markers, one line per row, for snapshot tests: `[b]` bold, `[d]` dim,
  /// `[u]` underline, `[r]` reverse, `[red]` (any ``TerminalColor``) a colour, each closed by `[/b]` and
  /// so on when the attribute ends. Trailing plain spaces are trimmed; styled spaces are kept.
  public var styledText: String {
    (0..<rows).map(styledLine).joined(separator: "\n")
  }

  /// One row of ``styledText``.
  public func styledLine(_ row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    let rowCells = cells[(row * columns)..<((row + 1) * columns)]
    var end = rowCells.endIndex
    while end > rowCells.startIndex, rowCells[end - 1] == .blank() { end -= 1 }
    var line = ""
    var current = CellStyle.plain
    for cell in rowCells[rowCells.startIndex..<end] {
      if cell.style != current {
        line += Self.markers(from: current, to: cell.style)
        current = cell.style
      }
      line += cell.content
    }
    line += Self.markers(from: current, to: .plain)
    return line
  }

  /// The markers that close the attributes `old` has and `new` lacks, then open the new ones.
  private static func markers(from old: CellStyle, to new: CellStyle) -> String {
    var closing = ""
    var opening = ""
    let flags: [(KeyPath<CellStyle, Bool>, String)] = [
      (\.bold, "b"), (\.dim, "d"), (\.underline, "u"), (\.reverse, "r"),
    ]
    if old.foreground != new.foreground, let colour = old.foreground { closing += "[/\(colour.name)]" }
    for (flag, name) in flags.reversed() where old[keyPath: flag] && !new[keyPath: flag] {
      closing += "[/\(name)]"
    }
    for (flag, name) in flags where !old[keyPath: flag] && new[keyPath: flag] {
      opening += "[\(name)]"
    }
    if old.foreground != new.foreground, let colour = new.foreground { opening += "[\(colour.name)]" }
    return closing + opening
  }
}
