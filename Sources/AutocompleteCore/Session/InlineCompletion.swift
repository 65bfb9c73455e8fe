/// The ghost text after the caret (seed 002): typed text in the strong colour, ``suffix`` in the
/// light one.
public struct InlineCompletion: Sendable, Hashable {
  /// The text as typed, in the user's casing.
  public var typedText: String
  /// The rest of the best prefix match, after the part the typed text matched.
  public var suffix: String
  /// The suggestion it completes to.
  public var suggestionID: String

  /// Creates an inline completion.
  public init(typedText: String, suffix: String, suggestionID: String) {
    self.typedText = typedText
    self.suffix = suffix
    self.suggestionID = suggestionID
  }

  /// The text after accepting: typed text plus suffix.
  public var completedText: String { typedText + suffix }
}
