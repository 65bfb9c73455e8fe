/// What ``PickerView`` drew, for the caller's next frame and for tests.
public struct PickerFrame: Sendable, Equatable {
  /// The first dropdown row shown; feed it back as ``PickerViewModel/firstVisibleRow`` so that the list
  /// scrolls smoothly.
  public var firstVisibleRow: Int
  /// The dropdown rows shown (empty when the dropdown is closed or has no room).
  public var visibleRows: Range<Int>
  /// Which side the dropdown opened on (`.below` or `.above`), or `nil` when nothing was drawn for it.
  public var placement: PickerLayout.Placement?
  /// The screen position of the caret, or `nil` when it is off screen.
  public var caret: CursorPosition?
  /// The screen row of each visible dropdown row, keyed by screen row (for mouse clicks).
  public var rowsByScreenRow: [Int: Int] = [:]

  /// The dropdown row drawn on screen row `screenRow`, or `nil` (a "more" line, the status, the input).
  public func row(atScreenRow screenRow: Int) -> Int? {
    rowsByScreenRow[screenRow]
  }

  /// Creates a frame description.
  public init(
    firstVisibleRow: Int, visibleRows: Range<Int>, placement: PickerLayout.Placement?,
    caret: CursorPosition?
  ) {
    self.firstVisibleRow = firstVisibleRow
    self.visibleRows = visibleRows
    self.placement = placement
    self.caret = caret
  }
}
