/// Everything a front end renders, as one value.
///
/// Every property is settable so a ``SessionConfiguration/stateReducer`` can change any transition;
/// front ends only read it.
public struct SessionState: Sendable, Equatable {
  /// The field's text, selection and marked text, as the session believes them.
  public var input: TextSnapshot
  /// The active query, or `nil` when nothing is being completed.
  public var query: SessionQuery?
  /// The pipeline's phase for ``query``.
  public var phase: SessionPhase
  /// The rows, one section per source; they always answer ``answeredQuery``.
  public var sections: [SuggestionSection]
  /// The query the ``sections`` answer; equal to ``query`` whenever rows are shown.
  public var answeredQuery: SessionQuery?
  /// The highlighted row.
  public var highlight: SessionHighlight?
  /// Whether the list is shown.
  public var isOpen: Bool
  /// The ghost suffix after the caret, if any.
  public var inlineCompletion: InlineCompletion?
  /// Whether the field has focus.
  public var isFocused: Bool
  /// The extra action row's title while the row is shown, else `nil`.
  public var actionRowTitle: String?
  /// Where the action row sits.
  public var actionRowPosition: ActionRow.Position
  /// The request whose answer the session waits for.
  public var pendingRequestID: Int?
  /// The last request identifier handed out.
  public var lastRequestID: Int
  /// Whether the user closed the list (Escape, a pick) since the last text change.
  public var isDismissed: Bool
  /// Whether Return was pressed since the field gained focus.
  public var hasReturned: Bool
  /// After a trigger pick that left a space before the caret: the caret's UTF-8 offset, so that a
  /// space typed right there is swallowed instead of doubling the one the pick added.
  public var pickedSpaceCaret: Int?
  /// Enter or Tab pressed while the answer to ``query`` was pending, when it would pick a row: it
  /// acts on that answer as soon as it arrives, never on the rows of an earlier query still shown
  /// (``isStale``). An edit of the text, Escape or a pick drops it.
  public var deferredKey: SessionKey?
  /// The mentions in the text, and what the mention rules remember.
  public var mentionState: MentionState
  /// The row whose completion text the field took, while the text still leads to it: editing that
  /// text keeps the row in the list (see ``AcceptedCompletion``).
  public var acceptedCompletion: AcceptedCompletion?
  /// Whether the app lets the session suggest (``SessionEvent/suggestionsEnabled(_:)``); `true`
  /// unless suspended.
  public var areSuggestionsEnabled: Bool
  /// A token field's tokens, selection and undo (see ``SessionConfiguration/tokens``).
  public var tokenState: TokenState

  /// An empty, unfocused, idle state.
  public init(input: TextSnapshot = TextSnapshot("")) {
    self.input = input
    self.query = nil
    self.phase = .idle
    self.sections = []
    self.answeredQuery = nil
    self.highlight = nil
    self.isOpen = false
    self.inlineCompletion = nil
    self.isFocused = false
    self.actionRowTitle = nil
    self.actionRowPosition = .bottom
    self.pendingRequestID = nil
    self.lastRequestID = 0
    self.isDismissed = false
    self.hasReturned = false
    self.pickedSpaceCaret = nil
    self.deferredKey = nil
    self.mentionState = MentionState()
    self.acceptedCompletion = nil
    self.areSuggestionsEnabled = true
    self.tokenState = TokenState()
  }

  /// The field's text.
  public var text: String { input.text }

  /// A token field's tokens, in order.
  public var tokens: [Token] { tokenState.tokens }

  /// The mentions in the text, in text order.
  public var mentions: [Mention] { mentionState.mentions }

  /// The text with its mentions, to store with a ``MentionMarkup``.
  public var mentionedText: MentionedText { MentionedText(text: text, mentions: mentions) }

  /// All rows of all sections, in display order; ``SessionHighlight/suggestion(_:)`` indexes it.
  public var suggestions: [Suggestion] { sections.flatMap(\.suggestions) }

  /// Whether the rows shown answer an earlier query: a newer one is pending (or stalled) and the
  /// previous rows stay until it is answered, instead of the list flashing empty.
  public var isStale: Bool { phase.isPending && !sections.isEmpty }

  /// The highlighted suggestion, if a suggestion (not the action row) is highlighted.
  public var highlightedSuggestion: Suggestion? {
    guard case .suggestion(let index) = highlight else { return nil }
    let all = suggestions
    return all.indices.contains(index) ? all[index] : nil
  }

  /// The rows keyboard navigation visits, in order, including the action row.
  public var navigationStops: [SessionHighlight] {
    var stops = suggestions.indices.map { SessionHighlight.suggestion($0) }
    if actionRowTitle != nil {
      if actionRowPosition == .top { stops.insert(.actionRow, at: 0) } else { stops.append(.actionRow) }
    }
    return stops
  }

  /// The status a screen reader announces: "5 suggestions. São Paulo, 1 of 5.".
  public var accessibilityStatus: String {
    guard isOpen else { return "" }
    switch phase {
    case .idle: return ""
    case .loading: return ""
    case .stalled: return "Loading suggestions\u{2026}"
    case .failed: return "Suggestions unavailable." + actionRowStatus
    case .empty: return "No suggestions." + actionRowStatus
    case .results:
      let all = suggestions
      var status = all.count == 1 ? "1 suggestion." : "\(all.count) suggestions."
      if case .suggestion(let index) = highlight, all.indices.contains(index) {
        status += " \(all[index].displayText), \(index + 1) of \(all.count)."
      } else {
        status += actionRowStatus
      }
      return status
    }
  }

  private var actionRowStatus: String {
    guard highlight == .actionRow, let actionRowTitle else { return "" }
    return " \(actionRowTitle), action."
  }
}
