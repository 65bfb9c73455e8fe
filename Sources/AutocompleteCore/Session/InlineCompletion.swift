/// The ghost text after the caret (seed 002): typed text in the strong colour, ``suffix`` in the
/// light one.
public struct InlineCompletion: Sendable, Hashable {
  /// The text as typed, in the user's casing.
  public var typedText: String
  /// The rest of the best prefix match, after the part the typed text matched.
  public var suffix: String
  /// The suggestion it completes to.
  public var suggestionID: String
  /// The part of the suggestion's own text that the typed text matched, in the suggestion's
  /// spelling ("Zür" for "zur" typed): what a front end that can redraw the typed characters shows
  /// in their place, so that the preview is exactly what accepting gives.
  public var matchedText: String

  /// Creates an inline completion; `matchedText` defaults to `typedText` (a suggestion spelled as
  /// typed).
  public init(typedText: String, suffix: String, suggestionID: String, matchedText: String? = nil) {
    self.typedText = typedText
    self.suffix = suffix
    self.suggestionID = suggestionID
    self.matchedText = matchedText ?? typedText
  }

  /// The text after accepting, as the preview shows it: the suggestion's own spelling of the matched
  /// part plus the suffix.
  public var completedText: String { matchedText + suffix }
}
