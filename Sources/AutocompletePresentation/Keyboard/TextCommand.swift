import AutocompleteCore

/// An editing command an AppKit text view is about to perform — the selector its key bindings
/// chose for a key, which a field's delegate sees in `control(_:textView:doCommandBy:)` and a text
/// view's in `textView(_:doCommandBy:)` — and what the autocomplete front end does with it.
///
/// AppKit hands over commands, not keys: ↑ arrives as `moveUp:` (and so does Control-P), Page Down
/// as `scrollPageDown:`, Escape as `cancelOperation:`, Option-Escape or F5 as `complete:`. The front
/// end claims a command only when the autocomplete has a use for it, by the same rules as the
/// keys of ``HardwareKey/claimedKeys(in:isListShown:canShowList:)``, so ↑ still moves the caret,
/// Tab still moves to the next field and Return still sends the field's action when there is
/// nothing to complete.
public enum TextCommand: String, Sendable, Hashable, CaseIterable {
  /// ↑ (or Control-P).
  case moveUp = "moveUp:"
  /// ↓ (or Control-N).
  case moveDown = "moveDown:"
  /// →.
  case moveRight = "moveRight:"
  /// Option-Page Up.
  case pageUp = "pageUp:"
  /// Option-Page Down.
  case pageDown = "pageDown:"
  /// Page Up.
  case scrollPageUp = "scrollPageUp:"
  /// Page Down.
  case scrollPageDown = "scrollPageDown:"
  /// Return or Enter.
  case insertNewline = "insertNewline:"
  /// Tab.
  case insertTab = "insertTab:"
  /// Escape.
  case cancelOperation = "cancelOperation:"
  /// Option-Escape or F5: the system's "complete" command.
  case complete = "complete:"

  /// The command with this selector name (`NSStringFromSelector`), or `nil` for a command the
  /// autocomplete never claims.
  public init?(selectorName: String) {
    self.init(rawValue: selectorName)
  }

  /// The key this command stands for, or `nil` for ``complete``, which has no key of its own.
  public var hardwareKey: HardwareKey? {
    switch self {
    case .moveUp: .upArrow
    case .moveDown: .downArrow
    case .moveRight: .rightArrow
    case .pageUp, .scrollPageUp: .pageUp
    case .pageDown, .scrollPageDown: .pageDown
    case .insertNewline: .returnKey
    case .insertTab: .tab
    case .cancelOperation: .escape
    case .complete: nil
    }
  }

  /// The kind of text view the command comes from.
  public enum Editor: Sendable, Hashable {
    /// A one-line field (`NSTextField`, `NSSearchField`) through its field editor.
    case field
    /// A multi-line text view (`NSTextView`) with trigger completion: ↓ moves the caret unless the
    /// list shows, and Return inserts a line unless it picks a row.
    case textView
  }

  /// What the front end does with a command.
  public enum Outcome: Sendable, Hashable {
    /// Nothing: the text view performs the command (return `false` from the delegate method).
    case perform
    /// Send the key to the session; the command is consumed when the session used the key
    /// (`session.press(_:)` returns `true`), and performed otherwise.
    case press(SessionKey)
    /// Send the key to the session, then let the text view perform the command anyway: Return in a
    /// field with no row to pick accepts the inline completion and reports the text
    /// (`SessionOutput.returned(text:)`), and the field still sends its action.
    case pressAndPerform(SessionKey)
  }

  /// What to do with this command in `state`.
  /// - Parameters:
  ///   - state: The session's state.
  ///   - isListShown: Whether the list is on screen.
  ///   - canShowList: Whether the front end shows a list at all (`false`: inline completion only).
  ///   - editor: The kind of text view.
  public func outcome(
    in state: SessionState, isListShown: Bool, canShowList: Bool = true, editor: Editor = .field
  ) -> Outcome {
    if self == .complete {
      if isListShown { return .press(.escape) }
      return canShowList && state.isFocused ? .press(.down) : .perform
    }
    guard let key = hardwareKey else { return .perform }
    if key == .returnKey {
      if HardwareKey.returnPicksRow(in: state, isListShown: isListShown) { return .press(.enter) }
      return editor == .field ? .pressAndPerform(.enter) : .perform
    }
    let claimed = HardwareKey.claimedKeys(
      in: state, isListShown: isListShown, canShowList: canShowList && (editor == .field || isListShown))
    return claimed.contains(key) ? .press(key.sessionKey) : .perform
  }
}
