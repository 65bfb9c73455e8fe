// What picking does: a row or the action row picked or filled, the inline completion accepted,
// the edit applied to the text, the list closed after it.

extension Step {
  /// Picks a row; returns `false` when there is no such row.
  mutating func pick(_ highlight: SessionHighlight) -> Bool {
    if let picked = pickAsToken(highlight) { return picked }
    switch highlight {
    case .actionRow:
      guard state.actionRowTitle != nil, let query = state.query else { return false }
      effects.append(.output(.actionRowPicked(query: query.text)))
      close()
      return true
    case .suggestion(let index):
      let all = state.suggestions
      guard all.indices.contains(index), let query = state.answeredQuery ?? state.query else { return false }
      let suggestion = all[index]
      let text = state.text
      switch query.target {
      case .field:
        apply(
          TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: suggestion.completionText)
        )
      case .trigger(let trigger):
        let replacesDelimiter =
          configuration.triggers.indices.contains(trigger)
          && configuration.triggers[trigger].replacesDelimiter
        let mention = mentionRules.pick(suggestion, query: query)
        let completion = mention?.text ?? suggestion.completionText
        let start =
          mention?.replacementStart
          ?? (replacesDelimiter ? query.replacementRange.lowerBound : query.queryStart)
        // The rest of the word after the caret is replaced only when the completion ends with it
        // ("@jo|hn" → "@john"); otherwise it is other text ("@mo|there") and stays.
        let caret = max(state.input.caret, query.queryStart)
        let rest =
          caret < query.replacementRange.upperBound ? text[caret..<query.replacementRange.upperBound] : ""
        let end =
          rest.isEmpty || completion.hasSuffix(rest)
          ? query.replacementRange.upperBound : caret
        let range = start..<end
        // A space follows the completion; an existing space or punctuation is reused instead.
        let next = range.upperBound < text.endIndex ? text[range.upperBound] : nil
        let followedBySpace = next.map { $0.isWhitespace } ?? false
        let followedByBreak = next.map { finder.isBreak($0) } ?? false
        let replacement = completion + (followedByBreak ? "" : " ")
        let caretAfter = completion.count + (followedBySpace || !followedByBreak ? 1 : 0)
        let edit = TextEdit(text: text, range: range, replacement: replacement, caretAfter: caretAfter)
        apply(edit)
        if let mention {
          reportMentions(
            MentionChange(
              added: mentionRules.add(
                mention, replacedFrom: TextOffsets.offset(of: start, in: text), in: state.text,
                state: &state.mentionState)))
        }
        let before = edit.caret > edit.resultingText.startIndex ? edit.resultingText[..<edit.caret].last : nil
        if before == " " { state.pickedSpaceCaret = Self.utf8Offset(edit.caret, in: edit.resultingText) }
      }
      if query.target == .field, configuration.recents != nil { effects.append(.rememberPick(suggestion)) }
      effects.append(.output(.picked(suggestion)))
      closeAfterPick()
      if query.target == .field { state.acceptedCompletion = AcceptedCompletion(suggestion) }
      return true
    }
  }

  /// Tap-ahead: the row's completion text replaces the field's text (or the token), the caret goes
  /// to its end, and the new text is searched; nothing is picked.
  mutating func fill(_ index: Int) -> Bool {
    let rows = state.suggestions
    guard rows.indices.contains(index), let query = state.answeredQuery ?? state.query else { return false }
    let completion = rows[index].completionText
    let text = state.text
    switch query.target {
    case .field:
      apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: completion))
    case .trigger:
      let range = query.queryStart..<max(state.input.caret, query.queryStart)
      apply(TextEdit(text: text, range: range, replacement: completion))
    }
    state.pickedSpaceCaret = nil
    state.isDismissed = false
    state.isFocused = true
    refreshQuery(force: true)
    return true
  }

  /// Accepts the ghost text: the field becomes the row's completion text, with the row's own case
  /// and accents ("zur" gives "Zürich", not "zurich").
  mutating func acceptInlineCompletion() {
    guard let inline = state.inlineCompletion else { return }
    let suggestion = state.suggestions.first { $0.id == inline.suggestionID }
    let text = state.text
    if let suggestion {
      apply(
        TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: suggestion.completionText))
      if configuration.recents != nil { effects.append(.rememberPick(suggestion)) }
      effects.append(.output(.picked(suggestion)))
    } else {
      apply(TextEdit(text: text, range: text.endIndex..<text.endIndex, replacement: inline.suffix))
    }
    closeAfterPick()
    state.acceptedCompletion = suggestion.map(AcceptedCompletion.init)
  }

  /// After a pick: the new text's query is known but not searched; the list stays closed.
  mutating func closeAfterPick() {
    cancelPending()
    state.deferredKey = nil
    let query = suggests ? finder.query(in: state.input) : nil
    state.query = query
    state.phase = .idle
    clearAnswer()
    state.isOpen = false
    state.isDismissed = true
  }

  /// Applies `edit` to the session's text and tells the front end; mentions follow.
  mutating func apply(_ edit: TextEdit) {
    let old = state.text
    state.input = edit.resultingSnapshot
    effects.append(.output(.replaceText(edit)))
    reportMentions(mentionRules.applied(edit, to: old, state: &state.mentionState))
  }

  /// Whether `new` is `old` with one space typed at `caret` (a UTF-8 offset), the caret after it.
  static func isSpaceTyped(after caret: Int?, from old: TextSnapshot, to new: TextSnapshot) -> Bool {
    guard let caret, old.selection.isEmpty, new.selection.isEmpty, !new.isComposing,
      utf8Offset(old.caret, in: old.text) == caret, utf8Offset(new.caret, in: new.text) == caret + 1,
      new.text.utf8.count == old.text.utf8.count + 1
    else { return false }
    let utf8 = Array(new.text.utf8)
    guard utf8[caret] == 0x20 else { return false }
    var expected = utf8
    expected.remove(at: caret)
    return expected.elementsEqual(old.text.utf8)
  }

  /// The UTF-8 offset of `index` in `text`.
  static func utf8Offset(_ index: String.Index, in text: String) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index)
  }
}
