/// One token as an app stores it (``TokenState/storedTokens``), `Codable`: its id, its kind and its
/// text. A filter chip's id is its filter in Typesense's `filter_by` syntax, parsed back on restore
/// (``Token/init(restoring:knownAttributes:)``) with the same parser as `--where`.
///
/// ```swift
/// let data = try JSONEncoder().encode(session.state.tokenState.storedTokens)
/// let stored = try JSONDecoder().decode([StoredToken].self, from: data)
/// session.send(.tokens(.set(try stored.map { try Token(restoring: $0) })))
/// ```
public struct StoredToken: Sendable, Hashable, Codable {
  /// The token's id; for a filter chip, its filter in `filter_by` syntax.
  public var id: String
  /// A value or a filter chip.
  public var kind: TokenKind
  /// The chip's text.
  public var displayText: String

  /// Creates a stored token.
  public init(id: String, kind: TokenKind = .value, displayText: String? = nil) {
    self.id = id
    self.kind = kind
    self.displayText = displayText ?? id
  }

  /// The stored form of `token`.
  public init(_ token: Token) {
    self.init(id: token.id, kind: token.kind, displayText: token.displayText)
  }
}

extension Token {
  /// The token `stored` names: a value token with its id and text, or a filter chip whose filter
  /// is its id parsed as `filter_by` text. The row it came from is not stored (``item`` is `nil`).
  /// - Parameters:
  ///   - stored: The stored token.
  ///   - knownAttributes: When given, a filter naming another attribute is refused (an attribute
  ///     the items no longer have).
  /// - Throws: ``FilterSyntaxError`` naming the position and the problem when a filter chip's id
  ///   no longer parses (or names an unknown attribute); nothing is guessed.
  public init(restoring stored: StoredToken, knownAttributes: Set<String>? = nil) throws(FilterSyntaxError) {
    switch stored.kind {
    case .value:
      self.init(id: stored.id, displayText: stored.displayText)
    case .filter:
      let filter = try AttributeFilter(parsing: stored.id, knownAttributes: knownAttributes)
      guard let chip = Token(filter: filter, displayText: stored.displayText) else {
        throw FilterSyntaxError(position: 0, problem: "the filter cannot be a filter chip")
      }
      self = chip
    }
  }
}
