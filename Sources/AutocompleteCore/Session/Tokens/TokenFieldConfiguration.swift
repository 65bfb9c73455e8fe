/// What makes a session a token field, and how tokens are added: ``SessionConfiguration/tokens``.
///
/// With it, picking a row (tap, Return, Tab) adds a token and empties the text instead of
/// replacing the text; a separator typed or pasted ends a token; Backspace at the start of the text
/// selects, then removes, the last token; rows already picked leave the list.
public struct TokenFieldConfiguration: Sendable {
  /// Characters that end a token when typed or pasted; comma and semicolon by default.
  public var separators: Set<Character>
  /// Whether Return with text and no highlighted row turns the text into a token; on by default.
  public var returnAddsToken: Bool
  /// The most tokens the field takes; `nil` (the default) for no limit. Adding past it is refused.
  public var maximumCount: Int?
  /// How typed text that matches no row becomes a token (the "Create" row); `nil` (the default):
  /// only rows become tokens.
  public var creation: TokenCreation?

  /// Creates a token-field configuration; every option has the default described on its property.
  public init(
    separators: Set<Character> = [",", ";"], returnAddsToken: Bool = true, maximumCount: Int? = nil,
    creation: TokenCreation? = nil
  ) {
    self.separators = separators
    self.returnAddsToken = returnAddsToken
    self.maximumCount = maximumCount
    self.creation = creation
  }
}
