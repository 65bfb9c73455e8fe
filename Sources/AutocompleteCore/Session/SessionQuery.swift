/// The active query: the text to complete and where it sits in the field.
public struct SessionQuery: Sendable, Hashable {
  /// The text to complete (after the delimiter for a trigger).
  public var text: String
  /// The whole field or a trigger.
  public var target: SessionTarget
  /// The delimiter that fired, or `nil`.
  public var delimiter: String?
  /// The range a pick replaces: the whole text, or the token from its delimiter to the end of the word.
  public var replacementRange: Range<String.Index>
  /// Where the query text starts (after the delimiter).
  public var queryStart: String.Index

  /// Creates a query.
  public init(
    text: String, target: SessionTarget, delimiter: String? = nil, replacementRange: Range<String.Index>,
    queryStart: String.Index
  ) {
    self.text = text
    self.target = target
    self.delimiter = delimiter
    self.replacementRange = replacementRange
    self.queryStart = queryStart
  }
}
