/// The size of a terminal window, in character cells.
public struct TerminalSize: Sendable, Hashable {
  /// The width in columns.
  public var columns: Int
  /// The height in rows.
  public var rows: Int

  /// Creates a size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
