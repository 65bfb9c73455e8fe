/// Turns successive ``ScreenBuffer``s into the ANSI output that updates a terminal from one to the next.
///
/// The first frame, a frame of a different size, and the frame after ``invalidate()`` are drawn in full
/// (clear screen, then every non-blank run). Later frames emit only the runs of cells that changed, each
/// preceded by a cursor move, so typing one character rewrites a few cells. The cursor is hidden while
/// drawing and shown at ``ScreenBuffer/cursor`` afterwards (or left hidden when that is `nil`). A frame
/// identical to the previous one emits nothing.
///
/// Output goes to any `TextOutputStream`, so tests can capture it in a `String`.
public struct Renderer: Sendable {
  /// Unchanged cells between two changed runs up to which the runs are merged (rewriting a few cells
  /// is shorter than a cursor move).
  private static let mergeGap = 4

  /// The frame the terminal shows, or `nil` when unknown.
  public private(set) var current: ScreenBuffer?

  /// Creates a renderer that draws its first frame in full.
  public init() {}

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
          body += Self.moveCursor(row: row, column: run.lowerBound)
          Self.appendCells(of: frame, row: row, columns: run, style: &style, to: &body)
        }
      }
      if body.isEmpty && previous.cursor == frame.cursor { return "" }
    } else {
      body += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      for row in 0..<frame.rows {
        for run in Self.nonBlankRuns(of: frame, row: row) {
          body += Self.moveCursor(row: row, column: run.lowerBound)
          Self.appendCells(of: frame, row: row, columns: run, style: &style, to: &body)
        }
      }
    }
    var output = "\u{1B}[?25l" + body
    if style != .plain { output += CellStyle.plain.selectGraphicRendition }
    if let cursor = frame.cursor, frame.contains(row: cursor.row, column: cursor.column) {
      output += Self.moveCursor(row: cursor.row, column: cursor.column) + "\u{1B}[?25h"
    }
    return output
  }

  /// `ESC [ row ; column H` with one-based coordinates.
  private static func moveCursor(row: Int, column: Int) -> String {
    "\u{1B}[\(row + 1);\(column + 1)H"
  }

  /// Appends the cells of a run with the SGR changes they need.
  private static func appendCells(
    of frame: ScreenBuffer, row: Int, columns: Range<Int>, style: inout CellStyle, to output: inout String
  ) {
    for column in columns {
      let cell = frame[row, column]
      if cell.isContinuation { continue }
      if cell.style != style {
        output += cell.style.selectGraphicRendition
        style = cell.style
      }
      output += cell.content
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
      var end = column + 1
      var gap = 0
      var probe = end
      while probe < new.columns {
        if old[row, probe] != new[row, probe] {
          end = probe + 1
          gap = 0
        } else {
          gap += 1
          if gap > mergeGap { break }
        }
        probe += 1
      }
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
      var end = column + 1
      var gap = 0
      var probe = end
      while probe < frame.columns {
        if frame[row, probe] != blank {
          end = probe + 1
          gap = 0
        } else {
          gap += 1
          if gap > mergeGap { break }
        }
        probe += 1
      }
      runs.append(column..<end)
      column = end
    }
    return runs
  }
}
