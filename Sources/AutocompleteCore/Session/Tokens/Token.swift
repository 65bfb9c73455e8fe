/// One picked value of a token field (a recipient, a tag, a filter chip): an identity, the text its
/// chip shows and the row it came from.
///
/// A token field holds tokens in order and never two with the same ``id``
/// (see ``TokenState``). Tokens made from a row keep that row in ``item``; tokens made from typed
/// text (a separator, the "Create" row) have none unless the app's ``TokenCreation`` gives one.
public struct Token: Sendable, Equatable, Identifiable {
  /// The identity: two tokens with the same id are the same value. The stored form keeps these.
  public var id: String
  /// The text the chip shows.
  public var displayText: String
  /// The row the token was picked from, or `nil` for a token made from typed text or set from code.
  public var item: Suggestion?

  /// Creates a token; `displayText` defaults to `id`.
  public init(id: String, displayText: String? = nil, item: Suggestion? = nil) {
    self.id = id
    self.displayText = displayText ?? id
    self.item = item
  }

  /// The token a picked row makes: the row's completion text as id (the value the row stands for:
  /// an address, a tag — a row's own ``Suggestion/id`` is often only its position in its source),
  /// its display text, and the row as ``item``.
  public init(_ suggestion: Suggestion) {
    self.init(id: suggestion.completionText, displayText: suggestion.displayText, item: suggestion)
  }
}
