/// One column of a ``ScreenBuffer``.
///
/// A wide character (CJK, emoji) occupies two cells: the first holds the cluster with width 2, the
/// second is a continuation cell (empty content, width 0).
public struct Cell: Sendable, Hashable {
  /// The grapheme cluster shown in this cell; a space for blank cells, empty for continuation cells.
  public var content: String
  /// The columns ``content`` takes: 1, 2 for a wide character, 0 for a continuation cell.
  public var width: Int
  /// How the cell is drawn.
  public var style: CellStyle

  /// Creates a cell.
  public init(content: String, width: Int, style: CellStyle = .plain) {
    self.content = content
    self.width = width
    self.style = style
  }

  /// A blank cell in the given style.
  public static func blank(_ style: CellStyle = .plain) -> Cell {
    Cell(content: " ", width: 1, style: style)
  }

  /// The continuation cell that follows a wide character.
  public static func continuation(_ style: CellStyle = .plain) -> Cell {
    Cell(content: "", width: 0, style: style)
  }

  /// Whether this is the second half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
