/// The extra, non-searchable row (seed 000's "additional item"), such as "Add “xyz”…".
public struct ActionRow: Sendable {
  /// Where the row sits relative to the suggestions.
  public enum Position: Sendable, Hashable {
    /// Before the first suggestion.
    case top
    /// After the last suggestion.
    case bottom
  }

  /// Where the row sits.
  public var position: Position
  /// Whether the row shows when the query has no suggestions (and when the source failed).
  public var showsWhenEmpty: Bool
  /// The row's title for a query text.
  public var title: @Sendable (String) -> String

  /// Creates an action row; the default title is `Add “query”…`.
  public init(
    position: Position = .bottom, showsWhenEmpty: Bool = true,
    title: @escaping @Sendable (String) -> String = { "Add \u{201C}\($0)\u{201D}\u{2026}" }
  ) {
    self.position = position
    self.showsWhenEmpty = showsWhenEmpty
    self.title = title
  }
}
