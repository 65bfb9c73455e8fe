import Foundation

/// The token field's part of the session reducer (``SessionConfiguration/tokens``): the reducer
/// calls these at its few hook points — a pick, Return, Backspace, a text change, an answer — and
/// they turn rows and typed text into tokens, select and remove tokens, and keep picked values out
/// of the list.
///
/// Adding typed text (a separator, Return, the create row): a row whose completion or display text
/// equals the text (ignoring case) gives its token; otherwise ``TokenCreation`` decides, and without
/// one the text is refused ("not in the list"). A refused text stays in the field, never lost.
extension Step {
  /// The token-field configuration when the session is one.
  var tokenField: TokenFieldConfiguration? { configuration.tokens }

  /// The create row, when the token field has a ``TokenCreation`` and the app no action row.
  var tokenCreationRow: ActionRow? {
    guard configuration.actionRow == nil, let creation = tokenField?.creation else { return nil }
    return ActionRow(position: .bottom, showsWhenEmpty: true, title: creation.title)
  }

  /// Handles a ``TokenEvent``.
  mutating func handleTokenEvent(_ event: TokenEvent) {
    let maximum = tokenField?.maximumCount
    switch event {
    case .set(let tokens):
      state.tokenState.set(tokens, maximumCount: maximum)
      tokensChanged()
    case .add(let token):
      guard state.tokenState.add(token, maximumCount: maximum) else { return }
      tokensChanged()
    case .remove(let id):
      guard let index = state.tokenState.tokens.firstIndex(where: { $0.id == id }) else {
        return isHandled = false
      }
      state.tokenState.remove(at: index)
      tokensChanged()
    case .select(let index):
      guard index.map({ state.tokenState.tokens.indices.contains($0) }) ?? true else {
        return isHandled = false
      }
      state.tokenState.select(index)
    case .move(let direction):
      isHandled = moveTokenSelection(direction)
    case .deleteSelected:
      guard let index = state.tokenState.selectedIndex else { return isHandled = false }
      state.tokenState.remove(at: index)
      tokensChanged()
    case .undoRemoval:
      guard state.tokenState.undoRemoval(maximumCount: maximum) else { return isHandled = false }
      tokensChanged()
    }
  }

  /// ← → between tokens; `false` when the caret is in the text and nothing is selected.
  mutating func moveTokenSelection(_ direction: TokenDirection) -> Bool {
    let count = state.tokenState.tokens.count
    if let index = state.tokenState.selectedIndex {
      switch direction {
      case .previous: state.tokenState.select(max(0, index - 1))
      case .next: state.tokenState.select(index + 1 < count ? index + 1 : nil)
      }
      return true
    }
    guard direction == .previous, count > 0, isCaretAtTextStart else { return false }
    state.tokenState.select(count - 1)
    return true
  }

  /// Whether the caret sits before the first character with nothing selected or composed.
  var isCaretAtTextStart: Bool {
    let input = state.input
    return input.selection.isEmpty && input.caret == input.text.startIndex && !input.isComposing
  }

  /// Backspace as Mail's To: field: with a token selected it removes it; at the start of the text it
  /// selects the last token. `false` when the usual Backspace applies.
  mutating func backspaceOnTokens() -> Bool {
    guard tokenField != nil else { return false }
    if let index = state.tokenState.selectedIndex {
      state.tokenState.remove(at: index)
      tokensChanged()
      return true
    }
    guard !state.tokenState.tokens.isEmpty, isCaretAtTextStart else { return false }
    state.tokenState.select(state.tokenState.tokens.count - 1)
    return true
  }

  /// A pick in a token field: a row becomes a token, the create row creates one from the query;
  /// the text empties. `nil` when the usual pick applies (no token field, a trigger's row, the
  /// app's own action row).
  mutating func pickAsToken(_ highlight: SessionHighlight) -> Bool? {
    guard tokenField != nil else { return nil }
    switch highlight {
    case .actionRow:
      guard let creation = tokenField?.creation, configuration.actionRow == nil else { return nil }
      guard state.actionRowTitle != nil, let query = state.query else { return false }
      if addTyped(query.text, creation: creation, matchingRows: false) { emptyTextAfterToken() }
      return true
    case .suggestion(let index):
      let all = state.suggestions
      guard all.indices.contains(index), let query = state.answeredQuery ?? state.query,
        query.target == .field
      else { return nil }
      let suggestion = all[index]
      if let picked = pickFilterChip(suggestion) { return picked }
      guard state.tokenState.add(Token(suggestion), maximumCount: tokenField?.maximumCount) else {
        close()
        return true
      }
      if configuration.recents != nil { effects.append(.rememberPick(suggestion)) }
      effects.append(.output(.picked(suggestion)))
      emptyTextAfterToken()
      return true
    }
  }

