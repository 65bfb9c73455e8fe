// What the app asks from code: open or close the list, set or clear the text, switch
// suggestions on or off.

extension Step {
  /// Opens the list from code: the current query is asked again (an empty field shows its recents
  /// or on-focus suggestions); not handled when there is nothing to show for the text.
  mutating func openList() {
    guard suggests else { return isHandled = false }
    state.isFocused = true
    state.isDismissed = false
    if state.phase == .results || state.actionRowTitle != nil, state.query != nil, !state.isOpen {
      state.isOpen = true
      state.highlight = defaultHighlight(rowCount: state.suggestions.count)
      return
    }
    refreshQuery(force: true)
    isHandled = state.query != nil
  }

  /// Closes the list, keeps the text; the list stays closed until the next edit or arrow key.
  mutating func close() {
    state.deferredKey = nil
    if state.pendingRequestID != nil {
      cancelPending()
      state.phase = .idle
      state.sections = []  // stale rows of the cancelled query
    }
    state.isOpen = false
    state.isDismissed = true
    state.highlight = nil
    state.inlineCompletion = nil
  }

  /// Sets the text from code; the list opens only when asked.
  mutating func setText(_ snapshot: TextSnapshot, opensList: Bool) {
    let old = state.input
    let outputs = effects.count
    state.input = followMentions(from: old, to: snapshot)
    // The front end shows the new text through the usual edit (the mention rules may have sent one).
    if effects.count == outputs, state.input.text != old.text || state.input.selection != old.selection {
      effects.append(.output(.replaceText(TextEdit(from: old.text, to: state.input))))
    }
    state.pickedSpaceCaret = nil
    state.hasReturned = false
    state.deferredKey = nil
    if opensList {
      state.isFocused = true
      state.isDismissed = false
      refreshQuery(force: true)
    } else {
      resetQuery()
      state.isDismissed = true
    }
  }

  /// The app's switch (``SessionEvent/suggestionsEnabled(_:)``): off closes the list and cancels
  /// what is pending; on searches the text as it is now when the field has the focus. Not handled
  /// when it changes nothing.
  mutating func switchSuggestions(_ isOn: Bool) {
    switch SuggestionSwitch.turn(isOn, in: &state) {
    case .unchanged:
      isHandled = false
    case .suspended:
      resetQuery()
    case .resumed:
      state.isDismissed = false
      if state.isFocused { refreshQuery(force: true) }
    }
  }

  mutating func clear() {
    let text = state.text
    if !text.isEmpty { apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: "")) }
    effects.append(.output(.cleared))
    state.isDismissed = false
    state.hasReturned = false
    refreshQuery(force: true)
  }
}
