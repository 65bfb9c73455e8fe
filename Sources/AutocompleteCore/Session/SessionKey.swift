/// A key the front end forwards to the session.
public enum SessionKey: String, Sendable, Hashable, CaseIterable {
  /// Highlight the previous row (opens the list when closed).
  case up
  /// Highlight the next row (opens the list when closed).
  case down
  /// Move the highlight a page up.
  case pageUp
  /// Move the highlight a page down.
  case pageDown
  /// Highlight the first row while the list is open.
  case home
  /// Highlight the last row while the list is open.
  case end
  /// Pick the highlighted row, accept the inline completion, or return the text.
  case enter
  /// Accept the inline completion, or pick the highlighted row.
  case tab
  /// Close the list (or drop the inline completion) and keep the typed text.
  case escape
  /// Accept the inline completion when the caret is at the end.
  case right
  /// Delete the character before the caret (or the selection); the session emits the edit.
  case backspace
}
