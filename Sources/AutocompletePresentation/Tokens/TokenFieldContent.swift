import AutocompleteCore

/// Everything a token field draws besides the text and the list, decided once for every front end:
/// the chips in layout order, the refusal to show, the announcement to post.
public struct TokenFieldContent: Sendable, Equatable {
  /// The chips in token order (first token first); leading-to-trailing in any layout direction.
  public var chips: [TokenChip]
  /// The chips from left to right on screen: token order, reversed in a right-to-left layout, for
  /// front ends that place chips at absolute x positions (the terminal, manual frames).
  public var chipsLeftToRight: [TokenChip]
  /// Why the last token was refused ("“bob” is not an e-mail address."), shown under the field.
  public var refusal: String?
  /// What to announce after the transition that produced this content, or `nil`.
  public var announcement: String?
  /// Whether the placeholder shows: no tokens and no text.
  public var showsPlaceholder: Bool

  /// The content of `state`, laid out left to right or right to left.
  public init(state: SessionState, previous: SessionState? = nil, isRightToLeft: Bool = false) {
    let tokens = state.tokenState
    chips = tokens.tokens.indices.map { TokenChip(index: $0, in: tokens) }
    chipsLeftToRight = isRightToLeft ? chips.reversed() : chips
    refusal = tokens.refusal
    announcement = TokenAccessibility.announcement(from: previous, to: state)
    showsPlaceholder = tokens.tokens.isEmpty && state.text.isEmpty
  }
}
