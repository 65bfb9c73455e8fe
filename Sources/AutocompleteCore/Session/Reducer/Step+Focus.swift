// What focus does: the field gaining or losing it.

extension Step {
  mutating func focusChanged(_ isFocused: Bool) {
    if isFocused {
      guard !state.isFocused else { return }
      state.isFocused = true
      state.hasReturned = false
      state.isDismissed = false
      if configuration.showsSuggestionsOnFocus
        || (configuration.recents?.showsOnFocus == true && state.text.isEmpty)
      {
        refreshQuery(force: true)
      }
    } else {
      guard state.isFocused else { return }
      state.tokenState.select(nil)
      let shouldClear = configuration.clearsOnEndEditingWithoutReturn && !state.hasReturned
      resetQuery()
      state.isFocused = false
      state.isDismissed = false
      if shouldClear, !state.text.isEmpty {
        let text = state.text
        apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: ""))
        effects.append(.output(.cleared))
      }
    }
  }
}
