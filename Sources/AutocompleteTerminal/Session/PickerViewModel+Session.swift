import AutocompleteCore

extension PickerViewModel {
  /// The view model of a session's state: the rows (suggestions of every section, in order, plus the
  /// extra action row where the session puts it), the highlighted row, the ghost text, and a status
  /// line from the phase.
  ///
  /// - Rows: a suggestion's `Suggestion/displayText` is the title, its highlights (ranges of the
  ///   display text) are drawn bold, `Suggestion/detailText` goes right-aligned and dim. Section
  ///   titles are not drawn (the terminal list is flat).
  /// - Status: nothing while idle or before the stall threshold (no flicker on fast sources), a
  ///   spinner once the phase is `SessionPhase/stalled` or an Enter waits for the answer
  ///   (`SessionState/deferredKey`) ("still searching" when rows are shown),
  ///   "No results", the error's message, or the match count. An empty field that shows only its
  ///   recents on focus (no `SessionConfiguration/showsSuggestionsOnFocus` in `configuration`) says
  ///   nothing when there are none.
  /// - Rows: a remembered pick (`Suggestion/isRecent`) is marked with a clock.
  /// - Ghost text: the inline completion's suffix, only while the session's text is the editor's and
  ///   the caret is at the end.
  /// - Mentions: drawn in their trigger's style from `style`'s ``SessionPickerStyle/mentionStyles``
  ///   (by the trigger's `SessionTrigger/mentionStyle` in `configuration`), the one a first
  ///   Backspace selected in reverse video; only while the session's text is the editor's.
  ///
  /// - Parameters:
  ///   - state: The session's state.
  ///   - text: The field's text (the ``LineEditor``'s, which the front end owns).
  ///   - caret: The caret as a Character offset into `text`.
  ///   - style: Title, header, prompt, footer and input layout.
  ///   - spinnerFrame: The spinner frame (count ticks).
  ///   - firstVisibleRow: The previous frame's first visible row, for smooth scrolling.
  ///   - configuration: The session's configuration, for the mentions' style identifiers.
  public init(
    state: SessionState, text: String, caret: Int, style: SessionPickerStyle = SessionPickerStyle(),
    spinnerFrame: Int = 0, firstVisibleRow: Int = 0, configuration: SessionConfiguration? = nil
  ) {
    var rows = state.suggestions.map { suggestion in
      Row(
        title: suggestion.displayText, highlights: suggestion.highlights, detail: suggestion.detailText,
        isRecent: suggestion.isRecent)
    }
    var highlighted: Int?
    if case .suggestion(let index) = state.highlight, rows.indices.contains(index) { highlighted = index }
    if let action = state.actionRowTitle {
      let row = Row(title: action, isAction: true)
      switch state.actionRowPosition {
      case .top:
        rows.insert(row, at: 0)
        highlighted = highlighted.map { $0 + 1 }
        if state.highlight == .actionRow { highlighted = 0 }
      case .bottom:
        rows.append(row)
        if state.highlight == .actionRow { highlighted = rows.count - 1 }
      }
    }
    let ghost: String
    var (text, caret) = (text, caret)
    if let inline = state.inlineCompletion, state.text == text, caret >= text.count {
      ghost = inline.suffix
      // The preview is what accepting gives: the row's own spelling of the typed part ("Zür").
      (text, caret) = (inline.matchedText, inline.matchedText.count)
    } else {
      ghost = ""
    }
    var status = Self.status(state: state, spinnerFrame: spinnerFrame, showsMatchCount: style.showsMatchCount)
    if status == .noResults, state.query?.text.isEmpty == true, let configuration,
      !configuration.showsSuggestionsOnFocus
    {
      status = .none  // an empty field without recents yet: nothing to say
    }
    self.init(
      title: style.title, header: style.header, prompt: style.prompt, text: text, caret: caret,
      textSpans: state.text == text
        ? Self.mentionSpans(state: state, style: style, configuration: configuration) : [],
      ghostSuffix: ghost, rows: state.isOpen ? rows : [], highlightedRow: state.isOpen ? highlighted : nil,
      isOpen: state.isOpen && !rows.isEmpty,
      status: status,
      footer: style.footer, inputStyle: style.inputStyle, firstVisibleRow: firstVisibleRow)
  }

  /// The spans of `state`'s mentions, as Character offsets of its text.
  static func mentionSpans(
    state: SessionState, style: SessionPickerStyle, configuration: SessionConfiguration?
  )
    -> [TextSpan]
  {
    let text = state.text
    var spans: [TextSpan] = []
    var index = text.startIndex
    var offset = 0
    for mention in state.mentions {
      offset += text.distance(from: index, to: mention.range.lowerBound)
      let length = text.distance(from: mention.range.lowerBound, to: mention.range.upperBound)
      var cellStyle =
        configuration?.mentionStyle(for: mention).flatMap { style.mentionStyles[$0] } ?? style.mentionStyle
      if mention == state.mentionState.selectedMention { cellStyle.reverse = true }
      spans.append(TextSpan(range: offset..<(offset + length), style: cellStyle))
      offset += length
      index = mention.range.upperBound
    }
    return spans
  }

  /// The status line for a state: see ``init(state:text:caret:style:spinnerFrame:firstVisibleRow:configuration:)``.
  public static func status(state: SessionState, spinnerFrame: Int, showsMatchCount: Bool) -> Status {
    // "No results" shows although the session closes an empty list; Escape and picks hide it.
    guard state.isOpen || (state.query != nil && !state.isDismissed) else { return .none }
    switch state.phase {
    case .loading where state.deferredKey == nil, .idle:
      return .none
    case .stalled, .loading:  // stalled, or an Enter waits for the answer: say it is searching
      return state.suggestions.isEmpty ? .loading(frame: spinnerFrame) : .stalled
    case .results:
      // Category rows ("in BR (211)", which make filter chips) are not matches: not counted.
      let matches = state.suggestions.lazy.filter { !($0.payload is any FilterChipPayload) }.count
      return showsMatchCount ? .count(shown: matches, total: nil) : .none
    case .empty:
      return .noResults
    case .failed(let error):
      return .failed(error.message)
    }
  }
}
