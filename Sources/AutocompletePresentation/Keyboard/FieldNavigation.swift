import AutocompleteCore

/// Arrow keys with the field as a stop before the first row, so Up from the first row returns to
/// the field (where the user was typing) instead of wrapping past it.
///
/// The order, with the list open:
/// - `wrapsNavigation` on (the default): Down goes field → first row → … → last row → first row;
///   Up goes last row → … → first row → **field** → last row.
/// - `wrapsNavigation` off: Down goes field → first row → … → last row and stops; Up goes last row →
///   … → first row → **field** and stops there.
///
/// Everything else is the session's ``/AutocompleteCore/SessionKey`` as before.
public enum FieldNavigation {
  /// The event `key` sends in `state`: `.rowHighlighted(nil)` (back to the field) for Up on the
  /// first row, `nil` (nothing to do, the key is still the field's) for Up in the field with
  /// `wrapsNavigation` off, and `.key(key)` otherwise.
  public static func event(for key: SessionKey, in state: SessionState, wrapsNavigation: Bool)
    -> SessionEvent?
  {
    guard key == .up, state.isOpen, let first = state.navigationStops.first else { return .key(key) }
    switch state.highlight {
    case first?: return .rowHighlighted(nil)
    case nil: return wrapsNavigation ? .key(key) : nil
    default: return .key(key)
    }
  }
}

extension AutocompleteSession {
  /// Sends `key` as ``FieldNavigation`` routes it (Up from the first row returns to the field);
  /// returns whether the session used it.
  @discardableResult
  public func pressReturningToField(_ key: SessionKey) -> Bool {
    guard
      let event = FieldNavigation.event(for: key, in: state, wrapsNavigation: configuration.wrapsNavigation)
    else { return true }
    return send(event)
  }
}
