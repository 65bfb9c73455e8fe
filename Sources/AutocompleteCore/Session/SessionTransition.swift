/// The result of one event: the new state, the effects to run, and whether a key was used.
public struct SessionTransition: Sendable, Equatable {
  /// The state after the event.
  public var state: SessionState
  /// The effects to run, in order.
  public var effects: [SessionEffect]
  /// Whether the session used the event; `false` for a key the front end should handle itself.
  public var isHandled: Bool

  /// Creates a transition.
  public init(state: SessionState, effects: [SessionEffect] = [], isHandled: Bool = true) {
    self.state = state
    self.effects = effects
    self.isHandled = isHandled
  }

  /// The outputs among the effects.
  public var outputs: [SessionOutput] {
    effects.compactMap { effect in
      if case .output(let output) = effect { return output }
      return nil
    }
  }
}