  /// Return with text and no highlighted row: the text becomes a token (see the type's rules).
  /// `false` when Return does what it does in a plain field.
  mutating func returnAddsToken() -> Bool {
    guard let field = tokenField, field.returnAddsToken, !state.input.isComposing,
      !state.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else { return false }
    if addTyped(state.text, creation: field.creation, matchingRows: true) {
      emptyTextAfterToken()
    } else {
      close()
    }
    return true
  }

  /// A reported text with separators (typed or pasted): each complete part becomes a token, the
  /// part after the last separator stays as the query. The first refused part and what follows it
  /// stay in the field. `false` when the usual text rules apply (no separator, no token field).
  mutating func splitIntoTokens(_ reported: TextSnapshot) -> Bool {
    guard let field = tokenField else { return false }
    if reported.text != state.text { state.tokenState.select(nil) }
    guard !reported.isComposing, reported.text.contains(where: field.separators.contains) else {
      return false
    }
    let text = reported.text
    var parts = text.split(omittingEmptySubsequences: false, whereSeparator: field.separators.contains)
    var kept = parts.removeLast()[...]
    var added = false
    for part in parts where !part.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      guard addTyped(String(part), creation: field.creation, matchingRows: true) else {
        kept = text[part.startIndex...]
        break
      }
      added = true
    }
    state.input = reported
    state.isFocused = true
    state.isDismissed = false
    state.hasReturned = false
    state.deferredKey = nil
    let rest = String(kept.drop { $0 == " " })
    if rest != text { apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: rest)) }
    refreshQuery(force: added)
    return true
  }

  /// Adds typed `text` (trimmed) as a token; records the refusal and returns `false` when it is not.
  mutating func addTyped(_ text: String, creation: TokenCreation?, matchingRows: Bool) -> Bool {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return false }
    let folded = trimmed.lowercased()
    let token: Token
    if matchingRows,
      let row = state.suggestions.first(where: {
        $0.filterChipPayload == nil
          && ($0.completionText.lowercased() == folded || $0.displayText.lowercased() == folded)
      })
    {
      token = Token(row)
    } else if let creation {
      switch creation.validate(trimmed) {
      case .accepted(let created): token = created
      case .refused(let reason):
        state.tokenState.refuse(reason)
        return false
      }
    } else {
      state.tokenState.refuse("\u{201C}\(trimmed)\u{201D} is not in the list.")
      return false
    }
    return state.tokenState.add(token, maximumCount: tokenField?.maximumCount)
  }

  /// After a token was added: the text empties and the empty query is asked again (it shows
  /// suggestions only when the configuration shows them for an empty field).
  mutating func emptyTextAfterToken() {
    let text = state.text
    if !text.isEmpty { apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: "")) }
    state.pickedSpaceCaret = nil
    state.acceptedCompletion = nil
    state.deferredKey = nil
    state.isDismissed = false
    refreshQuery(force: true)
  }

  /// Tokens changed from outside the text: the list is asked again when it is open, pending or
  /// answered empty, so a removed value comes back, an added one leaves, and a filter chip's
  /// removal widens the list (an answer the chip made empty included). An answer kept for a list
  /// the user closed is out of date: it is dropped, so ↓ or opening the list asks again.
  mutating func tokensChanged() {
    guard state.query != nil, state.isOpen || state.phase != .idle, !state.isDismissed else {
      if !state.isOpen, state.pendingRequestID == nil, state.phase != .idle {
        state.phase = .idle
        clearAnswer()
      }
      return
    }
    refreshQuery(force: true)
  }

  /// The search options for a request: the filter chips narrow the app's filter
  /// (``TokenState/narrowing(_:)``), and the limit grows by the number of tokens, so rows left out
  /// as picked do not leave the list short.
  var searchOptionsAroundTokens: SearchOptions {
    var options = configuration.searchOptions
    options.filter = state.tokenState.narrowing(options.filter)
    let count = state.tokenState.tokens.count
    if count > 0, let limit = options.limit { options.maximumCount = limit + count }
    return options
  }
}
