#if canImport(AppKit) && os(macOS)
  import AppKit

  /// Adds autocomplete to any `NSTextField` or `NSSearchField`: owns the session, forwards the
  /// field editor's edits, caret moves and commands to it, and renders its state as a list in a
  /// borderless child window under the field, ghost text after the caret, and VoiceOver
  /// announcements.
  ///
  /// ``AutocompleteNSTextField`` uses one; keep one alive for as long as the field should complete.
  /// Every decision — rows, placement on the screen, styled runs, which commands to claim, what
  /// VoiceOver hears — comes from `AutocompletePresentation`, shared with the UIKit field.
  ///
  /// A plain field reports the start of editing on its first change, so the list first shows
  /// then (or on ↓); ``AutocompleteNSTextField`` reports it when it gains the focus.
  @MainActor
  public final class AutocompleteTextFieldController: NSObject, AutocompleteSessionDelegate,
    DropdownPresenterOwner
  {
    /// The field.
    public private(set) weak var textField: NSTextField?
    /// The session behind the field; send it events or read its state.
    public let session: AutocompleteSession
    /// Receives picks, the action row, Return, clearing and row callbacks.
    public weak var delegate: (any AutocompleteFieldDelegate)?
    /// The options (RVS switches, mode, minimum length, debounce, inline completion).
    public var options = AutofillOptions() {
      didSet { if options != oldValue { reconfigure() } }
    }
    /// The sources asked for suggestions; ignored while ``dataSource`` is set.
    public var sources: [any SuggestionSource] = [] {
      didSet { reconfigure() }
    }
    /// RVS's data source: a `textDictionary` or a custom search. Takes over from ``sources``.
    public weak var dataSource: (any AutofillDataSource)? {
      didSet { reconfigure() }
    }
    /// The extra action row, or `nil`.
    public var actionRow: ActionRowConfiguration? {
      didSet { reconfigure() }
    }
    /// How suggestion rows are made.
    public var cellProvider: SuggestionCellProvider = .standard {
      didSet { presenter.adapter.cellProvider = cellProvider; render() }
    }
    /// At most this many rows are visible; the rest scrolls. 5 by default.
    public var maximumVisibleRows = 5 {
      didSet { render() }
    }
    /// The font of the built-in rows (the detail and section titles are derived from it); the
    /// system's body font by default. Set a larger one for larger text.
    public var rowFont: NSFont = .preferredFont(forTextStyle: .body) {
      didSet { presenter.adapter.fonts = RowFonts(base: rowFont); render() }
    }
    /// The colour of the typed text while an inline completion shows (seed 002's `boldTextColor`).
    public var boldTextColor: NSColor = .labelColor {
      didSet { render() }
    }
    /// The colour of the ghost text (seed 002's `lightTextColor`).
    public var lightTextColor: NSColor = .placeholderTextColor {
      didSet { render() }
    }
    /// Whether the list shows; off leaves the inline completion alone (seed 002's field has no
    /// list). `true` by default.
    public var showsSuggestionList = true {
      didSet { render() }
    }
    /// Advanced session options (stall threshold, triggers, cache, state reducer); the options
    /// above are applied on top.
    public var baseConfiguration = SessionConfiguration() {
      didSet { reconfigure() }
    }

    /// The list as last rendered.
    public private(set) var content = DropdownContent()

    private let presenter = DropdownPresenter()
    private let proxy = TextFieldDelegateProxy()
    private let ghost = GhostTextView(frame: .zero)
    private var input = FieldInputTracker()
    private var lastState: SessionState?
    private var announcer: AnnouncementPacer!
    private var rowHeights: [CGFloat] = []
    /// The field editor whose caret moves the controller follows (while the field is edited).
    private weak var observedEditor: NSTextView?
    /// The field editor whose text colour the inline completion changed, and that colour.
    private weak var coloredEditor: NSTextView?
    private var editorColorBeforeInline: NSColor?
    private var isApplyingEdit = false

    /// Attaches to `textField`. The field's current `delegate` keeps receiving every call; set a
    /// new delegate through ``textFieldDelegate`` afterwards.
    public init(textField: NSTextField, clock: any Clock<Duration> = ContinuousClock()) {
      self.textField = textField
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      super.init()
      announcer = AnnouncementPacer(platform: .macOS, clock: clock) { [weak self] text in
        guard let field = self?.textField else { return }
        AppKitAccessibility.announce(text, for: field)
      }
      session.delegate = self
      proxy.controller = self
      proxy.appDelegate = textField.delegate
      textField.delegate = proxy
      presenter.owner = self
      presenter.adapter.onWillDisplay = { [weak self] view, row, suggestion in
        guard let self, let field = self.textField else { return }
        self.delegate?.autocompleteField(
          field, didReceive: .willDisplay(view, row: row, suggestion: suggestion))
      }
      ghost.isHidden = true
      reconfigure()
    }

    /// The app's own `NSTextFieldDelegate` (or `NSSearchFieldDelegate`), which keeps receiving
    /// every delegate call.
    public var textFieldDelegate: (any NSTextFieldDelegate)? {
      get { proxy.appDelegate }
      set { proxy.appDelegate = newValue }
    }

    /// The delegate object installed on the field; it forwards to ``textFieldDelegate``.
    var textFieldDelegateProxy: any NSTextFieldDelegate { proxy }

    /// Sends a key to the session; returns whether the session used it.
    @discardableResult
    public func press(_ key: SessionKey) -> Bool {
      session.pressReturningToField(key)
    }

    /// The keys the field claims now (see ``/AutocompletePresentation/HardwareKey/claimedKeys(in:isListShown:canShowList:)``).
    public var claimedKeys: [HardwareKey] {
      HardwareKey.claimedKeys(
        in: session.state, isListShown: content.isShown, canShowList: showsSuggestionList)
    }

    /// Detaches from the field: the app's delegate goes back on the field, the list and the ghost
    /// text go away, and the field stops reporting to the session.
    public func detach() {
      stopFollowingEditor()
      presenter.hide()
      hideGhost()
      session.cancelAll()
      guard let textField else { return }
      if textField.delegate === proxy { textField.delegate = proxy.appDelegate }
      AppKitAccessibility.setExpanded(false, field: textField, list: presenter.tableView)
      self.textField = nil
    }

    /// Asks the sources again (the data changed).
    public func reloadSuggestions() {
      session.send(.refresh)
    }

    // MARK: Configuration

    private func reconfigure() {
      presenter.adapter.actionRow = actionRow
      presenter.adapter.cellProvider = cellProvider
      session.configuration = options.configuration(
        base: baseConfiguration, sources: sources, dataSource: dataSource, actionRow: actionRow?.sessionRow)
    }

    // MARK: Events from the field

    /// The field editor while the field is being edited (it is the field's window's first
    /// responder).
    private var editor: NSTextView? { textField?.currentEditor() as? NSTextView }

    /// The field gained the focus or was first edited: the session hears focus and the text.
    /// Nothing happens twice for one editing session (the window's field editor is shared, so a
    /// session that lost the focus starts again with the same editor).
    func editingBegan() {
      guard let editor, observedEditor !== editor || !session.state.isFocused else { return }
      stopFollowingEditor()
      observedEditor = editor
      NotificationCenter.default.addObserver(
        self, selector: #selector(selectionChanged(_:)), name: NSTextView.didChangeSelectionNotification,
        object: editor)
      if let textField { delegate?.autocompleteField(textField, didReceive: .willBeginEditing) }
      for event in input.editingBegan(with: editor.autocompleteSnapshot) { session.send(event) }
    }

    /// The text changed (typing, paste, Delete, the search field's cancel button).
    func editingChanged() {
      guard !isApplyingEdit, let textField else { return }
      if observedEditor == nil { editingBegan() }
      session.send(input.edited(to: editor?.autocompleteSnapshot ?? TextSnapshot(textField.stringValue)))
    }

    /// Editing ended (the field lost the focus).
    func editingEnded() {
      stopFollowingEditor()
      session.send(.focusChanged(false))
      render()
    }

    /// A field editor command (`control(_:textView:doCommandBy:)`): returns whether the
    /// autocomplete consumed it, as ``/AutocompletePresentation/TextCommand`` decides.
    func perform(_ selector: Selector) -> Bool {
      guard let command = TextCommand(selectorName: NSStringFromSelector(selector)) else { return false }
      if observedEditor == nil { editingBegan() }
      switch command.outcome(
        in: session.state, isListShown: content.isShown, canShowList: showsSuggestionList, editor: .field)
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

    @objc private func selectionChanged(_ notification: Notification) {
      guard !isApplyingEdit, let editor, editor === observedEditor else { return }
      guard let event = input.selectionMoved(to: editor.autocompleteSnapshot) else { return }
      session.send(event)
    }

    private func stopFollowingEditor() {
      if let observedEditor {
        NotificationCenter.default.removeObserver(
          self, name: NSTextView.didChangeSelectionNotification, object: observedEditor)
      }
      observedEditor = nil
    }

    // MARK: The list (for its presenter)

    /// Whether the list shows.
    var isListShown: Bool { content.isShown }

    /// The field's frame on screen.
    var anchorScreenFrame: CGRect? { textField?.screenFrame }

    /// A click picks the row (or the action row).
    func event(forClickingRowAt location: RowLocation) -> SessionEvent? {
      content.event(forSelectingRowAt: location)
    }

    // MARK: Session

    /// Applies edits and reports callbacks.
    public func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {
      guard let textField else { return }
      switch output {
      case .replaceText(let edit):
        input.textSet(to: edit.resultingText)
        isApplyingEdit = true
        if let editor {
          editor.applyAutocompleteEdit(edit)
        } else {
          textField.stringValue = edit.resultingText
        }
        isApplyingEdit = false
      case .actionRowPicked(let query):
        actionRow?.onSelection?(query)
      case .moveSelection(let snapshot):
        editor?.setSelectedRange(NSRange(location: snapshot.caretUTF16Offset, length: 0))
      case .picked, .returned, .cleared, .recentsFailed, .mentionsChanged:
        break
      }
      if let event = AutocompleteFieldEvent(output) {
        delegate?.autocompleteField(textField, didReceive: event)
      }
    }

    /// Renders the new state.
    public func session(_ session: AutocompleteSession, didChange state: SessionState) {
      render()
    }

    // MARK: Rendering

    private func render() {
      guard let textField else { return }
      let state = session.state
      let old = lastState
      let isEditing = editor != nil
      content = DropdownContent(state: state, isFocused: isEditing && showsSuggestionList)
      renderDropdown(in: textField, state: state)
      renderGhost(GhostTextLayout.visibleCompletion(in: state, isFocused: isEditing), in: textField)
      if old?.suggestions.map(\.id) != state.suggestions.map(\.id) {
        delegate?.autocompleteField(textField, didReceive: .suggestionsChanged(state.suggestions))
      }
      AppKitAccessibility.setExpanded(
        SuggestionAccessibility.isExpanded(content), field: textField, list: presenter.tableView)
      announcer.update(
        from: old, to: state, isShown: content.isShown && presenter.isOnScreen,
        highlightCause: presenter.isPointerDriven ? .pointer : .keyboard)
      lastState = state
    }

    private func renderDropdown(in textField: NSTextField, state: SessionState) {
      guard content.isShown, let window = textField.window else {
        presenter.hide()
        return
      }
      presenter.adapter.rows = DropdownTableRows(content)
      presenter.adapter.state = state
      rowHeights = presenter.adapter.geometryRowHeights()
      presenter.show(over: window)
      layoutDropdown()
    }

    /// Places the list for the field's frame on its screen now: called after every render and
    /// whenever the field's window moves, resizes or updates while the list shows.
    func layoutDropdown() {
      guard let textField, presenter.isFloating else { return }
      guard editor != nil else {
        editingEnded()  // the focus went away without an end-of-editing notification
        return
      }
      guard let anchor = textField.screenFrame, let visible = NSView.visibleScreenFrame(for: anchor) else {
        presenter.hide()
        return
      }
      let geometry = ScreenDropdownGeometry(
        anchorFrame: anchor, visibleFrame: visible, clipFrame: textField.visibleScreenFrame,
        rowHeights: rowHeights, maximumVisibleRows: maximumVisibleRows)
      presenter.place(geometry)
      session.pageSize = geometry.rowsPerPage  // Page Up/Down move by the rows shown
    }

    private func renderGhost(_ completion: InlineCompletion?, in textField: NSTextField) {
      guard let completion, let editor, let window = textField.window else {
        hideGhost()
        return
      }
      if ghost.superview !== editor {
        ghost.removeFromSuperview()
        editor.addSubview(ghost)
      }
      if coloredEditor !== editor {
        coloredEditor = editor
        editorColorBeforeInline = editor.textColor ?? textField.textColor ?? .labelColor
      }
      let end = (editor.string as NSString).length
      func caretRect(at location: Int) -> NSRect {
        let onScreen = editor.firstRect(
          forCharacterRange: NSRange(location: location, length: 0), actualRange: nil)
        return editor.convert(window.convertFromScreen(onScreen), from: nil)
      }
      let startCaret = caretRect(at: 0)
      let caret = caretRect(at: end)
      let content = GhostTextContent(
        completion,
        typedTextIsInView: GhostTextContent.isInView(typedTextStart: startCaret, textRect: editor.visibleRect)
      )
      // Covering the typed text ("zur" previewed as "Zürich"), the editor's own characters are
      // drawn clear under the ghost's (the insertion point stays).
      editor.textColor = content.coversTypedText ? .clear : boldTextColor
      let font = textField.font ?? editor.font ?? .systemFont(ofSize: NSFont.systemFontSize)
      ghost.text = content.text.attributedString(
        base: [.font: font],
        styles: [.typed: [.foregroundColor: boldTextColor], .completion: [.foregroundColor: lightTextColor]])
      let isRightToLeft = textField.isRightToLeft
      let anchor = content.anchorRect(
        typedTextStart: startCaret, typedTextEnd: caret, isRightToLeft: isRightToLeft)
      let layout = GhostTextLayout(
        caretRect: anchor, textRect: editor.visibleRect, textWidth: ghost.text.size().width.rounded(.up),
        isRightToLeft: isRightToLeft)
      guard let frame = layout.frame else {
        ghost.isHidden = true
        editor.textColor = boldTextColor  // never hide the typed text without drawing over it
        return
      }
      ghost.frame = frame
      ghost.lineTop = caret.minY - frame.minY
      ghost.isHidden = false
    }

    private func hideGhost() {
      ghost.isHidden = true
      ghost.removeFromSuperview()
      // The field editor is shared by the window's fields: its colour goes back only while it
      // still edits this field.
      if let coloredEditor, let color = editorColorBeforeInline, coloredEditor.delegate === textField {
        coloredEditor.textColor = color
      }
      coloredEditor = nil
      editorColorBeforeInline = nil
    }
  }
#endif
