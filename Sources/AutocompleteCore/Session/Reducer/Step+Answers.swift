// What an answer does: rows (or a failure) for the pending request, the action row, the inline
// completion.

extension Step {
  mutating func resultsArrived(_ id: Int, _ sections: [SuggestionSection]) {
    guard id == state.pendingRequestID, let query = state.query else { return }
    effects.append(.cancel(requestID: id))
    state.pendingRequestID = nil
    // A row the user moved to among the stale rows stays highlighted if the answer has it.
    let stale = state.isStale ? state.highlight : nil
    let movedWhileStale = stale != nil && stale != defaultHighlight(rowCount: state.suggestions.count)
    let limit = configuration.searchOptions.limit
    var cellStyle: String?
    if case .trigger(let index) = query.target, configuration.triggers.indices.contains(index) {
      cellStyle = configuration.triggers[index].cellStyle
    }
    forgetAcceptedCompletion(unlessContinuedBy: query)
    let sections = excludingPicked(state.acceptedCompletion?.keeping(in: sections) ?? sections)
    state.sections = sections.compactMap { section in
      var section = section
      if let limit, section.suggestions.count > limit { section.suggestions.removeSubrange(limit...) }
      if let cellStyle {
        for index in section.suggestions.indices where section.suggestions[index].cellStyle == nil {
          section.suggestions[index].cellStyle = cellStyle
        }
      }
      return section.suggestions.isEmpty ? nil : section
    }
    state.answeredQuery = query
    state.phase = state.sections.isEmpty ? .empty : .results
    state.highlight = defaultHighlight(rowCount: state.suggestions.count)
    if movedWhileStale, let stale, case .suggestion(let index) = stale,
      state.suggestions.indices.contains(index)
    {
      state.highlight = stale
    }
    updateActionRow()
    state.isOpen = !state.isDismissed && (state.phase == .results || state.actionRowTitle != nil)
    state.inlineCompletion = inlineCompletion()
    runDeferredKey()
  }

  mutating func failed(_ id: Int, _ error: SessionError) {
    guard id == state.pendingRequestID, let query = state.query else { return }
    effects.append(.cancel(requestID: id))
    state.pendingRequestID = nil
    state.sections = []
    state.answeredQuery = query
    state.phase = .failed(error)
    state.highlight = nil
    state.inlineCompletion = nil
    updateActionRow()
    state.isOpen = !state.isDismissed
    runDeferredKey()
  }

  mutating func updateActionRow() {
    state.actionRowTitle = nil
    guard let row = configuration.actionRow ?? tokenCreationRow, let query = state.query, !query.text.isEmpty
    else { return }
    state.actionRowPosition = row.position
    switch state.phase {
    case .results: state.actionRowTitle = row.title(query.text)
    case .empty, .failed: state.actionRowTitle = row.showsWhenEmpty ? row.title(query.text) : nil
    case .idle, .loading, .stalled: break
    }
  }

  /// The ghost suffix of the row Enter and Tab would take — the highlighted row, or the first row
  /// when none is highlighted — when that row starts with the typed text; nothing when it does not,
  /// when it equals the text, or when the action row is highlighted. So ghost text, highlighted row
  /// and what accepting does always agree.
  func inlineCompletion() -> InlineCompletion? {
    guard configuration.showsInlineCompletion, suggests, let query = state.query,
      query.target == .field, state.phase == .results, state.answeredQuery?.text == query.text,
      !state.isDismissed, state.input.isCaretAtEnd, !state.input.isComposing, !query.text.isEmpty
    else { return nil }
    let candidate: Suggestion?
    switch state.highlight {
    case .suggestion: candidate = state.highlightedSuggestion
    case .actionRow: candidate = nil
    case nil: candidate = state.suggestions.first
    }
    guard let candidate else { return nil }
    let prepared = SearchQuery(
      query.text,
      options: SearchOptions(mode: .prefix, isCaseSensitive: configuration.searchOptions.isCaseSensitive))
    guard let match = prepared.match(candidate.completionText), match.kind != .exact,
      let end = match.ranges.last?.upperBound
    else { return nil }
    let suffix = String(candidate.completionText[end...])
    guard !suffix.isEmpty else { return nil }
    let matched = String(candidate.completionText[..<end])
    return InlineCompletion(
      typedText: query.text, suffix: suffix, suggestionID: candidate.id, matchedText: matched)
  }
}
