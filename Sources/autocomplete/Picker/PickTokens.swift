import AutocompleteCore
import AutocompleteTerminal

/// `pick --tokens`: the picker as a token field. Tab turns the highlighted row into a chip and
/// empties the query (the session's token rules, ``TokenFieldConfiguration``), picked rows leave the
/// list, Backspace on an empty query selects the last chip and a second Backspace removes it (← →
/// move between chips, Delete removes the selected one), and Enter prints the chips in order — or,
/// with no chips, the highlighted row as usual. The chips are drawn on the prompt line before the
/// query: `> [Madrid] [Paris] [Porto ×] que`, the selected one with a ×.
///
/// With `--facet FIELD` (``PickFacets``), category rows ("in BR (211)") lead the list: Tab or Enter
/// on one makes a filter chip, drawn as its filter (`[country:=BR]`), that narrows the list until
/// it is removed; filter chips are never printed.
///
/// Tab and Enter act on the answer to the query on screen, never on the rows of an earlier query
/// still shown while it is pending: pressed then, they wait for it (``WaitingKeys``), and so does
/// every key typed after them, so keys typed in one burst act in order, each on its own answer.
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
    /// Enter with chips: the value chips, in order (filter chips are not printed).
    case finish([Token])
  }

  /// Keys waiting for the answer to the query on screen: a Tab or Enter pressed while it was
  /// pending, and every key after it (Esc and Ctrl-C do not wait: they cancel).
  @MainActor
  final class WaitingKeys {
    /// The keys, in the order they were pressed.
    var keys: [KeyEvent] = []
  }

  /// Handles `event` in `pick --tokens`: a Tab or Enter while the answer is pending waits for it
  /// (see ``WaitingKeys``); the keys that waited run, in order, whenever no answer is pending — a
  /// Tab that makes a chip asks the emptied query again, and the keys after it wait for that answer.
  @MainActor
  static func step(_ event: TerminalEvent, controller: SessionPickerController, waiting: WaitingKeys)
    -> TerminalAppStep<PickApp.Outcome>
  {
    if case .key(let key) = event, ![.escape, .cancel].contains(SessionKeyRoute(key)),
      !waiting.keys.isEmpty || (controller.state.phase.isPending && (key == .tab || key == .enter))
    {
      waiting.keys.append(key)
    } else if case .finish(let outcome) = now(event, controller: controller) {
      return .finish(outcome)
    }
    while !waiting.keys.isEmpty, !controller.state.phase.isPending {
      let key = waiting.keys.removeFirst()
      if case .finish(let outcome) = now(.key(key), controller: controller) { return .finish(outcome) }
    }
    return .proceed
  }

  /// Handles `event` now: the token field's keys (``handle(_:controller:)``), else the controller.
  @MainActor
  private static func now(_ event: TerminalEvent, controller: SessionPickerController)
    -> TerminalAppStep<PickApp.Outcome>
  {
    if let outcome = handle(event, controller: controller) {
      guard case .finish(let chips) = outcome else { return .proceed }
      return .finish(.tokens(chips))
    }
    if case .finish(let outcome) = controller.handle(event) { return .finish(.single(outcome)) }
    return .proceed
  }

  /// Handles a key the token field owns; `nil` for keys the controller handles as usual.
  @MainActor
  static func handle(_ event: TerminalEvent, controller: SessionPickerController) -> KeyOutcome? {
    guard case .key(let key) = event else { return nil }
    let session = controller.session
    let tokens = session.state.tokenState
    let isSelected = tokens.selectedIndex != nil
    let reachesChips = isSelected || (controller.editor.caret == 0 && !tokens.tokens.isEmpty)
    let values = tokens.tokens.filter { $0.kind == .value }
    switch key {
    case .enter
    where session.state.isOpen && !session.state.isStale
      && session.state.highlightedSuggestion?.payload is any FilterChipPayload:
      // Enter on a category row makes its filter chip, as Tab does.
      session.send(.key(.tab))
    case .enter where !values.isEmpty && !session.state.phase.isPending:
      return .finish(values)
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
      let token = tokens.tokens[index]
      let title = token.kind == .filter ? token.id : token.displayText
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
  /// so the count and the "↓ n more" line count only the rows that can show). `isKept` says whether
  /// a picked row passes the filter chips (a picked row they leave out is not among the matches).
  static func total(
    _ total: Int, lessChipsOf state: SessionState, query: String, options: SearchOptions,
    isKept: (Suggestion) -> Bool = { _ in true }
  ) -> Int {
    guard !state.tokens.isEmpty else { return total }
    let prepared = SearchQuery(query, options: options)
    let picked = state.tokens.filter { token in
      guard token.kind == .value else { return false }
      guard let item = token.item else { return query.isEmpty }
      return isKept(item) && (query.isEmpty || prepared.match(item.displayText) != nil)
    }
    return max(0, total - picked.count)
  }
}
