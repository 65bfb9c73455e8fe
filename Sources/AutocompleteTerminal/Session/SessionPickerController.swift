import AutocompleteCore

/// The terminal front end of one `AutocompleteSession`: it owns the input line (a ``LineEditor``),
/// routes keys (``SessionKeyRoute``) to the editor or the session, applies the session's text edits to
/// the editor, decides when the picker finishes (``SessionPickerBehavior``), and builds the
/// ``PickerViewModel`` of each frame.
///
/// Characters typed ahead — waiting in the terminal's input while the app was still answering an
/// earlier key (``WakeSignal/hasWaitingKeys``) — edit the text without searching; the session is
/// told the text once, at the last of them or at the first other key (not in a session with
/// triggers or tokens, which reads every edit). A burst of letters costs one search where the search
/// is slow (a debug build, a large list), and no key is lost or reordered: Enter or Tab after the
/// burst acts on the answer to the whole text.
///
/// Use it through ``SessionPickerApp`` for a whole-screen picker, or hold several in an app of your
/// own (one per screen) and forward events to the active one.
///
/// ```swift
/// let session = AutocompleteSession(configuration: SessionConfiguration(source: IndexSource(index)))
/// let controller = SessionPickerController(session: session)
/// let outcome = try await SessionPickerApp.run(controller)
/// ```
@MainActor
public final class SessionPickerController {
  /// A step of the picker: go on, or finish with an outcome.
  public typealias Step = TerminalAppStep<SessionPickerOutcome>

  /// The session; replace it with ``replaceSession(_:)``. Text typed ahead is reported to it first,
  /// so an app that reads its state for a key of its own sees the text as shown.
  public var session: AutocompleteSession {
    reportTypedAhead()
    return current
  }
  /// The session, without reporting text typed ahead first.
  private var current: AutocompleteSession
  /// The input line; the picker's text is the editor's.
  public private(set) var editor: LineEditor
  /// What the screen shows around the rows.
  public var style: SessionPickerStyle {
    didSet {
      // Not session state: a change made outside `handle(_:)` (a footer showing reading progress)
      // asks for a frame of its own.
      if style != oldValue, !isHandling { wakeSignal?.post() }
    }
  }
  /// When the picker finishes.
  public var behavior: SessionPickerBehavior
  /// Posted when the session's state changes outside `handle(_:)` (async answers, timers).
  public var wakeSignal: WakeSignal?
  /// Called with the query when the extra action row is picked and
  /// ``SessionPickerBehavior/finishesOnActionRow`` is off.
  public var onActionRowPicked: ((String) -> Void)?
  /// Called with every output of the session, after the picker applied it (for logs and demos).
  public var onOutput: ((SessionOutput) -> Void)?
  /// The spinner frame, advanced by ticks while a query is pending.
  public private(set) var spinnerFrame = 0
  /// The number of rows Page Up and Page Down move by (the visible rows; the app sets it after each
  /// frame), or `nil` to leave paging to the session's `SessionConfiguration/pageSize`.
  public var pageSize: Int?
  /// The real number of matches for a state, when the source knows more than the rows it returned;
  /// the status line then shows "50 of 136 matches".
  public var matchTotal: ((SessionState) -> Int?)?
  /// The queries typed before (`pick --history`): Ctrl-P and Ctrl-N walk them (see
  /// ``SessionKeyRoute``). The app saves the accepted query with ``QueryHistory/save(_:)``.
  public var history: QueryHistory?
  /// The number of items searched, when the app knows: the count then reads as fzf's, matches over
  /// items ("136/1058"), and the "↓ n more" line counts the matches that have no row yet.
  public var itemTotal: (() -> Int?)?
  /// The most UTF-8 bytes one character (grapheme cluster) of the text may hold, or `nil` for no
  /// limit. A typed key or a paste that would make a longer character is not inserted, and the
  /// status line says so until the next edit: a letter with thousands of combining marks is one
  /// character that every item's match must fold and compare whole.
  public var maximumCharacterBytes: Int?
  /// Why the last edit was not inserted, shown in the status line until the next edit.
  public private(set) var refusedEdit: String?

  /// Outputs collected while handling an event.
  private var outputs: [SessionOutput] = []
  /// Whether an event is being handled (state changes then need no wake-up).
  private var isHandling = false
  /// Whether the editor holds text typed ahead that the session has not been told yet.
  private var hasUnreportedText = false

  /// Creates a controller for `session`, with the text `text`; the session is told that the field
  /// has focus and what it holds.
  public init(
    session: AutocompleteSession, text: String = "", style: SessionPickerStyle = SessionPickerStyle(),
    behavior: SessionPickerBehavior = SessionPickerBehavior()
  ) {
    self.current = session
    self.editor = LineEditor(text: text)
    self.style = style
    self.behavior = behavior
    attach(session)
  }

  /// The session's state (after text typed ahead is reported, as ``session``).
  public var state: SessionState { session.state }

