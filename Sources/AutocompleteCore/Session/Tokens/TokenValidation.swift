/// What a ``TokenCreation`` check says about typed text: a token to add, or a reason, in words a
/// person reads, why it is refused ("“bob@” is not an e-mail address.").
public enum TokenValidation: Sendable, Equatable {
  /// Add this token.
  case accepted(Token)
  /// Do not add anything; the text stays in the field and the reason is shown and announced.
  case refused(reason: String)
}
