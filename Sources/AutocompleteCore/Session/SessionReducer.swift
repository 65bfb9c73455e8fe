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

/// One transition in progress (internal so that its named parts can live in their own files):
/// ``handle(_:)`` calls one part per behaviour — the query (`Reducer/Step+Query.swift`), answers,
/// keys, picks, mentions, the app's commands and focus (`Reducer/`), the token rules
/// (`Tokens/TokenRules.swift`).
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

  /// The highlight a fresh answer with `rowCount` rows gets.
  func defaultHighlight(rowCount: Int) -> SessionHighlight? {
    configuration.highlightsFirstRow && rowCount > 0 ? .suggestion(0) : nil
  }
}
