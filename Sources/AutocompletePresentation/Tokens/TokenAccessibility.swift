import AutocompleteCore

/// What assistive technologies hear about a token field: each chip is its own element read as
/// "Madrid, 2 of 3, token" (a filter chip "in Brazil, filter, 2 of 3, token") with a "Remove Madrid" action, and changes to the tokens are announced
/// ("Madrid removed. 2 tokens.", a refusal's reason).
public enum TokenAccessibility {
  /// The label of the token at `index` of `tokens`: "Madrid, 2 of 3, token", and for a filter chip
  /// "in Brazil, filter, 2 of 3, token"; "" for a bad index.
  public static func label(forTokenAt index: Int, in tokens: [Token]) -> String {
    guard tokens.indices.contains(index) else { return "" }
    let kind = tokens[index].kind == .filter ? ", filter" : ""
    return "\(tokens[index].displayText)\(kind), \(index + 1) of \(tokens.count), token"
  }

  /// The names Voice Control accepts for the chip at `index`: its text alone ("Madrid", not
  /// "Madrid, 2 of 3, token"); none for a bad index.
  public static func inputLabels(forTokenAt index: Int, in tokens: [Token]) -> [String] {
    guard tokens.indices.contains(index), !tokens[index].displayText.isEmpty else { return [] }
    return [tokens[index].displayText]
  }

  /// The hint of a chip: a selected chip (after a first Delete, or a tap) says that Delete or a
  /// double tap removes it; an unselected chip that a double tap selects it.
  public static func hint(isSelected: Bool) -> String {
    isSelected ? "Press Delete or double tap to remove it." : "Double tap to select it."
  }

  /// The name of a chip's remove action: "Remove Madrid".
  public static func removeActionName(for token: Token) -> String { "Remove \(token.displayText)" }

  /// The announcement to post after a transition, or `nil` when the tokens did not change: what the
  /// session said about the change (`TokenState.announcement`), which includes the new count.
  public static func announcement(from old: SessionState?, to new: SessionState) -> String? {
    guard let text = new.tokenState.announcement, !text.isEmpty else { return nil }
    if let old, old.tokenState == new.tokenState { return nil }
    return text
  }
}
