import AutocompleteTerminal

/// How a screen is shared between the list and the preview pane (``PreviewWindow``): the list is
/// drawn into a buffer of its own size and placed (``place(_:into:)``), the separator line drawn
/// (``drawSeparator(into:)``), then the pane fills its part. The list keeps at least 10 columns or
/// 3 rows; the pane gets what is left of its share.
struct PreviewSplit: Equatable {
  /// A rectangle of the screen.
  struct Area: Equatable {
    var rows: Range<Int>
    var columns: Range<Int>
  }

  /// Where the list goes.
  let list: Area
  /// Where the pane's text goes (inside the separator).
  let pane: Area
  /// The separator: a row (up, down) or a column (left, right), or `nil` without a border.
  let separator: (isRow: Bool, index: Int, span: Range<Int>)?

  static func == (lhs: PreviewSplit, rhs: PreviewSplit) -> Bool {
    lhs.list == rhs.list && lhs.pane == rhs.pane && lhs.separator?.index == rhs.separator?.index
      && lhs.separator?.isRow == rhs.separator?.isRow
  }

  /// The split of a `columns` × `rows` screen for `window`.
  init(window: PreviewWindow, columns: Int, rows: Int) {
    let allRows = 0..<rows
    let allColumns = 0..<columns
    let border = window.hasBorder ? 1 : 0
    switch window.position {
    case .left, .right:
      let extent = window.extent(of: columns, minimumList: 10)
      let inner = max(0, extent - border)
      if window.position == .right {
        list = Area(rows: allRows, columns: 0..<(columns - extent))
        pane = Area(rows: allRows, columns: (columns - inner)..<columns)
        separator = extent > 0 && border > 0 ? (false, columns - extent, allRows) : nil
      } else {
        list = Area(rows: allRows, columns: extent..<columns)
        pane = Area(rows: allRows, columns: 0..<inner)
        separator = extent > 0 && border > 0 ? (false, extent - 1, allRows) : nil
      }
    case .up, .down:
      let extent = window.extent(of: rows, minimumList: 3)
      let inner = max(0, extent - border)
      if window.position == .down {
        list = Area(rows: 0..<(rows - extent), columns: allColumns)
        pane = Area(rows: (rows - inner)..<rows, columns: allColumns)
        separator = extent > 0 && border > 0 ? (true, rows - extent, allColumns) : nil
      } else {
        list = Area(rows: extent..<rows, columns: allColumns)
        pane = Area(rows: 0..<inner, columns: allColumns)
        separator = extent > 0 && border > 0 ? (true, extent - 1, allColumns) : nil
      }
    }
  }

  /// Copies `listBuffer` (drawn at the list's size) into its place in `buffer`, with its cursor.
  func place(_ listBuffer: ScreenBuffer, into buffer: inout ScreenBuffer) {
    for row in 0..<listBuffer.rows {
      for column in 0..<listBuffer.columns {
        let cell = listBuffer[row, column]
        guard !cell.isContinuation, let character = cell.content.first else { continue }
        buffer.write(
          character, row: list.rows.lowerBound + row, column: list.columns.lowerBound + column,
          style: cell.style,
          limit: list.columns.upperBound)
      }
    }
    buffer.cursor = listBuffer.cursor.map {
      CursorPosition(row: $0.row + list.rows.lowerBound, column: $0.column + list.columns.lowerBound)
    }
  }

  /// `frame` (of the list drawn alone) in screen coordinates.
  func placed(_ frame: PickerFrame) -> PickerFrame {
    var placed = frame
    placed.caret = frame.caret.map {
      CursorPosition(row: $0.row + list.rows.lowerBound, column: $0.column + list.columns.lowerBound)
    }
    placed.rowsByScreenRow = Dictionary(
      uniqueKeysWithValues: frame.rowsByScreenRow.map { ($0.key + list.rows.lowerBound, $0.value) })
    return placed
  }

  /// Draws the separator line, dim.
  func drawSeparator(into buffer: inout ScreenBuffer) {
    guard let separator else { return }
    for position in separator.span {
      if separator.isRow {
        buffer.write("─", row: separator.index, column: position, style: CellStyle(dim: true))
      } else {
        buffer.write("│", row: position, column: separator.index, style: CellStyle(dim: true))
      }
    }
  }
}
