#if canImport(AppKit) && os(macOS)
  import AppKit

  /// `@mentions` and `#tags` inside an `NSTextView` (MJAutoComplete's `MJAutoCompleteManager`, on
  /// the Mac): the same triggers, sources and delegate calls as the UIKit manager.
  ///
  /// ```swift
  /// let manager = AutocompleteTriggerManager(triggers: [
  ///   .items("@", people),                                      // MJ's autoCompleteItemList
  ///   .asyncItems("#") { token in try await api.tags(token) },  // MJ's itemList: (async)
  /// ])
  /// manager.delegate = self          // shouldUpdateToText: and didReceive: (events)
  /// manager.attach(to: textView)     // or call process(_:) yourself (MJ's processString:)
  /// ```
  ///
  /// The session finds the token at the caret (caret moves without an edit count too), asks the
  /// trigger's list, filters it in place and replaces only the token on a pick, as an undoable edit.
  /// The list floats in a child window under the caret's line (`firstRect(forCharacterRange:)`),
  /// above it when the screen has no room below, or fills ``container`` when the app assigns one.
  /// While it shows, ↑ ↓ Page Up/Down move the highlight, Return and Tab pick, Escape closes it;
  /// otherwise the keys are the text view's. Every decision comes from `AutocompletePresentation`
  /// (`TriggerListState`, `CaretAnchor`, `ScreenDropdownGeometry`, `TextCommand`, `MentionRun`,
  /// `MentionClipboard`) and the core session.
  ///
  /// Mentions: with triggers that insert mentions (`SessionTrigger(insertsMention: true)`), picks
  /// become ``mentions`` drawn with ``mentionAttributes``, kept as units while the user edits,
  /// reported to the delegate, and stored and reopened with ``mentionedText`` and
  /// ``setMentionedText(_:)``. Copy, cut and paste keep them inside a ``MentionTextView``.
  @MainActor
  public final class AutocompleteTriggerManager: NSObject, AutocompleteSessionDelegate,
    DropdownPresenterOwner
  {
    /// The session behind the manager.
    public let session: AutocompleteSession
    /// Receives the new text, picks, list visibility and row views.
    public weak var delegate: (any AutocompleteTriggerManagerDelegate)?
    /// The triggers (delimiters with their lists and row styles).
    public var triggers: [SessionTrigger] {
      didSet { reconfigure() }
    }
    /// Advanced session options (break characters, debounce, stall threshold, maximum count); the
    /// triggers are applied on top.
    public var baseConfiguration = SessionConfiguration() {
      didSet { reconfigure() }
    }
    /// What an edit inside a mention does (the session's `mentionEditing`: `.dissolve` by default,
    /// or `.removeWhole`); the same as setting it on ``baseConfiguration``.
    public var mentionEditing: MentionEditing {
      get { baseConfiguration.mentionEditing }
      set { baseConfiguration.mentionEditing = newValue }
    }
    /// What deleting into a mention does (the session's `mentionDeletion`: `.twoStep` by default,
    /// select then delete, `.oneStep` or `.characterwise`); the same as setting it on ``baseConfiguration``.
    public var mentionDeletion: MentionDeletion {
      get { baseConfiguration.mentionDeletion }
      set { baseConfiguration.mentionDeletion = newValue }
    }
    /// The view that hosts the list (MJ's `container`); the list fills it. `nil`: the list floats
    /// at the caret.
    public weak var container: NSView? {
      didSet { render() }
    }
    /// The row for suggestions without a trigger-specific one.
    public var cellProvider: SuggestionCellProvider = .standard {
      didSet { render() }
    }
    /// Trigger-specific rows, keyed by the trigger's cell style (its delimiter unless set).
    public var cellProviders: [String: SuggestionCellProvider] = [:] {
      didSet { render() }
    }
    /// The floating list's width at the caret.
    public var listWidth: CGFloat = 280 {
      didSet { render() }
    }
    /// At most this many rows are visible at the caret; the rest scrolls.
    public var maximumVisibleRows = 5 {
      didSet { render() }
    }
    /// The font of the built-in rows; the system's body font by default.
    public var rowFont: NSFont = .preferredFont(forTextStyle: .body) {
      didSet { presenter.adapter.fonts = RowFonts(base: rowFont); render() }
    }

    /// How mentions look, by their trigger's `mentionStyle`.
    public var mentionAttributes: [String: MentionAttributes] = [:] {
      didSet { restyleMentions(force: true) }
    }
    /// How mentions of triggers without a style (or with a style not in ``mentionAttributes``) look.
    public var defaultMentionAttributes = MentionAttributes.standard {
      didSet { restyleMentions(force: true) }
    }
    /// Called after the text or its mentions changed (typing, picks, mention edits, loads).
    public var onMentionedTextChange: ((MentionedText) -> Void)?

    private weak var textView: NSTextView?
    private let presenter = DropdownPresenter()
    private let proxy = TextViewDelegateProxy()
    private var listState: TriggerListState?
    private var lastState: SessionState?
    private var announcer: AnnouncementPacer!
    private var rowHeights: [CGFloat] = []
    private var isProcessingOnly = false
    private var isApplyingEdit = false
    /// Copies and pastes of this view's mentions.
    private let clipboard = MentionClipboard()
    /// The mention runs drawn last, and the text they were drawn in.
    private var drawnRuns: [MentionRun] = []
    private var drawnText: String?
    /// The view's own font and colour, for text that is not a mention.
    private var baseAttributes: [NSAttributedString.Key: Any] = [:]
    /// The text last given to ``onMentionedTextChange``.
    private var reportedText = MentionedText()

    /// Creates a manager with triggers.
    public init(triggers: [SessionTrigger] = [], clock: any Clock<Duration> = ContinuousClock()) {
      self.triggers = triggers
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      super.init()
      announcer = AnnouncementPacer(platform: .macOS, clock: clock) { [weak self] text in
        guard let view = self?.textView else { return }
        AppKitAccessibility.announce(text, for: view)
      }
      session.delegate = self
      proxy.manager = self
      presenter.owner = self
      presenter.adapter.onWillDisplay = { [weak self] view, _, suggestion in
        guard let self, let suggestion, let trigger = self.listState?.trigger(in: self.triggers) else {
          return
        }
        self.delegate?.autocompleteManager(
          self, didReceive: .willPresent(view, suggestion: suggestion, trigger: trigger))
      }
      reconfigure()
    }

    // MARK: Attaching

    /// Follows `textView`'s edits, caret moves, focus and commands through a delegate proxy: the
    /// text view's current `delegate` keeps receiving every call (set a new one through
    /// ``textViewDelegate``).
    public func attach(to textView: NSTextView) {
      detach()
      self.textView = textView
      isProcessingOnly = false
      proxy.appDelegate = textView.delegate
      textView.delegate = proxy
      (textView as? MentionTextView)?.mentionManager = self
      prepareMentions(in: textView)
      if isFocused { textChanged() }
    }

    /// The text view the manager follows, or `nil`.
    public var attachedView: NSTextView? { textView }

    /// The app's own `NSTextViewDelegate` of the attached text view.
    public var textViewDelegate: (any NSTextViewDelegate)? {
      get { proxy.appDelegate }
      set { proxy.appDelegate = newValue }
    }

    /// Stops following the attached text view (its delegate goes back to the app's) and hides the
    /// list.
    public func detach() {
      if let textView, textView.delegate === proxy { textView.delegate = proxy.appDelegate }
      (textView as? MentionTextView)?.mentionManager = nil
      drawnRuns = []
      drawnText = nil
      textView = nil
      session.send(.focusChanged(false))
      render()
    }

    /// Processes text the app hands over itself (MJ's `processString:`), with the caret at the end
    /// unless the snapshot says otherwise. Without an attached view, the list shows in ``container``.
    public func process(_ snapshot: TextSnapshot) {
      isProcessingOnly = textView == nil
      if !session.state.isFocused { session.send(.focusChanged(true)) }
      session.send(.textChanged(snapshot))
    }

    /// Processes `text` with the caret at its end (MJ's `processString:`).
    public func processString(_ text: String) {
      process(TextSnapshot(text))
    }

    // MARK: Events from the text view

    private var isFocused: Bool {
      if let textView { return textView.window?.firstResponder === textView }
      return isProcessingOnly && session.state.isFocused
    }

    /// The text changed.
    func textChanged() {
      guard !isApplyingEdit, let textView else { return }
      if !session.state.isFocused { session.send(.focusChanged(true)) }
      session.send(.textChanged(textView.autocompleteSnapshot))
    }

    /// The caret or the selection moved (a click, an arrow key): the token at the caret may be
    /// another one, or none.
    func selectionChanged() {
      guard !isApplyingEdit, isFocused else { return }
      textChanged()
    }

    /// The text view lost the focus.
    func editingEnded() {
      session.send(.focusChanged(false))
      render()
    }

    /// A text view command (`textView(_:doCommandBy:)`): returns whether the list consumed it.
    func perform(_ selector: Selector) -> Bool {
      guard let command = TextCommand(selectorName: NSStringFromSelector(selector)) else { return false }
      switch command.outcome(
        in: session.state, isListShown: isListShown, canShowList: true, editor: .textView)
      {
      case .perform:
        return false
      case .press(let key):
        return session.pressReturningToField(key)
      case .pressAndPerform(let key):
        session.pressReturningToField(key)
        return false
      }
    }

    // MARK: The list (for its presenter)

    /// Whether the list shows.
    var isListShown: Bool { listState?.isShown ?? false }

    /// The visible part of the text view on screen.
    var anchorScreenFrame: CGRect? { textView?.visibleScreenFrame }

    /// A click picks the row, unless an input method is composing the token.
    func event(forClickingRowAt location: RowLocation) -> SessionEvent? {
      listState?.event(forSelectingRowAt: location)
    }

    // MARK: Configuration

    private func reconfigure() {
      var configuration = baseConfiguration
      configuration.triggers = triggers
      session.configuration = configuration
      render()
    }

    // MARK: Session

    /// Applies picks (through the delegate's `shouldUpdateToText:`) and reports them.
    public func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {
      switch output {
      case .replaceText(let edit):
        let apply = delegate?.autocompleteManager(self, shouldUpdateToText: edit.resultingText) ?? true
        guard apply, let textView else { return }
        isApplyingEdit = true
        textView.applyAutocompleteEdit(edit)
        isApplyingEdit = false
        drawnText = nil
      case .moveSelection(let snapshot):
        isApplyingEdit = true
        textView?.setSelectedRange(snapshot.utf16Selection)
        isApplyingEdit = false
      case .picked, .mentionsChanged, .actionRowPicked, .returned, .cleared, .recentsFailed:
        let trigger = listState?.trigger(in: triggers)
        for event in AutocompleteTriggerEvent.events(for: output, trigger: trigger) {
          delegate?.autocompleteManager(self, didReceive: event)
        }
      }
    }

    /// Renders the new state.
    public func session(_ session: AutocompleteSession, didChange state: SessionState) {
      render()
      restyleMentions(force: false)
      let current = state.mentionedText
      if current != reportedText {
        reportedText = current
        onMentionedTextChange?(current)
      }
    }

    // MARK: Mentions

    /// The mentions in the text, in text order.
    public var mentions: [Mention] { session.state.mentions }

    /// The text with its mentions; store it with a `MentionMarkup`.
    public var mentionedText: MentionedText { session.state.mentionedText }

    /// Replaces the text with a saved one whose mentions become live (a reopened draft); the caret
    /// goes to the end.
    public func setMentionedText(_ text: MentionedText) {
      session.send(.mentionedTextLoaded(text))
    }

    /// Inserts text with mentions at the caret, replacing the selection (a mention added from code,
    /// such as a contact picked elsewhere).
    public func insert(_ text: MentionedText) {
      if !session.state.isFocused { session.send(.focusChanged(true)) }
      session.send(.mentionedTextInserted(text))
    }

    /// Puts the selection on the general pasteboard as plain text and, for this view, with its
    /// mentions; `false` without a selection.
    func copySelection() -> Bool {
      guard let textView, textView.selectedRange().length > 0 else { return false }
      let copied = session.state.mentionedText.slice(utf16Range: textView.selectedRange())
      let pasteboard = NSPasteboard.general
      let mentionType = NSPasteboard.PasteboardType(MentionClipboard.pasteboardType)
      pasteboard.clearContents()
      pasteboard.declareTypes([.string, mentionType], owner: nil)
      pasteboard.setString(copied.text, forType: .string)
      pasteboard.setData(clipboard.data(for: copied), forType: mentionType)
      return true
    }

    /// Copies the selection with its mentions, then deletes it as the user would (undoably).
    func cutSelection() -> Bool {
      guard copySelection(), let textView else { return false }
      let range = textView.selectedRange()
      if textView.shouldChangeText(in: range, replacementString: "") {
        textView.replaceCharacters(in: range, with: "")
        textView.didChangeText()
      }
      return true
    }

    /// Pastes mentions this view copied; `false` when the pasteboard has none of them.
    func pasteMentions() -> Bool {
      let mentionType = NSPasteboard.PasteboardType(MentionClipboard.pasteboardType)
      guard let data = NSPasteboard.general.data(forType: mentionType),
        let text = clipboard.mentionedText(from: data)
      else { return false }
      textChanged()
      insert(text)
      return true
    }

    /// Notes the text view's own font and colour (for text that is not a mention) and shows the
    /// session's text when it has mentions (set before attaching).
    private func prepareMentions(in textView: NSTextView) {
      baseAttributes = [
        .font: textView.font ?? NSFont.preferredFont(forTextStyle: .body),
        .foregroundColor: textView.textColor ?? NSColor.textColor,
      ]
      guard !session.state.mentions.isEmpty, textView.string != session.state.text else { return }
      isApplyingEdit = true
      defer { isApplyingEdit = false }
      textView.string = session.state.text
      drawnText = nil
      restyleMentions(force: true)
    }

    /// Draws the mentions with their attributes: what the manager styled before goes back to the
    /// view's font and colour, then each mention gets its style. Skipped while an input method
    /// composes (restyling would end the composition) and when the view shows other text.
    private func restyleMentions(force: Bool) {
      let state = session.state
      guard let textView, textView.string == state.text, !textView.hasMarkedText(),
        let storage = textView.textStorage
      else { return }
      let runs = MentionRun.runs(for: state, configuration: session.configuration)
      guard force || runs != drawnRuns || drawnText != state.text else { return }
      let selection = textView.selectedRanges
      isApplyingEdit = true
      defer { isApplyingEdit = false }
      MentionStyling.restyle(storage, runs: runs, marker: .autocompleteMention, base: baseAttributes) { run in
        (run.style.flatMap { mentionAttributes[$0] } ?? defaultMentionAttributes).attributes(
          selected: run.isSelected)
      }
      textView.selectedRanges = selection
      textView.typingAttributes = baseAttributes
      drawnRuns = runs
      drawnText = state.text
    }

    // MARK: Rendering

    /// The announcements after a render: the count once typing pauses (not for a hidden list, not
    /// for a hover), and the two-step mention deletion.
    private func accessibilityRender(
      _ textView: NSTextView, old: SessionState?, state: SessionState, list: TriggerListState
    ) {
      announcer.update(
        from: old, to: state, isShown: list.isShown && presenter.isOnScreen,
        highlightCause: presenter.isPointerDriven ? .pointer : .keyboard)
      if let text = MentionAccessibility.deletionAnnouncement(from: old, to: state) {
        announcer.announce(text)
      }
    }

    private func render() {
      let state = session.state
      let list = TriggerListState(state: state, isFocused: isFocused)
      let change = list.change(from: listState)
      let old = lastState
      listState = list
      lastState = state
      if let event = AutocompleteTriggerEvent(change, list: list, triggers: triggers) {
        delegate?.autocompleteManager(self, didReceive: event)
      }
      // Said after the list is placed, so a list the geometry hid is not announced.
      defer { if let textView { accessibilityRender(textView, old: old, state: state, list: list) } }
      if let textView {
        AppKitAccessibility.setExpanded(list.isShown, field: textView, list: presenter.tableView)
      }
      guard list.isShown else {
        presenter.hide()
        return
      }
      let style = list.trigger(in: triggers)?.cellStyle
      presenter.adapter.cellProvider = style.flatMap { cellProviders[$0] } ?? cellProvider
      presenter.adapter.state = state
      presenter.adapter.rows = DropdownTableRows(list.content)
      rowHeights = presenter.adapter.geometryRowHeights()
      if let container {
        presenter.show(in: container)
        return
      }
      guard let window = textView?.window else {
        presenter.hide()
        return
      }
      presenter.show(over: window)
      layoutDropdown()
    }

    /// Places the list under the caret's line on its screen: after every render and whenever the
    /// text view's window moves, resizes or updates while the list floats.
    func layoutDropdown() {
      guard presenter.isFloating, let textView else { return }
      guard isFocused else {
        editingEnded()  // the focus went away without an end-of-editing notification
        return
      }
      guard let textFrame = (textView.enclosingScrollView ?? textView).screenFrame else {
        presenter.hide()
        return
      }
      let caret = textView.caretScreenRect
      guard let visible = NSView.visibleScreenFrame(for: caret == .zero ? textFrame : caret) else {
        presenter.hide()
        return
      }
      let anchor = ScreenDropdownGeometry.caretAnchorFrame(
        CaretAnchor(
          caretRect: caret, textFrame: textFrame, listWidth: listWidth, isRightToLeft: textView.isRightToLeft),
        visibleFrame: visible)
      let geometry = ScreenDropdownGeometry(
        anchorFrame: anchor, visibleFrame: visible, clipFrame: textView.visibleScreenFrame,
        rowHeights: rowHeights, maximumVisibleRows: maximumVisibleRows)
      presenter.place(geometry)
      session.pageSize = geometry.rowsPerPage  // Page Up/Down move by the rows shown
    }
  }
#endif
