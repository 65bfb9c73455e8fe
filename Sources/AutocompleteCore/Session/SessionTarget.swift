/// What a query completes: the whole field, or the token of one trigger.
public enum SessionTarget: Sendable, Hashable {
  /// The whole text of the field.
  case field
  /// The token of the trigger at this index of ``SessionConfiguration/triggers``.
  case trigger(Int)
}
