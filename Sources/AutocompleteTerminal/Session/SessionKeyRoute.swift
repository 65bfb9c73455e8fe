import AutocompleteCore

/// Who handles a key in a session picker: the ``LineEditor`` (the front end owns the text), the
/// session, or the picker itself.
///
/// Ownership: every key that changes the text or moves the caret — characters, paste, Backspace,
/// Delete, ←, Home/End, Ctrl-A/E/U/K/W/D, Alt-B/F/D — belongs to the editor, and the picker reports the
/// new text and caret to the session with `.textChanged`. So Backspace deletes a typed character, never
/// the ghost text (the ghost is not in the editor's text), and the session's own `.backspace` key is
/// not used. → goes to the session first (it accepts the inline completion when the caret is at the
/// end) and to the editor when the session does not use it. ↑/↓ (and Ctrl-P/Ctrl-N), Page Up/Down,
/// Enter, Tab, Shift-Tab and Escape go to the session. Ctrl-C cancels; Ctrl-R asks the sources again
/// (a retry after a failure). Ctrl-T fills the highlighted row's text into the field and searches
/// again without picking (tap-ahead); Shift-Delete forgets a highlighted recent row (and deletes
/// like Delete otherwise). With a query history (`walksHistory`), Ctrl-P and Ctrl-N walk it instead,
/// as in fzf with `--history`; ↑/↓ still move.
public enum SessionKeyRoute: Sendable, Equatable {
  /// Apply the key to the line editor, then report the text to the session.
  case edit
  /// Send this key to the session.
  case session(SessionKey)
  /// Send this key to the session; when it is not used, apply the key to the editor.
  case sessionThenEdit(SessionKey)
  /// Escape: closes the list or cancels, by ``SessionPickerBehavior/escape``.
  case escape
  /// Ctrl-C: cancel.
  case cancel
  /// Ctrl-R: ask the sources again (retry after a failure).
  case refresh
  /// Ctrl-T: fill the highlighted row's completion into the field, search again, pick nothing
  /// (`SessionEvent.rowFilled`).
  case fill
  /// Shift-Delete: forget the highlighted row when it is a remembered pick; else edit as Delete.
  case removeRecent
  /// Ctrl-P with a query history: the previous query.
  case previousQuery
  /// Ctrl-N with a query history: the next query.
  case nextQuery
  /// Nothing handles it.
  case ignored

  /// The route of `key`; with `walksHistory`, Ctrl-P and Ctrl-N walk the query history.
  public init(_ key: KeyEvent, walksHistory: Bool = false) {
    switch key {
    case .control("p") where walksHistory: self = .previousQuery
    case .control("n") where walksHistory: self = .nextQuery
    case .up, .control("p"), .backTab: self = .session(.up)
    case .down, .control("n"): self = .session(.down)
    case .control("t"): self = .fill
    case .shiftDelete: self = .removeRecent
    case .pageUp: self = .session(.pageUp)
    case .pageDown: self = .session(.pageDown)
    case .enter: self = .session(.enter)
    case .tab: self = .session(.tab)
    case .right, .control("f"): self = .sessionThenEdit(.right)
    case .escape: self = .escape
    case .control("c"), .control("g"): self = .cancel
    case .control("r"): self = .refresh
    case .character, .paste, .backspace, .delete, .left, .home, .end: self = .edit
    case .control("a"), .control("b"), .control("d"), .control("e"), .control("k"), .control("u"),
      .control("w"), .alt("b"), .alt("d"), .alt("f"):
      self = .edit
    default: self = .ignored
    }
  }
}
