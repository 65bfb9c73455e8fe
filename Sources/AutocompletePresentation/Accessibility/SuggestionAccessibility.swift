import AutocompleteCore

/// What assistive technologies hear: row labels and positions, the announcement when the
/// suggestions change, and whether the field's list is expanded.
public enum SuggestionAccessibility {
  /// The list's label: what VoiceOver calls the group of rows.
  public static let listLabel = "Suggestions"

  /// A row's label: the suggestion's display text (with its detail), the action row's title, or
  /// the status text.
  public static func label(for row: DropdownRow, in state: SessionState) -> String {
    switch row {
    case .suggestion(let index):
      let all = state.suggestions
      guard all.indices.contains(index) else { return "" }
      let suggestion = all[index]
      guard let detail = suggestion.detailText, !detail.isEmpty else { return suggestion.displayText }
      return "\(suggestion.displayText), \(detail)"
    case .actionRow: return state.actionRowTitle ?? ""
    case .status(let text): return text
    }
  }

  /// A suggestion row's position ("2 of 5"); `nil` for the action row and status rows.
  public static func position(for row: DropdownRow, in state: SessionState) -> String? {
    guard case .suggestion(let index) = row else { return nil }
    let count = state.suggestions.count
    guard index >= 0, index < count else { return nil }
    return "\(index + 1) of \(count)"
  }

  /// Whether the row is read as a button (the action row is; suggestions are list items).
  public static func isButton(_ row: DropdownRow) -> Bool { row == .actionRow }

  /// Whether the field's list is expanded, for the field's accessibility value.
  public static func isExpanded(_ content: DropdownContent) -> Bool { content.isShown }

  /// The field's accessibility value: the list's state in words.
  public static func fieldValue(for content: DropdownContent, state: SessionState) -> String? {
    guard content.isShown else { return state.query == nil ? nil : "Suggestions collapsed" }
    let count = state.suggestions.count
    return count == 1 ? "Suggestions expanded, 1 suggestion" : "Suggestions expanded, \(count) suggestions"
  }

  /// The announcement to post when the state goes from `old` to `new`, or `nil` when nothing a
  /// listener needs changed: the count (or "No suggestions", "Loading…", the failure) when the list
  /// opens or its rows or phase change; the highlighted row when only the highlight moved.
  public static func announcement(from old: SessionState?, to new: SessionState, isShown: Bool) -> String? {
    guard isShown, new.isOpen else { return nil }
    let status = new.accessibilityStatus
    guard !status.isEmpty else { return nil }
    guard let old, old.isOpen else { return status }
    if old.phase != new.phase || old.suggestions.map(\.id) != new.suggestions.map(\.id)
      || old.actionRowTitle != new.actionRowTitle
    {
      return status
    }
    guard old.highlight != new.highlight else { return nil }
    switch new.highlight {
    case .suggestion(let index):
      return position(for: .suggestion(index), in: new).map {
        "\(label(for: .suggestion(index), in: new)), \($0)"
      }
    case .actionRow: return new.actionRowTitle.map { "\($0), button" }
    case nil: return nil
    }
  }
}