  /// Switches to another session (for example one with other options), keeping the text: the old
  /// session's work is cancelled and the new one is told the text and caret.
  public func replaceSession(_ newSession: AutocompleteSession) {
    current.cancelAll()
    current.onOutput = nil
    current.onStateChange = nil
    current = newSession
    attach(newSession)
  }

  /// Replaces the text (and reports it to the session), the caret at the end by default.
  public func setText(_ text: String, caret: Int? = nil) {
    editor.setText(text, caret: caret)
    isHandling = true
    defer { isHandling = false }
    reportText()
    outputs.removeAll()
  }

  /// The text with its mentions (for a session whose triggers insert mentions); store it with a
  /// `MentionMarkup`.
  public var mentionedText: MentionedText { session.state.mentionedText }

  /// Replaces the text with a saved text whose mentions become live; the caret goes to the end.
  public func setMentionedText(_ text: MentionedText) {
    isHandling = true
    defer {
      isHandling = false
      outputs.removeAll()
    }
    outputs.removeAll()
    current.send(.mentionedTextLoaded(text))
    _ = processOutputs()
  }

  /// Handles one event of the terminal: keys are routed, ticks advance the spinner, wake-ups and
  /// resizes ask for a redraw. Every event first applies what the session put out on its own since
  /// the last one — a pick made by an Enter that waited for its answer finishes the picker there.
  public func handle(_ event: TerminalEvent) -> Step {
    if case .key(let key) = event { return handle(key) }
    reportTypedAhead()
    let step = processOutputs()
    outputs.removeAll()
    if case .tick = event, current.state.phase.isPending { spinnerFrame += 1 }
    return step
  }

  /// Handles one key: see ``SessionKeyRoute`` for who gets it.
  public func handle(_ key: KeyEvent) -> Step {
    let earlier = processOutputs()
    outputs.removeAll()
    if case .finish = earlier { return earlier }
    isHandling = true
    defer {
      isHandling = false
      outputs.removeAll()
    }
    let route = SessionKeyRoute(key, walksHistory: history != nil)
    if route != .edit { reportTypedAhead() }
    if case .mouse(let mouse) = key {
      return handleMouse(mouse.action, row: lastFrame?.row(atScreenRow: mouse.row))
    }
    switch route {
    case .edit:
      if applyEdit(key) {
        if defersReport(of: key) {
          hasUnreportedText = true
        } else {
          reportText()
        }
      }
    case .session(let sessionKey):
      if !page(sessionKey) { current.press(sessionKey) }
    case .sessionThenEdit(let sessionKey):
      if !current.press(sessionKey), applyEdit(key) { reportText() }
    case .escape:
      if behavior.escape == .cancel || !current.press(.escape) { return .finish(.cancelled) }
    case .cancel:
      return .finish(.cancelled)
    case .refresh:
      current.send(.refresh)
    case .fill:
      if current.state.isOpen, case .suggestion(let index) = current.state.highlight {
        current.send(.rowFilled(index))
      }
    case .removeRecent:
      if current.state.isOpen, !current.state.isStale, let row = current.state.highlightedSuggestion,
        row.isRecent
      {
        current.removeRecent(row)
      } else if applyEdit(key) {
        reportText()
      }
    case .previousQuery, .nextQuery:
      walkHistory(back: SessionKeyRoute(key, walksHistory: true) == .previousQuery)
    case .ignored:
      break
    }
    return processOutputs()
  }

  /// Applies `key` to the editor unless the text it makes holds a character over
  /// ``maximumCharacterBytes`` (then the editor is left as it was and ``refusedEdit`` says why);
  /// whether the text or caret changed.
  private func applyEdit(_ key: KeyEvent) -> Bool {
    let before = editor
    guard editor.apply(key) else { return false }
    if let maximumCharacterBytes,
      let refusal = CharacterSizeLimit(maximumBytes: maximumCharacterBytes).refusal(
        old: before.text, new: editor.text)
    {
      editor = before
      refusedEdit = refusal
      return false
    }
    refusedEdit = nil
    return true
  }

  /// Puts the previous (or next) query of ``history`` in the field, keeping the text it replaces.
  private func walkHistory(back: Bool) {
    guard var history else { return }
    let text = back ? history.previous(replacing: editor.text) : history.next(replacing: editor.text)
    self.history = history
    guard let text else { return }
    editor.setText(text)
    reportText()
  }

  /// The last frame a front end drew (see ``frameDrawn(_:)``): where the rows are, for clicks.
  public private(set) var lastFrame: PickerFrame?

  /// Tells the controller what was drawn: its visible rows become the page size, and its rows'
  /// screen positions are where mouse clicks land.
  public func frameDrawn(_ frame: PickerFrame) {
    lastFrame = frame
    pageSize = max(1, frame.visibleRows.count)
  }

