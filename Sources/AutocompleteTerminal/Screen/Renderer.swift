/// Turns successive ``ScreenBuffer``s into the ANSI output that updates a terminal from one to the next.
///
/// The first frame, a frame of a different size, and the frame after ``invalidate()`` are drawn in full
/// (clear, then every non-blank run). Later frames emit only the runs of cells that changed, each
/// preceded by a cursor move, so typing one character rewrites a few cells. The cursor is hidden while
/// drawing and shown at ``ScreenBuffer/cursor`` afterwards (or left hidden when that is `nil`). A frame
/// identical to the previous one emits nothing.
///
/// With ``Positioning/absolute`` the buffer is the whole screen (the alternate screen). With
/// ``Positioning/relative`` it is a region of lines starting where the cursor was when the first frame
/// was drawn (an inline picker under the shell prompt, like `fzf --height`): every move is relative,
/// a full redraw clears only the region's lines, and ``clearRegion()`` erases it on exit.
///
/// Output goes to any `TextOutputStream`, so tests can capture it in a `String`.
public struct Renderer: Sendable {
  /// How cursor positions are addressed.
  public enum Positioning: Sendable, Equatable {
    /// Absolute positions (`CSI row ; column H`) on the whole screen.
    case absolute
    /// Moves relative to the cursor, in a region whose top-left is where the cursor was at the start.
    case relative
  }

  /// Unchanged cells between two changed runs up to which the runs are merged (rewriting a few cells
  /// is shorter than a cursor move).
  private static let mergeGap = 4

  /// How cursor positions are addressed.
  public let positioning: Positioning
  /// The frame the terminal shows, or `nil` when unknown.
  public private(set) var current: ScreenBuffer?
  /// Where the terminal cursor is, relative to the region (relative positioning only).
  private var cursorRow = 0
  /// The cursor column, relative to the region (relative positioning only).
  private var cursorColumn = 0

  /// Whether colours are written; without them (`NO_COLOR`) cells keep bold, dim, underline and
  /// reverse video only.
  public let usesColor: Bool

  /// Creates a renderer that draws its first frame in full; `usesColor: false` drops colours.
  public init(positioning: Positioning = .absolute, usesColor: Bool = true) {
    self.positioning = positioning
    self.usesColor = usesColor
  }

  /// Forgets what the terminal shows, so that the next frame is drawn in full (after a resize, or when
  /// something else may have written to the terminal).
  public mutating func invalidate() {
    current = nil
  }

  /// Writes the output that updates the terminal to `frame`.
  public mutating func render(_ frame: ScreenBuffer, to output: inout some TextOutputStream) {
    output.write(update(to: frame))
  }

  /// Returns the output that updates the terminal to `frame`, and remembers `frame` as shown.
  public mutating func update(to frame: ScreenBuffer) -> String {
    defer { current = frame }
    var body = ""
    var style = CellStyle.plain
    if let previous = current, previous.columns == frame.columns, previous.rows == frame.rows {
      for row in 0..<frame.rows {
        for run in Self.changedRuns(from: previous, to: frame, row: row) {
          body += move(row: row, column: run.lowerBound)
          appendCells(of: frame, row: row, columns: run, style: &style, to: &body)
        }
      }
      if body.isEmpty && previous.cursor == frame.cursor { return "" }
    } else {
      switch positioning {
      case .absolute:
        body += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      case .relative:
        body += "\u{1B}[0m"
        for row in 0..<frame.rows { body += move(row: row, column: 0) + "\u{1B}[2K" }
      }
      for row in 0..<frame.rows {
        for run in Self.nonBlankRuns(of: frame, row: row) {
          body += move(row: row, column: run.lowerBound)
          appendCells(of: frame, row: row, columns: run, style: &style, to: &body)
        }
      }
    }
    var output = "\u{1B}[?25l" + body
    if style != .plain { output += CellStyle.plain.selectGraphicRendition }
    if let cursor = frame.cursor, frame.contains(row: cursor.row, column: cursor.column) {
      output += move(row: cursor.row, column: cursor.column) + "\u{1B}[?25h"
    }
    return output
  }

