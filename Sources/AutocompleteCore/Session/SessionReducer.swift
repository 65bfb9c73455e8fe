/// The session's state machine: a pure function from a state and an event to a transition.
///
/// It never awaits, so it can be tested synchronously; ``AutocompleteSession`` runs its effects.
/// The configuration's ``SessionConfiguration/stateReducer`` hook sees every proposed transition.
public struct SessionReducer: Sendable {
  /// The configuration.
  public var configuration: SessionConfiguration

  /// Creates a reducer.
  public init(configuration: SessionConfiguration) {
    self.configuration = configuration
  }

  /// Returns the transition for `event` in `state`, after the state-reducer hook.
  public func reduce(_ state: SessionState, _ event: SessionEvent) -> SessionTransition {
    var step = Step(state: state, configuration: configuration)
    step.handle(event)
    let proposed = SessionTransition(state: step.state, effects: step.effects, isHandled: step.isHandled)
    guard let hook = configuration.stateReducer else { return proposed }
    return hook(state, event, proposed)
  }
}

/// One transition in progress (internal so that its named parts, such as the token rules in
/// `Tokens/TokenRules.swift`, can live in their own files).
struct Step {
  var state: SessionState
  let configuration: SessionConfiguration
  var effects: [SessionEffect] = []
  var isHandled = true

  init(state: SessionState, configuration: SessionConfiguration) {
    self.state = state
    self.configuration = configuration
  }

  var finder: TokenFinder {
    TokenFinder(
      triggers: configuration.triggers, breakCharacters: configuration.tokenBreakCharacters,
      mentions: state.mentionState.mentions)
  }

  /// The mention rules.
  var mentionRules: MentionTracker { MentionTracker(configuration: configuration) }

  /// Whether the session suggests now: the configuration's main switch and the app's
  /// (``SuggestionSwitch``).
  var suggests: Bool { SuggestionSwitch.suggests(in: state, configuration: configuration) }

  mutating func handle(_ event: SessionEvent) {
    state.tokenState.announcement = nil
    switch event {
    case .textChanged(let input): textChanged(input)
    case .key(let key): self.key(key)
    case .focusChanged(let isFocused): focusChanged(isFocused)
    case .rowPicked(let index): isHandled = !state.isStale && pick(.suggestion(index))
    case .rowHighlighted(let highlight):
      if let highlight, !state.navigationStops.contains(highlight) {
        isHandled = false
      } else {
        state.highlight = highlight
        followHighlight()
      }
    case .actionRowPicked: isHandled = pick(.actionRow)
    case .cleared: clear()
    case .mentionedTextLoaded(let text): loadMentionedText(text)
    case .mentionedTextInserted(let text): insertMentionedText(text)
    case .listOpened: openList()
    case .listClosed:
      guard state.isOpen || state.phase.isPending else { return isHandled = false }
      close()
    case .textSet(let snapshot, let opensList): setText(snapshot, opensList: opensList)
    case .rowFilled(let index): isHandled = !state.isStale && fill(index)
    case .suggestionsEnabled(let isOn): switchSuggestions(isOn)
    case .tokens(let event): handleTokenEvent(event)
    case .refresh:
      if state.isDismissed, suggests {
        state.inlineCompletion = inlineCompletion()
      } else if state.query != nil || !state.text.isEmpty || !suggests {
        let (asked, highlight) = (state.query, state.highlight)
        refreshQuery(force: true)
        keepHighlight(highlight, ifAskedAgain: asked)
      }
    case .resultsArrived(let id, let sections): resultsArrived(id, sections)
    case .failed(let id, let error): failed(id, error)
    case .stallTimerFired(let id):
      if id == state.pendingRequestID, state.phase == .loading { state.phase = .stalled }
    case .debounceFired(let id):
      if id == state.pendingRequestID, state.phase.isPending, let query = state.query {
        startSearch(id: id, query: query)
      }
    }
  }

  // MARK: Text

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

