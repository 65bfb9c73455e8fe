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
  /// Whether a pick inserts a ``Mention`` (text bound to the picked row, kept as one unit; see
  /// ``SessionConfiguration/mentionEditing``) instead of plain text; `false` by default.
  public var insertsMention: Bool
  /// The text a pick inserts as a mention: with the delimiter (the default), without it, or a form
  /// of your own such as the first name.
  public var mentionText: MentionText
  /// A style identifier for this trigger's mentions, which front ends map to attributes (colour,
  /// background, font), like ``cellStyle`` for rows; `nil` gives the front end's default style.
  public var mentionStyle: String?
  /// The ``Mention/id`` of a picked row; by default its ``Suggestion/id``. Rows made from search
  /// results have their position in the source as id, so give a stable key here (a user id).
  public var mentionID: @Sendable (Suggestion) -> String

  /// Creates a trigger.
  public init(
    _ delimiter: String, sources: [any SuggestionSource], cellStyle: String? = nil,
    firesInsideWords: Bool = false, replacesDelimiter: Bool = false, insertsMention: Bool = false,
    mentionText: MentionText = .withDelimiter, mentionStyle: String? = nil,
    mentionID: @escaping @Sendable (Suggestion) -> String = { $0.id }
  ) {
    self.delimiter = delimiter
    self.sources = sources
    self.cellStyle = cellStyle
    self.firesInsideWords = firesInsideWords
    self.replacesDelimiter = replacesDelimiter
    self.insertsMention = insertsMention
    self.mentionText = mentionText
    self.mentionStyle = mentionStyle
    self.mentionID = mentionID
  }

  /// Creates a trigger with one source.
  public init(
    _ delimiter: String, source: any SuggestionSource, cellStyle: String? = nil,
    firesInsideWords: Bool = false, replacesDelimiter: Bool = false, insertsMention: Bool = false,
    mentionText: MentionText = .withDelimiter, mentionStyle: String? = nil,
    mentionID: @escaping @Sendable (Suggestion) -> String = { $0.id }
  ) {
    self.init(
      delimiter, sources: [source], cellStyle: cellStyle, firesInsideWords: firesInsideWords,
      replacesDelimiter: replacesDelimiter, insertsMention: insertsMention, mentionText: mentionText,
      mentionStyle: mentionStyle, mentionID: mentionID)
  }
}
