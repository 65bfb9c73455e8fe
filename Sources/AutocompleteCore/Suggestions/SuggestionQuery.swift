/// What a ``SuggestionSource`` is asked for: the text of the active token and the search options.
///
/// Hashable, so answers can be cached per source, query and options.
public struct SuggestionQuery: Sendable, Hashable {
  /// The typed text to complete (for a trigger, the text after the delimiter).
  public var text: String
  /// Mode, case sensitivity and the maximum number of suggestions (negative or `nil` = no limit).
  public var options: SearchOptions
  /// The trigger delimiter that fired (`"@"`, `"#"`), or `nil` for the whole field.
  public var delimiter: String?

  /// Creates a query.
  public init(_ text: String, options: SearchOptions = SearchOptions(), delimiter: String? = nil) {
    self.text = text
    self.options = options
    self.delimiter = delimiter
  }

  /// The query prepared for the core engine.
  public var prepared: SearchQuery { SearchQuery(text, options: options) }
}