  /// The highlight a fresh answer with `rowCount` rows gets.
  func defaultHighlight(rowCount: Int) -> SessionHighlight? {
    configuration.highlightsFirstRow && rowCount > 0 ? .suggestion(0) : nil
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

  // MARK: Answers

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

  // MARK: Keys

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

  // MARK: Keys while the answer is pending

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

  // MARK: Closing

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

  // MARK: Picks

  /// Applies `edit` to the session's text and tells the front end; mentions follow.
  mutating func apply(_ edit: TextEdit) {
    let old = state.text
    state.input = edit.resultingSnapshot
    effects.append(.output(.replaceText(edit)))
    reportMentions(mentionRules.applied(edit, to: old, state: &state.mentionState))
  }

  // MARK: Mentions

  /// Runs the mention rules on the front end's new snapshot; returns what the session now holds
  /// and tells the front end about a text or selection it must change.
  mutating func followMentions(from old: TextSnapshot, to reported: TextSnapshot) -> TextSnapshot {
    let update = mentionRules.textChanged(from: old, to: reported, state: &state.mentionState)
    if let edit = update.edit {
      effects.append(.output(.replaceText(edit)))
    } else if update.input.selection != reported.selection {
      effects.append(.output(.moveSelection(update.input)))
    }
    reportMentions(update.change)
    return update.input
  }

  /// Reports mentions that came and went, as one output per event.
  mutating func reportMentions(_ change: MentionChange) {
    guard !change.isEmpty else { return }
    if case .output(.mentionsChanged(let earlier)) = effects.last {
      effects[effects.count - 1] = .output(
        .mentionsChanged(
          MentionChange(added: earlier.added + change.added, removed: earlier.removed + change.removed)))
    } else {
      effects.append(.output(.mentionsChanged(change)))
    }
  }

  /// Replaces the whole text with `loaded`, whose mentions become live; the list stays closed.
  mutating func loadMentionedText(_ loaded: MentionedText) {
    let text = state.text
    let removed = state.mentionState.mentions
    let edit = TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: loaded.text)
    state.input = edit.resultingSnapshot
    effects.append(.output(.replaceText(edit)))
    state.mentionState = MentionState()
    let added = mentionRules.add(
      loaded.mentions.map { OffsetMention(offsets: $0.utf8Range(in: loaded.text), mention: $0) },
      in: state.text,
      state: &state.mentionState)
    reportMentions(MentionChange(added: added, removed: removed))
    state.pickedSpaceCaret = nil
    state.hasReturned = false
    closeAfterPick()
  }

  /// Inserts `inserted` at the selection; a mention the selection cuts into is replaced whole.
  mutating func insertMentionedText(_ inserted: MentionedText) {
    guard !state.input.isComposing else { return isHandled = false }
    let text = state.text
    var lower = state.input.selection.lowerBound
    var upper = state.input.selection.upperBound
    for mention in state.mentionState.mentions {
      if mention.range.lowerBound < lower, lower < mention.range.upperBound {
        lower = mention.range.lowerBound
      }
      if mention.range.lowerBound < upper, upper < mention.range.upperBound {
        upper = mention.range.upperBound
      }
    }
    let start = TextOffsets.offset(of: lower, in: text)
    apply(TextEdit(text: text, range: lower..<upper, replacement: inserted.text))
    let items = inserted.mentions.map { mention in
      let offsets = mention.utf8Range(in: inserted.text)
      return OffsetMention(
        offsets: (start + offsets.lowerBound)..<(start + offsets.upperBound), mention: mention)
    }
    reportMentions(MentionChange(added: mentionRules.add(items, in: state.text, state: &state.mentionState)))
    state.pickedSpaceCaret = nil
    state.isDismissed = false
    state.hasReturned = false
    refreshQuery(force: false)
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

  // MARK: The app in control

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

  mutating func clear() {
    let text = state.text
    if !text.isEmpty { apply(TextEdit(text: text, range: text.startIndex..<text.endIndex, replacement: "")) }
    effects.append(.output(.cleared))
    state.isDismissed = false
    state.hasReturned = false
    refreshQuery(force: true)
  }

  // MARK: Focus

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
