// How the text becomes a query, and a query a search: the text changed, the query asked (or kept,
// or cleared), the rows and highlight kept while a new answer is pending.

extension Step {
  mutating func textChanged(_ reported: TextSnapshot) {
    guard reported != state.input else { return }
    if splitIntoTokens(reported) { return }
    let input = followMentions(from: state.input, to: reported)
    let textDiffers = input.text != state.input.text
    let swallowsSpace = Self.isSpaceTyped(after: state.pickedSpaceCaret, from: state.input, to: input)
    state.pickedSpaceCaret = nil
    state.input = input
    if swallowsSpace {
      // The pick already put a space before the caret: a space typed right after it is not a second one.
      let text = input.text
      apply(TextEdit(text: text, range: text.utf8.index(before: input.caret)..<input.caret, replacement: ""))
    }
    state.isFocused = true
    if textDiffers {
      state.isDismissed = false
      state.hasReturned = false
      state.deferredKey = nil
    }
    refreshQuery(force: false)
  }

  /// Recomputes the active query; starts a request when it changed (or when `force`).
  mutating func refreshQuery(force: Bool) {
    guard suggests, let query = finder.query(in: state.input) else {
      resetQuery()
      return
    }
    forgetAcceptedCompletion(unlessContinuedBy: query)
    let showsForEmpty =
      query.text.isEmpty && state.isFocused
      && (configuration.showsSuggestionsOnFocus
        || (configuration.recents?.showsOnFocus == true && query.target == .field))
    // At least `minimumQueryLength` characters, counted no further (a 1 MB query is not walked).
    let isLongEnough =
      query.text.index(
        query.text.startIndex, offsetBy: max(0, configuration.minimumQueryLength),
        limitedBy: query.text.endIndex)
      != nil
    guard isLongEnough || showsForEmpty else {
      resetQuery()
      return
    }
    if !force, let current = state.query, current.text == query.text, current.target == query.target,
      current.delimiter == query.delimiter, state.phase != .idle || state.isDismissed
    {
      // Same query (the caret moved inside the token): keep the answer, update positions.
      state.query = query
      if state.answeredQuery?.text == query.text, state.answeredQuery?.target == query.target {
        state.answeredQuery = query
      }
      state.inlineCompletion = inlineCompletion()
      return
    }
    startQuery(query)
  }

  mutating func startQuery(_ query: SessionQuery) {
    cancelPending()
    state.lastRequestID += 1
    let id = state.lastRequestID
    state.pendingRequestID = id
    state.query = query
    state.phase = .loading
    keepRowsAsStale()
    state.isDismissed = false
    state.isOpen = true
    if let debounce = configuration.debounce, debounce > .zero {
      effects.append(.debounce(requestID: id, delay: debounce))
    } else {
      startSearch(id: id, query: query)
    }
  }

  mutating func startSearch(id: Int, query: SessionQuery) {
    let request = SearchRequest(
      id: id, target: query.target,
      query: SuggestionQuery(query.text, options: searchOptionsAroundTokens, delimiter: query.delimiter))
    effects.append(.search(request))
    effects.append(.stallTimer(requestID: id, delay: configuration.stallThreshold))
  }

  mutating func cancelPending() {
    if let pending = state.pendingRequestID { effects.append(.cancel(requestID: pending)) }
    state.pendingRequestID = nil
  }

  /// No query: idle and closed.
  mutating func resetQuery() {
    state.acceptedCompletion = nil
    cancelPending()
    state.deferredKey = nil
    state.query = nil
    state.phase = .idle
    clearAnswer()
    state.isOpen = false
  }

  /// While a new query is pending, the previous rows stay (``SessionState/isStale``) so the list
  /// does not flash empty on every keystroke; what depends on the old query goes: the ghost text,
  /// the action row (its title quotes the query) and a highlight on it.
  mutating func keepRowsAsStale() {
    state.answeredQuery = nil
    state.inlineCompletion = nil
    state.actionRowTitle = nil
    state.highlight = defaultHighlight(rowCount: state.suggestions.count)
  }

  /// After a refresh: when it asked the same query again (new data arrived, a retry), the row the
  /// user had highlighted stays highlighted among the rows kept meanwhile, and on the answer when
  /// it has that row — a list growing while the input streams in does not jump back to the top.
  mutating func keepHighlight(_ highlight: SessionHighlight?, ifAskedAgain asked: SessionQuery?) {
    guard let asked, let query = state.query, asked.text == query.text, asked.target == query.target,
      state.isStale, case .suggestion(let index) = highlight, state.suggestions.indices.contains(index)
    else { return }
    state.highlight = highlight
  }

  /// Forgets the row the field's text came from once the text of `query` no longer leads to it.
  mutating func forgetAcceptedCompletion(unlessContinuedBy query: SessionQuery?) {
    guard let accepted = state.acceptedCompletion else { return }
    if let query, query.target == .field,
      accepted.isContinued(by: query.text, isCaseSensitive: configuration.searchOptions.isCaseSensitive)
    {
      return
    }
    state.acceptedCompletion = nil
  }

  /// Forgets the shown answer: rows, highlight, ghost text and action row.
  mutating func clearAnswer() {
    state.sections = []
    state.answeredQuery = nil
    state.highlight = nil
    state.inlineCompletion = nil
    state.actionRowTitle = nil
  }
}
