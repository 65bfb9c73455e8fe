/// What the session tells the front end and the app: edits to apply and callbacks.
public enum SessionOutput: Sendable, Equatable {
  /// Apply this replacement to the field and move the caret (MJ's `shouldUpdateToText`).
  case replaceText(TextEdit)
  /// A suggestion was picked (by row, Enter, Tab or an accepted inline completion).
  case picked(Suggestion)
  /// The extra action row was picked with this query text.
  case actionRowPicked(query: String)
  /// Return was pressed with this text and no highlighted row (seed 002's `returned(with:)`).
  case returned(text: String)
  /// The field was cleared (seed 002's `textFieldCleared()`).
  case cleared
  /// Move the selection (or the caret) to the snapshot's; the text is unchanged. Sent when the
  /// caret went inside an atomic mention.
  case moveSelection(TextSnapshot)
  /// Mentions appeared or went away; ``SessionState/mentions`` holds the current ones.
  case mentionsChanged(MentionChange)
  /// The field's ``SessionConfiguration/recents`` store could not be read or written (a
  /// ``RecentsError`` for the package's stores). The pick or search goes on without it: no recent
  /// rows, the pick not remembered. Sent once until the store works again.
  case recentsFailed(SessionError)
}