  /// Handles a mouse report: a left click on dropdown row `row` (as drawn, see
  /// ``PickerFrame/row(atScreenRow:)``) highlights and picks it, as ↓… and Enter would; the wheel
  /// moves the highlight like ↑ and ↓. Other buttons, releases and clicks elsewhere do nothing.
  public func handleMouse(_ action: MouseEvent.Action, row: Int?) -> Step {
    switch action {
    case .wheelUp: return handle(KeyEvent.up)
    case .wheelDown: return handle(KeyEvent.down)
    case .press(button: 0):
      // A click on the rows of an earlier query (a newer one is pending) picks nothing.
      let stops = current.state.navigationStops
      guard current.state.isOpen, !current.state.isStale, let row, stops.indices.contains(row) else {
        return .proceed
      }
      current.send(.rowHighlighted(stops[row]))
      return handle(KeyEvent.enter)
    default:
      return .proceed
    }
  }

  /// The view model of the current frame. Text typed ahead is reported to the session first when no
  /// more keys wait (an app that routed the rest of a burst elsewhere still searches what was typed).
  public func viewModel(firstVisibleRow: Int = 0) -> PickerViewModel {
    if hasUnreportedText, wakeSignal?.hasWaitingKeys != true {
      isHandling = true
      defer { isHandling = false }
      reportTypedAhead()
    }
    var model = PickerViewModel(
      state: current.state, text: editor.text, caret: editor.caret, style: style,
      spinnerFrame: spinnerFrame, firstVisibleRow: firstVisibleRow, configuration: current.configuration)
    // An index into the editor's text only (the inline preview shows the row's spelling instead).
    model.caretIndex = model.text == editor.text ? editor.caretIndex : model.text.endIndex
    if case .count(let shown, nil) = model.status, let total = matchTotal?(current.state) {
      // Never fewer than shown: the session may keep a row the source did not count (an accepted
      // completion being edited, see AcceptedCompletion).
      model.status = .count(shown: shown, total: max(total, shown))
    }
    if let refusedEdit { model.status = .failed(refusedEdit) }
    if let items = itemTotal?() {
      model.itemCount = items
      if case .count(let shown, let total?) = model.status { model.unmadeRowCount = max(0, total - shown) }
    }
    return model
  }

  /// Page Up / Page Down by ``pageSize`` rows, clamped at the ends; `false` when not paging here.
  private func page(_ key: SessionKey) -> Bool {
    guard key == .pageUp || key == .pageDown, let pageSize, pageSize > 0 else { return false }
    let stops = current.state.navigationStops
    guard current.state.isOpen, !stops.isEmpty else { return false }
    let position = current.state.highlight.flatMap { stops.firstIndex(of: $0) } ?? 0
    let next = min(max(0, position + (key == .pageDown ? pageSize : -pageSize)), stops.count - 1)
    current.send(.rowHighlighted(stops[next]))
    return true
  }

  /// Hooks the controller to `session` and reports focus and text.
  private func attach(_ session: AutocompleteSession) {
    session.onOutput = { [weak self] output in self?.outputs.append(output) }
    session.onStateChange = { [weak self] _ in
      guard let self, !self.isHandling else { return }
      self.wakeSignal?.post()
    }
    isHandling = true
    defer { isHandling = false }
    session.send(.focusChanged(true))
    reportText()
    outputs.removeAll()
  }

  /// Whether the session is told of the edit `key` made only with the next key: when `key` typed a
  /// character, more keys wait, and the session reads nothing from single edits — no triggers
  /// (mentions are made, selected and deleted edit by edit) and no token field (a delimiter makes a
  /// token of the text before it).
  private func defersReport(of key: KeyEvent) -> Bool {
    guard case .character = key, current.configuration.triggers.isEmpty, current.configuration.tokens == nil
    else { return false }
    return wakeSignal?.hasWaitingKeys == true
  }

  /// Tells the session the text typed ahead, if the editor holds some it has not been told.
  private func reportTypedAhead() {
    if hasUnreportedText { reportText() }
  }

  /// Tells the session the editor's text and caret.
  private func reportText() {
    hasUnreportedText = false
    let caret = editor.caretIndex
    current.send(.textChanged(TextSnapshot(editor.text, selection: caret..<caret)))
  }

  /// The editor's text when the picker last finished, before a pick replaced it with the row's
  /// completion: the query the user typed (what `--print-query` prints).
  public private(set) var finishingText: String?

  /// Applies the collected outputs and decides whether the picker finishes.
  private func processOutputs() -> Step {
    var step = Step.proceed
    let typed = editor.text
    defer { if case .finish = step { finishingText = typed } }
    for output in outputs {
      switch output {
      case .replaceText(let edit):
        editor.setText(edit.resultingText, caret: edit.caretCharacterOffset)
      case .picked(let suggestion):
        if behavior.finishesOnPick, case .proceed = step { step = .finish(.picked(suggestion)) }
      case .returned(let text):
        if behavior.finishesOnReturn, case .proceed = step { step = .finish(.returned(text)) }
      case .actionRowPicked(let query):
        if behavior.finishesOnActionRow {
          if case .proceed = step { step = .finish(.actionRowPicked(query)) }
        } else {
          onActionRowPicked?(query)
        }
      case .moveSelection(let snapshot):
        editor.setText(snapshot.text, caret: snapshot.caretCharacterOffset)
      case .cleared, .mentionsChanged, .recentsFailed:
        break
      }
      onOutput?(output)
    }
    return step
  }
}
