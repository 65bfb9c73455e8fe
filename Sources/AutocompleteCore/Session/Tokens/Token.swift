/// One picked value of a token field (a recipient, a tag, a filter chip): an identity, the text its
/// chip shows and the row it came from.
///
/// A token field holds tokens in order and never two with the same ``id``
/// (see ``TokenState``). Tokens made from a row keep that row in ``item``; tokens made from typed
/// text (a separator, the "Create" row) have none unless the app's ``TokenCreation`` gives one.
///
/// A token with a ``filter`` is a filter chip (``kind`` is ``TokenKind/filter``): instead of being
/// a picked value, it narrows the session's search to the items its filter accepts, together with
/// the app's `searchFilter` and every other filter chip (see ``TokenState/narrowing(_:)``).
public struct Token: Sendable, Equatable, Identifiable {
  /// The identity: two tokens with the same id are the same value. The stored form keeps these.
  public var id: String
  /// The text the chip shows.
  public var displayText: String
  /// The row the token was picked from, or `nil` for a token made from typed text or set from code.
  public var item: Suggestion?
  /// A filter chip's filter, or `nil` for a value token. Its id is the filter in Typesense's
  /// `filter_by` syntax, so two chips of one filter are one token.
  public private(set) var filter: AttributeFilter?

  /// Whether the token is a picked value or a filter chip.
  public var kind: TokenKind { filter == nil ? .value : .filter }

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

  /// A filter chip: the session's search keeps only the items `filter` accepts while the chip is
  /// there. Its id is the filter in Typesense's `filter_by` syntax (``AttributeFilter/filterByText``),
  /// which is also what its stored form keeps (``StoredToken``).
  ///
  /// `nil` when that syntax cannot say the filter (presence, a value with a backquote): such a
  /// chip could not be stored and restored.
  /// - Parameters:
  ///   - filter: The filter.
  ///   - displayText: The chip's text, such as "in Brazil".
  ///   - item: The row the chip was picked from, if any.
  public init?(filter: AttributeFilter, displayText: String, item: Suggestion? = nil) {
    guard let text = filter.filterByText else { return nil }
    self.init(id: text, displayText: displayText, item: item)
    self.filter = filter
  }
}
