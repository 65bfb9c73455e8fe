/// The highlighted row: a suggestion (by its position in ``SessionState/suggestions``, counted
/// across sections) or the extra action row.
public enum SessionHighlight: Sendable, Hashable {
  /// The suggestion at this flat index.
  case suggestion(Int)
  /// The extra action row.
  case actionRow
}
