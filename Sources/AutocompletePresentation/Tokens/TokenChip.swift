import AutocompleteCore

/// One chip as a front end draws it: its token, whether it is selected, and what VoiceOver reads.
public struct TokenChip: Sendable, Equatable, Identifiable {
  /// The token's id.
  public var id: String { token.id }
  /// The token.
  public var token: Token
  /// The token's index in `TokenState.tokens` (token order, whatever the layout order).
  public var index: Int
  /// The text on the chip.
  public var title: String { token.displayText }
  /// A picked value or a filter chip: front ends may draw a filter chip differently (the terminal
  /// shows its filter, `[country:=BR]`).
  public var kind: TokenKind { token.kind }
  /// Whether the chip is selected (drawn highlighted; Backspace or Delete removes it).
  public var isSelected: Bool
  /// The accessibility label: "Madrid, 2 of 3, token" ("in Brazil, filter, 2 of 3, token").
  public var accessibilityLabel: String
  /// The name of the accessibility remove action: "Remove Madrid".
  public var removeActionName: String
  /// The names Voice Control accepts: the chip's text alone ("Madrid").
  public var accessibilityInputLabels: [String]
  /// The hint: "Press Delete or double tap to remove it." while selected, "Double tap to select
  /// it." otherwise. Front ends also give a selected chip the selected trait.
  public var accessibilityHint: String { TokenAccessibility.hint(isSelected: isSelected) }

  /// The chip of the token at `index` in `state`.
  public init(index: Int, in state: TokenState) {
    self.token = state.tokens[index]
    self.index = index
    self.isSelected = state.selectedIndex == index
    self.accessibilityLabel = TokenAccessibility.label(forTokenAt: index, in: state.tokens)
    self.removeActionName = TokenAccessibility.removeActionName(for: state.tokens[index])
    self.accessibilityInputLabels = TokenAccessibility.inputLabels(forTokenAt: index, in: state.tokens)
  }
}
