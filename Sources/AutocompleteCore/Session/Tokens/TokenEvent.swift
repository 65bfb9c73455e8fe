/// What a front end or the app does to a token field's tokens:
/// ``SessionEvent/tokens(_:)``. Typing, Backspace, Return and picks come through the session's
/// usual events.
public enum TokenEvent: Sendable {
  /// Replace all tokens from code (restoring a stored form); duplicates after the first are dropped
  /// and the list is cut at the maximum count.
  case set([Token])
  /// Add a token from code (refused as a typed token would be: a duplicate or past the maximum).
  case add(Token)
  /// Remove the token with this id (its chip's remove button, the accessibility remove action).
  case remove(id: String)
  /// Select the token at this index (a tap on its chip), or none (`nil`).
  case select(Int?)
  /// ← or → in reading order (a front end maps the arrow through ``TokenDirection`` for right-to-left
  /// layouts): moves the selection between tokens; from the start of the text, `.previous` selects
  /// the last token, and `.next` from the last token goes back to the text. Not handled when the
  /// caret is inside the text, so the front end moves the caret.
  case move(TokenDirection)
  /// The Delete key: removes the selected token. Not handled without a selection.
  case deleteSelected
  /// Puts back the last removed token where it was. Not handled when nothing was removed.
  case undoRemoval
}

/// A direction in token order: ``previous`` towards the first token, ``next`` towards the text.
public enum TokenDirection: Sendable, Hashable {
  /// Towards the first token.
  case previous
  /// Towards the last token and then the text.
  case next
}
