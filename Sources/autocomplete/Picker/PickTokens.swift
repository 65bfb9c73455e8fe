import AutocompleteCore
import AutocompleteTerminal

/// `pick --tokens`: the picker as a token field. Tab turns the highlighted row into a chip and
/// empties the query (the session's token rules, ``TokenFieldConfiguration``), picked rows leave the
/// list, Backspace on an empty query selects the last chip and a second Backspace removes it (← →
/// move between chips, Delete removes the selected one), and Enter prints the chips in order — or,
/// with no chips, the highlighted row as usual. The chips are drawn on the prompt line before the
/// query: `> [Madrid] [Paris] [Porto ×] que`, the selected one with a ×.
enum PickTokens {
  /// The token-field configuration of `pick --tokens`: rows only (lines are not created from typed
  /// text), no separators (lines may hold commas), Return does not add (it prints).
  static let configuration = TokenFieldConfiguration(separators: [], returnAddsToken: false)

  /// The footer of `pick --tokens`.
  static let footer = "↑↓ move · Tab chip · ⌫ remove · Enter pick · Esc cancel"

  /// What a key the token field owns did.
  enum KeyOutcome: Equatable {
    /// The chips changed or the selection moved.
    case handled
    /// Enter with chips: the chips, in order.
    case finish([Token])
  }

  /// Handles a key the token field owns; `nil` for keys the controller handles as usual.
  @MainActor
  static func handle(_ event: TerminalEvent, controller: SessionPickerController) -> KeyOutcome? {
    guard case .key(let key) = event else { return nil }
    let session = controller.session
    let tokens = session.state.tokenState
    let isSelected = tokens.selectedIndex != nil
    let reachesChips = isSelected || (controller.editor.caret == 0 && !tokens.tokens.isEmpty)
    switch key {
    case .enter where !tokens.tokens.isEmpty && !session.state.phase.isPending:
      return .finish(tokens.tokens)
    case .enter where session.state.isOpen && !session.state.isStale:
      // No chips: the highlighted row is printed, as fzf (the session would make it a chip).
      guard let row = session.state.highlightedSuggestion else { return nil }
      return .finish([Token(row)])
    case .backspace where reachesChips:
      session.send(.key(.backspace))
    case .delete where isSelected:
      session.send(.tokens(.deleteSelected))
    case .left where reachesChips:
      session.send(.tokens(.move(.previous)))
    case .right where isSelected:
      session.send(.tokens(.move(.next)))
    default:
      return nil
    }
    return .handled
  }

  /// The prompt with the chips after it, fitting half of `width` columns: chips that do not fit are
  /// counted at the start ("+2 ") and the last ones shown.
  static func prompt(_ base: String, tokens: TokenState, width: Int) -> String {
    guard !tokens.tokens.isEmpty else { return base }
    let chips = tokens.tokens.indices.map { index in
      let title = tokens.tokens[index].displayText
      return tokens.selectedIndex == index ? "[\(title) \u{00D7}] " : "[\(title)] "
    }
    let budget = max(0, width / 2 - base.displayWidth)
    var shown = chips[...]
    while !shown.isEmpty {
      let hidden = chips.count - shown.count
      let lead = hidden > 0 ? "+\(hidden) " : ""
      let line = lead + shown.joined()
      if line.displayWidth <= budget { return base + line }
      shown = shown.dropFirst()
    }
    return base + "+\(chips.count) "
  }
}

extension PickTokens {
  /// The number of lines matching `query`, less the chips among them (picked rows leave the list,
  /// so the count and the "↓ n more" line count only the rows that can show).
  static func total(_ total: Int, lessChipsOf state: SessionState, query: String, options: SearchOptions)
    -> Int
  {
    guard !state.tokens.isEmpty else { return total }
    let prepared = SearchQuery(query, options: options)
    let picked = state.tokens.filter { token in
      query.isEmpty || (token.item.map { prepared.match($0.displayText) != nil } ?? false)
    }
    return max(0, total - picked.count)
  }
}
