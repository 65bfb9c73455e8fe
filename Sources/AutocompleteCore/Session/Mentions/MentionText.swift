/// The text a pick inserts as a mention (``SessionTrigger/mentionText``).
public enum MentionText: Sendable {
  /// The pick's text as for a plain pick: the delimiter and the completion (`@jo` → `@john`), or the
  /// completion alone when the trigger replaces its delimiter. The default.
  case withDelimiter
  /// The completion without the delimiter (`@jo` → `John`, as Hakawai and Facebook show mentions).
  case withoutDelimiter
  /// Text of your own for the picked row, replacing the delimiter too: a trimmed form such as the
  /// first name (`@morg` → `Morgan` for "Morgan Lee"). An empty text inserts a plain pick.
  case custom(@Sendable (Suggestion) -> String)

  /// The first word of the row's completion (`Morgan` of "Morgan Lee"), without the delimiter.
  public static let firstWord = MentionText.custom { suggestion in
    String(suggestion.completionText.split(whereSeparator: \.isWhitespace).first ?? "")
  }
}
