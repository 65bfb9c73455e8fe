/// What a token stands for: a picked value (a recipient, a tag) or a filter chip ("in Brazil"),
/// which narrows the search instead (see ``Token/filter``). Front ends may draw the kinds
/// differently; VoiceOver says "filter" for a filter chip.
public enum TokenKind: String, Sendable, Hashable, Codable {
  /// A picked value: its row leaves the list, and it is what the field's value is made of.
  case value
  /// A filter chip: the session's search keeps only the items its filter accepts.
  case filter
}
