/// Turning typed text that matches no row into a token: the "Create “xyz”" row, and text ended by a
/// separator or Return.
///
/// The check is the app's (an e-mail address, a tag's allowed characters); a refusal carries a
/// readable reason that ``TokenState/refusal`` keeps for the front end to show and announce.
public struct TokenCreation: Sendable {
  /// The title of the create row for a query text; `Create “xyz”` by default.
  public var title: @Sendable (String) -> String
  /// Decides whether a typed text (trimmed, never empty) becomes a token.
  public var validate: @Sendable (String) -> TokenValidation

  /// Creates a creation rule.
  /// - Parameters:
  ///   - title: The create row's title for a query text.
  ///   - validate: The check; by default every text is accepted as a token whose id is the text.
  public init(
    title: @escaping @Sendable (String) -> String = { "Create \u{201C}\($0)\u{201D}" },
    validate: @escaping @Sendable (String) -> TokenValidation = { .accepted(Token(id: $0)) }
  ) {
    self.title = title
    self.validate = validate
  }

  /// A rule for e-mail addresses (a To: field): a text with one "@", something before it, a domain
  /// with a dot after it and no spaces becomes a token whose id is the text; others are refused with
  /// "“bob@” is not an e-mail address.".
  public static let emailAddresses = accepting(
    where: { text in
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
      let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
      return domain.count >= 2 && !domain.contains(where: \.isEmpty)
    },
    reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." })

  /// A rule that accepts the texts `isValid` accepts (as tokens whose id is the text) and refuses
  /// the others with `reason(text)`.
  public static func accepting(
    title: @escaping @Sendable (String) -> String = { "Create \u{201C}\($0)\u{201D}" },
    where isValid: @escaping @Sendable (String) -> Bool,
    reason: @escaping @Sendable (String) -> String
  ) -> TokenCreation {
    TokenCreation(title: title) { text in
      isValid(text) ? .accepted(Token(id: text)) : .refused(reason: reason(text))
    }
  }
}
