import AutocompleteCore

/// What a token field tells the app after a transition, through one callback taking this enum
/// (never protocol methods with default implementations that a misspelled method would miss).
public enum TokenFieldUpdate: Sendable, Equatable {
  /// The tokens changed (added, removed, set, restored): the new tokens, in order.
  case tokensChanged([Token])
  /// Typed text was refused: the reason to show.
  case refused(reason: String)

  /// The updates between two states: the tokens when they differ, a refusal made by the
  /// transition.
  public static func updates(from old: SessionState, to new: SessionState) -> [TokenFieldUpdate] {
    var updates: [TokenFieldUpdate] = []
    if old.tokens != new.tokens { updates.append(.tokensChanged(new.tokens)) }
    // A refusal is announced by the event that refused (announcements last one transition).
    if let reason = new.tokenState.refusal, new.tokenState.announcement == reason,
      old.tokenState != new.tokenState
    {
      updates.append(.refused(reason: reason))
    }
    return updates
  }
}
