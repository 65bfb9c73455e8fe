/// Everything that can happen to a session. Front ends send the first group; the driver sends the
/// second (answers and timers), tagged with the request they belong to.
public enum SessionEvent: Sendable {
  /// The text, selection or marked text changed (the front end reports the whole field). Typing
  /// implies focus, so front ends without focus events need not send ``focusChanged(_:)``.
  case textChanged(TextSnapshot)
  /// A key was pressed.
  case key(SessionKey)
  /// The field gained (`true`) or lost (`false`) focus.
  case focusChanged(Bool)
  /// A row was tapped or clicked: the flat index in ``SessionState/suggestions``.
  case rowPicked(Int)
  /// The pointer moved over a row (or off the list, `nil`).
  case rowHighlighted(SessionHighlight?)
  /// The extra action row was picked.
  case actionRowPicked
  /// The clear button was pressed: empty the field.
  case cleared
  /// Replace the whole text with a saved text and its mentions (reopening a draft): they become
  /// live, editable mentions; the caret goes to the end and the list stays closed.
  case mentionedTextLoaded(MentionedText)
  /// Insert a text with mentions at the caret, replacing the selection (a mention added from
  /// code, or a paste of copied mentions); ignored while an input method composes.
  case mentionedTextInserted(MentionedText)
  /// The app opens the list from code (a "show suggestions" button, a tap in an empty field): the
  /// current query's suggestions, or the recents and the on-focus suggestions for an empty field.
  case listOpened
  /// The app closes the list from code; it stays closed until the next edit or arrow key.
  case listClosed
  /// The app sets the text (and caret) from code: with `opensList` it is searched as if typed,
  /// otherwise the list stays closed until the user edits (setting text is not typing). The
  /// session tells the front end with a ``SessionOutput/replaceText(_:)``.
  case textSet(TextSnapshot, opensList: Bool)
  /// A row's "fill" action (Algolia's tap-ahead arrow): its completion text goes into the field (or
  /// the token), the field keeps the focus and is searched again — nothing is picked.
  case rowFilled(Int)
  /// The app suspends (`false`) or resumes (`true`) suggestions: off, the list closes, the pending
  /// search is cancelled and edits search nothing; on, the current text is searched again (when
  /// the field has the focus). See ``AutocompleteSession/areSuggestionsEnabled``.
  case suggestionsEnabled(Bool)
  /// Ask the sources again for the current text (the data or the configuration changed); the
  /// driver also forgets its cached answers. A list the user closed stays closed.
  case refresh
  /// A token field's tokens change from a chip or from code (set, add, remove, select, undo).
  case tokens(TokenEvent)
  /// Driver: the sources answered request `requestID`.
  case resultsArrived(requestID: Int, sections: [SuggestionSection])
  /// Driver: the sources of request `requestID` failed.
  case failed(requestID: Int, error: SessionError)
  /// Driver: request `requestID` passed the stall threshold.
  case stallTimerFired(requestID: Int)
  /// Driver: the debounce delay of request `requestID` ended.
  case debounceFired(requestID: Int)
}
