import AutocompleteCore

/// The wiring every token field's front end shares (UIKit, AppKit, SwiftUI and the terminal),
/// decided once here and tested on Linux: which keys of the text input go to the chips first and
/// the session event each sends, what a click on a chip does, and, after each state change, the
/// content to draw and the updates to report.
///
/// A front end keeps one driver, calls ``render(_:isRightToLeft:)`` from the session's state
/// callback, sends ``event(for:state:isCaretAtStart:isRightToLeft:)`` for Backspace, Delete, ← and
/// → (and lets the text input have the key when it is `nil` or the session does not use it), and
/// sends ``click(onChip:in:)`` for a chip's click or tap.
public struct TokenFieldDriver: Sendable {
  /// A key of the text input that may concern the chips.
  public enum Key: Sendable, Hashable, CaseIterable {
    /// Backspace: selects the last chip at the start of the text, removes the selected one.
    case backspace
    /// Delete (forward delete): removes the selected chip.
    case deleteForward
    /// ←: towards the first chip (the last one in a right-to-left layout).
    case left
    /// →: towards the text (the first chip in a right-to-left layout).
    case right
  }

  /// The state of the last ``render(_:isRightToLeft:)``.
  private var lastState: SessionState?

  /// Creates a driver that has rendered nothing yet.
  public init() {}

  /// Whether the text input's keys go to the chips first: there are chips and one is selected or
  /// the caret is at the start of the text with nothing selected.
  public static func keysReachChips(state: SessionState, isCaretAtStart: Bool) -> Bool {
    !state.tokens.isEmpty && (state.tokenState.selectedIndex != nil || isCaretAtStart)
  }

  /// The session event `key` sends to the token rules, or `nil` when the key belongs to the text
  /// (``keysReachChips(state:isCaretAtStart:)`` is false). When the session does not use the event
  /// (→ with no chip selected), the text input handles the key as usual.
  public static func event(for key: Key, state: SessionState, isCaretAtStart: Bool, isRightToLeft: Bool)
    -> SessionEvent?
  {
    guard keysReachChips(state: state, isCaretAtStart: isCaretAtStart) else { return nil }
    switch key {
    case .backspace: return .key(.backspace)
    case .deleteForward: return .tokens(.deleteSelected)
    case .left: return TokenArrowKey.left.event(isRightToLeft: isRightToLeft)
    case .right: return TokenArrowKey.right.event(isRightToLeft: isRightToLeft)
    }
  }

  /// The session event of a click (or tap) on the chip at `index`: it selects the chip, and on the
  /// selected chip (which shows its ×) it removes it. `nil` for an index with no chip (a chip
  /// view outliving its token).
  public static func click(onChip index: Int, in tokens: TokenState) -> SessionEvent? {
    guard tokens.tokens.indices.contains(index) else { return nil }
    return tokens.selectedIndex == index
      ? .tokens(.remove(id: tokens.tokens[index].id)) : .tokens(.select(index))
  }

  /// What to draw for `state` and what to tell the app since the last render (nothing on the
  /// first): the chips, refusal and announcement, and the ``TokenFieldUpdate``s.
  public mutating func render(_ state: SessionState, isRightToLeft: Bool = false)
    -> (content: TokenFieldContent, updates: [TokenFieldUpdate])
  {
    let content = TokenFieldContent(state: state, previous: lastState, isRightToLeft: isRightToLeft)
    let updates = lastState.map { TokenFieldUpdate.updates(from: $0, to: state) } ?? []
    lastState = state
    return (content, updates)
  }
}
