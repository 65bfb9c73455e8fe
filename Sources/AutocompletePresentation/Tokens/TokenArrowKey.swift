import AutocompleteCore

/// The ← and → keys of a token field, mapped to token order for the layout direction: in a
/// right-to-left layout → moves towards the first token. Front ends send
/// `SessionEvent.tokens(_:)` with ``event(isRightToLeft:)`` first and move the caret themselves
/// when the session does not handle it.
public enum TokenArrowKey: Sendable, Hashable, CaseIterable {
  /// The ← key.
  case left
  /// The → key.
  case right

  /// The direction in token order.
  public func direction(isRightToLeft: Bool) -> TokenDirection {
    (self == .left) != isRightToLeft ? .previous : .next
  }

  /// The session event for the key.
  public func event(isRightToLeft: Bool) -> SessionEvent {
    .tokens(.move(direction(isRightToLeft: isRightToLeft)))
  }
}
