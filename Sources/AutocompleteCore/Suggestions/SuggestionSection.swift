/// The answer of one source: a titled group of rows. Several sources give several sections.
public struct SuggestionSection: Sendable, Equatable {
  /// The section title (the source's ``SuggestionSource/title``), or `nil`.
  public var title: String?
  /// The rows, best first.
  public var suggestions: [Suggestion]

  /// Creates a section.
  public init(title: String? = nil, suggestions: [Suggestion]) {
    self.title = title
    self.suggestions = suggestions
  }
}
