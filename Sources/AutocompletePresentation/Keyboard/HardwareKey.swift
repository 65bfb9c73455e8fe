import AutocompleteCore

/// A key of a hardware keyboard (iPad, Mac Catalyst, Mac) that the autocomplete field takes over
/// from the system while the list or an inline completion is showing.
public enum HardwareKey: String, Sendable, Hashable, CaseIterable {
  /// ↑
  case upArrow
  /// ↓
  case downArrow
  /// →
  case rightArrow
  /// Page Up
  case pageUp
  /// Page Down
  case pageDown
  /// Return or Enter
  case returnKey
  /// Escape
  case escape
  /// Tab
  case tab

  /// The session key this key sends.
  public var sessionKey: SessionKey {
    switch self {
    case .upArrow: .up
    case .downArrow: .down
    case .rightArrow: .right
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .returnKey: .enter
    case .escape: .escape
    case .tab: .tab
    }
  }

  /// The keys the field should claim in `state`, so the system keeps every other key (a caret
  /// move, Tab to the next field) when there is nothing to complete.
  ///
  /// - While the list is shown: ↑ ↓ Page Up/Down Return Escape Tab.
  /// - While an inline completion shows: Return, Tab and → accept it, Escape drops it.
  /// - While a query was dismissed with Escape: ↓ reopens the list (unless the field shows no
  ///   list at all, `canShowList` false: inline completion only).
  public static func claimedKeys(in state: SessionState, isListShown: Bool, canShowList: Bool = true)
    -> [HardwareKey]
  {
    var keys: [HardwareKey] = []
    if isListShown {
      keys += [.upArrow, .downArrow, .pageUp, .pageDown, .returnKey, .escape, .tab]
    } else if canShowList, state.query != nil, state.isFocused {
      keys.append(.downArrow)
    }
    if state.inlineCompletion != nil {
      for key in [HardwareKey.returnKey, .tab, .rightArrow, .escape] where !keys.contains(key) {
        keys.append(key)
      }
    }
    return keys
  }

  /// Whether Return picks a row in `state` (the list shows with a highlighted row), rather than
  /// accepting the inline completion and reporting the text; a field that picks keeps editing.
  public static func returnPicksRow(in state: SessionState, isListShown: Bool) -> Bool {
    isListShown && state.highlight != nil
  }
}
