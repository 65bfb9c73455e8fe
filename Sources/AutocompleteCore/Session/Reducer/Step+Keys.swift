// What the keys do: arrows and pages move the highlight, Enter and Tab pick (or wait for the
// pending answer), Escape closes, Backspace deletes.

extension Step {
  mutating func key(_ key: SessionKey) {
    // While an input method composes, keys belong to it.
    guard !state.input.isComposing else { return isHandled = false }
    switch key {
    case .up, .down:
      navigate(by: key == .down ? 1 : -1)
      followHighlight()
    case .pageUp, .pageDown:
      page(by: key == .pageDown ? 1 : -1)
      followHighlight()
    case .home, .end:
      let stops = state.navigationStops
      guard state.isOpen, !stops.isEmpty else { return isHandled = false }
      state.highlight = key == .home ? stops.first : stops.last
      followHighlight()
    case .enter:
      if deferUntilAnswered(key) { return }
      enter()
    case .tab:
      if deferUntilAnswered(key) { return }
      if state.isOpen, let highlight = state.highlight, pick(highlight) { return }
      if state.inlineCompletion != nil {
        acceptInlineCompletion()
      } else {
        isHandled = false
      }
    case .right:
      guard state.inlineCompletion != nil, state.input.isCaretAtEnd else { return isHandled = false }
      acceptInlineCompletion()
    case .escape: escape()
    case .backspace: backspace()
    }
  }

  /// The ghost text follows the highlighted row (it shows that row's completion, or nothing).
  mutating func followHighlight() {
    if state.inlineCompletion != nil || configuration.showsInlineCompletion {
      state.inlineCompletion = inlineCompletion()
    }
  }

  mutating func navigate(by delta: Int) {
    guard suggests else { return isHandled = false }
    if !state.isOpen {
      state.isDismissed = false
      if !state.navigationStops.isEmpty, state.phase == .results || state.actionRowTitle != nil {
        state.isOpen = true
        state.highlight = delta > 0 ? state.navigationStops.first : state.navigationStops.last
      } else {
        refreshQuery(force: true)
        isHandled = state.query != nil
      }
      return
    }
    let stops = state.navigationStops
    guard !stops.isEmpty else { return }
    guard let current = state.highlight.flatMap({ stops.firstIndex(of: $0) }) else {
      state.highlight = delta > 0 ? stops.first : stops.last
      return
    }
    var next = current + delta
    if next < 0 || next >= stops.count {
      next =
        configuration.wrapsNavigation
        ? (next + stops.count) % stops.count : min(max(0, next), stops.count - 1)
    }
    state.highlight = stops[next]
  }

  mutating func page(by direction: Int) {
    let stops = state.navigationStops
    guard state.isOpen, !stops.isEmpty else { return isHandled = false }
    let size = max(1, configuration.pageSize)
    let current = state.highlight.flatMap { stops.firstIndex(of: $0) }
    let next: Int
    if let current {
      next = current + direction * size
    } else {
      next = direction > 0 ? size - 1 : 0
    }
    state.highlight = stops[min(max(0, next), stops.count - 1)]
  }

  mutating func enter() {
    if state.isOpen, let highlight = state.highlight, pick(highlight) { return }
    if state.inlineCompletion != nil { acceptInlineCompletion() }
    if returnAddsToken() { return }
    effects.append(.output(.returned(text: state.text)))
    state.hasReturned = true
    close()
  }

  mutating func escape() {
    if state.isOpen {
      close()
    } else if state.inlineCompletion != nil {
      state.inlineCompletion = nil
      state.isDismissed = true
    } else {
      isHandled = false
    }
  }

  /// Enter or Tab while the current query's answer is pending, when the key would pick a row (one
  /// is highlighted, or the first is as soon as rows arrive): kept in ``SessionState/deferredKey``
  /// for ``runDeferredKey()``, so it picks from the answer to the text on screen, not from the stale
  /// rows of an earlier query. Without a highlight, Enter does not depend on the rows and acts now.
  mutating func deferUntilAnswered(_ key: SessionKey) -> Bool {
    guard state.phase.isPending, state.query != nil,
      state.highlight != nil || configuration.highlightsFirstRow
    else { return false }
    state.deferredKey = key
    return true
  }

  /// Runs the key that waited for this answer (or failure), on the new rows.
  mutating func runDeferredKey() {
    guard let key = state.deferredKey else { return }
    state.deferredKey = nil
    self.key(key)
  }

  mutating func backspace() {
    if backspaceOnTokens() { return }
    let input = state.input
    var range = input.selection
    if range.isEmpty {
      guard range.lowerBound > input.text.startIndex else { return isHandled = false }
      range = input.text.index(before: range.lowerBound)..<range.upperBound
    }
    let deletion = TextEdit(text: input.text, range: range, replacement: "")
    // The mention rules see the deletion as a front end's edit would be seen; one edit results.
    let update = mentionRules.textChanged(
      from: input, to: deletion.resultingSnapshot, state: &state.mentionState)
    state.input = update.input
    state.pickedSpaceCaret = nil
    effects.append(
      .output(.replaceText(update.edit == nil ? deletion : TextEdit(from: input.text, to: update.input))))
    reportMentions(update.change)
    state.isDismissed = false
    state.hasReturned = false
    refreshQuery(force: false)
  }
}
