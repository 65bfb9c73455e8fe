/// One row of the dropdown list.
public enum DropdownRow: Sendable, Hashable {
  /// The suggestion at this flat index of `SessionState.suggestions`.
  case suggestion(Int)
  /// The extra action row (seed 000's additional item, "Add “xyz”…").
  case actionRow
  /// A row that only informs, such as "Loading…" while a slow source answers or the failure text.
  case status(String)
}

/// A row's position in a sectioned list: table and collection views turn it into an `IndexPath`.
public struct RowLocation: Sendable, Hashable {
  /// The section, from 0.
  public var section: Int
  /// The row within its section, from 0.
  public var row: Int

  /// Creates a location.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }
}
