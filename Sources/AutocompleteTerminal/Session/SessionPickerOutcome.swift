import AutocompleteCore

/// How a session picker ended.
public enum SessionPickerOutcome: Sendable, Equatable {
  /// A suggestion was picked (Enter or Tab on a row, or an accepted inline completion).
  case picked(Suggestion)
  /// Return was pressed with no row to pick; the field's text.
  case returned(String)
  /// The extra action row was picked with this query text.
  case actionRowPicked(String)
  /// Escape or Ctrl-C.
  case cancelled
}
