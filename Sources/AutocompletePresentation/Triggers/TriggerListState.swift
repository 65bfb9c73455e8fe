import AutocompleteCore

/// What a trigger manager shows for a session state: the list, which trigger it belongs to, and
/// whether a pick may replace text now.
///
/// A front end builds one after every state change, compares it with the previous one for the
/// delegate's "list will appear" and "list did hide" calls (``change(from:)``), and turns taps into
/// events with ``event(forSelectingRowAt:)``, which refuses while an input method composes (no
/// replacement under marked text).
public struct TriggerListState: Sendable, Equatable {
  /// A change in the list's visibility.
  public enum Change: Sendable, Equatable {
    /// The list is about to show for the trigger at this index.
    case willAppear(trigger: Int)
    /// The list shows for another trigger than before (the caret moved to another token).
    case switched(trigger: Int)
    /// The list went away.
    case didHide
  }

  /// The rows, and whether the list shows.
  public var content: DropdownContent
  /// The index of the trigger whose token is at the caret, or `nil` when no token is.
  public var trigger: Int?
  /// The delimiter of that trigger.
  public var delimiter: String?
  /// The token typed after the delimiter.
  public var token: String?
  /// Whether an input method is composing (marked text).
  public var isComposing: Bool

  /// The list for `state`; it only shows while the text view is focused.
  public init(state: SessionState, isFocused: Bool) {
    content = DropdownContent(state: state, isFocused: isFocused)
    if let query = state.query, case .trigger(let index) = query.target {
      trigger = index
      delimiter = query.delimiter
      token = query.text
    } else {
      trigger = nil
      delimiter = nil
      token = nil
    }
    isComposing = state.input.isComposing
  }

  /// Whether the list shows.
  public var isShown: Bool { content.isShown && trigger != nil }

  /// The trigger whose token is at the caret, among the `triggers` the session was configured
  /// with, or `nil` (no token, or an index the list no longer has).
  public func trigger(in triggers: [SessionTrigger]) -> SessionTrigger? {
    guard let trigger, triggers.indices.contains(trigger) else { return nil }
    return triggers[trigger]
  }

  /// The change from `previous` to this state, or `nil` when nothing the delegate hears about
  /// changed.
  public func change(from previous: TriggerListState?) -> Change? {
    let wasShown = previous?.isShown ?? false
    switch (wasShown, isShown) {
    case (false, true): return trigger.map { .willAppear(trigger: $0) }
    case (true, false): return .didHide
    case (true, true) where previous?.trigger != trigger: return trigger.map { .switched(trigger: $0) }
    default: return nil
    }
  }

  /// The session event for a tap on the row at `location`, or `nil` for a status row, a location
  /// outside the list, or while an input method composes (the token is not final yet).
  public func event(forSelectingRowAt location: RowLocation) -> SessionEvent? {
    guard !isComposing else { return nil }
    return content.event(forSelectingRowAt: location)
  }
}
