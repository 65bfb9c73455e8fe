/// The row whose completion text the field took — an accepted inline completion or a picked row —
/// remembered while the field's text still leads to it, so that editing that text keeps the row.
///
/// A row's completion text is not always something its source can find: the demo's city found by
/// "Zürich" completes to "Zürich, Switzerland", and "Zürich, Switzerlan" — one Backspace after
/// accepting — matches no key. While the text is a start of the row's completion text (as the
/// ghost text compares: prefix matching, case and accents folded unless the search is
/// case-sensitive), the row stays in the answer, first when the source did not find it, so the list
/// and the ghost text stay ("Zürich, Switzerlan" shows "d"). The first edit that leaves that path,
/// or an empty field, forgets it.
public struct AcceptedCompletion: Sendable, Equatable {
  /// The row the field's text came from.
  public var suggestion: Suggestion

  /// Remembers `suggestion`, whose completion text the field now holds.
  public init(_ suggestion: Suggestion) {
    self.suggestion = suggestion
  }

  /// Whether `text` still leads to the row: not empty, and a start of its completion text.
  public func isContinued(by text: String, isCaseSensitive: Bool) -> Bool {
    guard !text.isEmpty else { return false }
    let query = SearchQuery(text, options: SearchOptions(mode: .prefix, isCaseSensitive: isCaseSensitive))
    return query.match(suggestion.completionText) != nil
  }

  /// `sections` with the row first in the first section when no section has it (by id), without
  /// the highlights of the query it was found by.
  public func keeping(in sections: [SuggestionSection]) -> [SuggestionSection] {
    guard !sections.contains(where: { $0.suggestions.contains { $0.id == suggestion.id } }) else {
      return sections
    }
    var row = suggestion
    row.highlights = []
    guard var first = sections.first else { return [SuggestionSection(suggestions: [row])] }
    first.suggestions.insert(row, at: 0)
    return [first] + sections.dropFirst()
  }
}