  /// For relative positioning: the output that erases the region and leaves the cursor at its
  /// top-left (call it before restoring the terminal, so the shell prompt continues there). Empty for
  /// absolute positioning, where leaving the alternate screen restores the old contents.
  public mutating func clearRegion() -> String {
    guard positioning == .relative else { return "" }
    current = nil
    return "\u{1B}[0m" + move(row: 0, column: 0) + "\u{1B}[J"
  }

  /// The output that moves the cursor to a cell, and the tracked position updated.
  private mutating func move(row: Int, column: Int) -> String {
    switch positioning {
    case .absolute:
      return "\u{1B}[\(row + 1);\(column + 1)H"
    case .relative:
      var output = ""
      if row < cursorRow { output += "\u{1B}[\(cursorRow - row)A" }
      if row > cursorRow { output += "\u{1B}[\(row - cursorRow)B" }
      if column != cursorColumn || !output.isEmpty {
        output += column == 0 ? "\r" : "\r\u{1B}[\(column)C"
      }
      cursorRow = row
      cursorColumn = column
      return output
    }
  }

  /// Appends the cells of a run with the SGR changes they need, and tracks the cursor after them.
  private mutating func appendCells(
    of frame: ScreenBuffer, row: Int, columns: Range<Int>, style: inout CellStyle, to output: inout String
  ) {
    for column in columns {
      let cell = frame[row, column]
      if cell.isContinuation { continue }
      var cellStyle = cell.style
      if !usesColor { cellStyle.foreground = nil }
      if cellStyle != style {
        output += cellStyle.selectGraphicRendition
        style = cellStyle
      }
      output += cell.content
    }
    cursorColumn = columns.upperBound
    if positioning == .relative && cursorColumn >= frame.columns {
      // After the last column the terminal waits to wrap; a carriage return keeps the position known.
      output += "\r"
      cursorColumn = 0
    }
  }

  /// The runs of columns in a row that differ, widened so that they never start or end inside a wide
  /// character, and merged across short gaps.
  private static func changedRuns(from old: ScreenBuffer, to new: ScreenBuffer, row: Int) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var column = 0
    while column < new.columns {
      guard old[row, column] != new[row, column] else {
        column += 1
        continue
      }
      var start = column
      var end = runEnd(from: column, columns: new.columns) { old[row, $0] != new[row, $0] }
      // Never start on a continuation cell (new or old), never end right after a wide lead cell.
      while start > 0, new[row, start].isContinuation || old[row, start].isContinuation { start -= 1 }
      while end < new.columns, new[row, end].isContinuation || old[row, end].isContinuation { end += 1 }
      if let last = runs.last, last.upperBound >= start {
        runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, end)
      } else {
        runs.append(start..<end)
      }
      column = end
    }
    return runs
  }

  /// The runs of a row that are not plain blanks (for a full redraw after clearing the screen).
  private static func nonBlankRuns(of frame: ScreenBuffer, row: Int) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var column = 0
    let blank = Cell.blank()
    while column < frame.columns {
      guard frame[row, column] != blank else {
        column += 1
        continue
      }
      let end = runEnd(from: column, columns: frame.columns) { frame[row, $0] != blank }
      runs.append(column..<end)
      column = end
    }
    return runs
  }

  /// Where a run that starts at the interesting column `start` ends: it takes in further interesting
  /// columns across gaps of at most ``mergeGap`` uninteresting ones.
  private static func runEnd(from start: Int, columns: Int, isInteresting: (Int) -> Bool) -> Int {
    var end = start + 1
    var gap = 0
    var probe = end
    while probe < columns {
      if isInteresting(probe) {
        end = probe + 1
        gap = 0
      } else {
        gap += 1
        if gap > mergeGap { break }
      }
      probe += 1
    }
    return end
  }
}
