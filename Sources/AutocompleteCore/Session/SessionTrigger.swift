/// A delimiter that opens a completion list for the token after it (seed 001's `MJAutoCompleteTrigger`):
/// `@` for people, `#` for tags, `:` for emoji.
public struct SessionTrigger: Sendable {
  /// The delimiter: one or more characters.
  public var delimiter: String
  /// The sources asked for the token's text; several give several sections.
  public var sources: [any SuggestionSource]
  /// A cell style identifier given to this trigger's rows, for front ends with several layouts.
  public var cellStyle: String?
  /// Whether the delimiter also fires inside a word (`mail@example`); `false` by default, so e-mail
  /// addresses do not open the list.
  public var firesInsideWords: Bool
  /// Whether a pick replaces the delimiter too (`:smile` → `😄`) or keeps it (`@jo` → `@john`, the default).
  public var replacesDelimiter: Bool

  /// Creates a trigger.
  public init(
    _ delimiter: String, sources: [any SuggestionSource], cellStyle: String? = nil,
    firesInsideWords: Bool = false, replacesDelimiter: Bool = false
  ) {
    self.delimiter = delimiter
    self.sources = sources
    self.cellStyle = cellStyle
    self.firesInsideWords = firesInsideWords
    self.replacesDelimiter = replacesDelimiter
  }

  /// Creates a trigger with one source.
  public init(
    _ delimiter: String, source: any SuggestionSource, cellStyle: String? = nil,
    firesInsideWords: Bool = false, replacesDelimiter: Bool = false
  ) {
    self.init(
      delimiter, sources: [source], cellStyle: cellStyle, firesInsideWords: firesInsideWords,
      replacesDelimiter: replacesDelimiter)
  }
}
