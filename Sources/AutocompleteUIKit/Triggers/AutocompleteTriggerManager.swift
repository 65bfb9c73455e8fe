#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit
  import UniformTypeIdentifiers

  /// `@mentions` and `#tags` inside a `UITextView` or `UITextField` (MJAutoComplete's
  /// `MJAutoCompleteManager`).
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
  /// The session finds the token at the caret, asks the trigger's list, filters it in place and
  /// replaces only the token on a pick. The list shows in ``container`` when the app assigns one,
  /// otherwise it floats in the window at the caret. Every decision comes from
  /// `AutocompletePresentation` (`TriggerListState`, `CaretAnchor`, `MentionRun`,
  /// `MentionClipboard`) and the core session.
  ///
  /// Mentions: with triggers that insert mentions (`SessionTrigger(insertsMention: true)`), picks
  /// become ``mentions`` drawn with ``mentionAttributes``, kept as units while the user edits,
  /// reported to the delegate, and stored and reopened with ``mentionedText`` and
  /// ``setMentionedText(_:)``. Copy and paste keep them inside a ``MentionTextView`` or
  /// ``MentionTextField``.
  @MainActor
  public final class AutocompleteTriggerManager: NSObject, AutocompleteSessionDelegate {
    /// The session behind the manager.
    public let session: AutocompleteSession
    /// Receives the new text, picks, list visibility and cells.
    public weak var delegate: (any AutocompleteTriggerManagerDelegate)?
    /// The triggers (delimiters with their lists and cell styles).
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
    /// in the window at the caret.
    public weak var container: UIView? {
      didSet { render() }
    }
    /// The cell for rows without a trigger-specific cell.
    public var cellProvider: SuggestionCellProvider = .standard {
      didSet { reconfigure() }
    }
    /// Trigger-specific cells, keyed by the trigger's cell style (its delimiter unless set).
    public var cellProviders: [String: SuggestionCellProvider] = [:] {
      didSet { reconfigure() }
    }
    /// The floating list's width at the caret.
    public var listWidth: CGFloat = 280 {
      didSet { render() }
    }
    /// At most this many rows are visible at the caret; the rest scrolls.
    public var maximumVisibleRows = 5 {
      didSet { render() }
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

    private weak var textView: UITextView?
    private weak var textField: UITextField?
    private let dropdown = DropdownView(frame: .zero)
    private let adapter = DropdownTableAdapter()
    private var listState: TriggerListState?
    private var keyboardScreenFrame: CGRect?
    private var isProcessingOnly = false
    private let textViewProxy = TextViewDelegateProxy()
    private let textFieldProxy = TextFieldDelegateProxy()
    /// Copies and pastes of this view's mentions.
    private let clipboard = MentionClipboard()
    /// Whether the manager is changing the view (its notifications are not new input).
    private var isApplying = false
    /// The mention runs drawn last, and the text they were drawn in.
    private var drawnRuns: [MentionRun] = []
    private var drawnText: String?
    /// The view's own font and colour, for text that is not a mention.
    private var baseAttributes: [NSAttributedString.Key: Any] = [:]
    /// The text last given to ``onMentionedTextChange``.
    private var reportedText = MentionedText()
    private let accessibility: TriggerManagerAccessibility
    private var lastState: SessionState?

    /// Creates a manager with triggers.
    public init(triggers: [SessionTrigger] = [], clock: any Clock<Duration> = ContinuousClock()) {
      self.triggers = triggers
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      self.accessibility = TriggerManagerAccessibility(clock: clock)
      super.init()
      dropdown.onEscape = { [weak self] in self?.session.press(.escape) }
      session.delegate = self
      adapter.onSelect = { [weak self] location in self?.rowTapped(location) }
      adapter.onWillDisplay = { [weak self] cell, _, suggestion in
        guard let self, let suggestion, let trigger = self.currentTrigger else { return }
        self.delegate?.autocompleteManager(
          self, didReceive: .willPresent(cell, suggestion: suggestion, trigger: trigger))
      }
      dropdown.tableView.dataSource = adapter
      dropdown.tableView.delegate = adapter
      textViewProxy.onSelectionChange = { [weak self] in self?.viewChanged() }
      textFieldProxy.controller = self
      NotificationCenter.default.addObserver(
        self, selector: #selector(contentSizeChanged), name: UIContentSizeCategory.didChangeNotification,
        object: nil)
      #if os(iOS)
        NotificationCenter.default.addObserver(
          self, selector: #selector(keyboardWillChangeFrame(_:)),
          name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        NotificationCenter.default.addObserver(
          self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification,
          object: nil)
      #endif
      reconfigure()
    }

    // MARK: Attaching

    /// Follows `textView`'s edits, selection and focus. Its delegate stays yours: set it before
    /// attaching (the manager puts a forwarding proxy in front of it to hear selection changes).
    public func attach(to textView: UITextView) {
      detach()
      self.textView = textView
      textViewProxy.appDelegate = textView.delegate
      textView.delegate = textViewProxy
      accessibility.attach(to: textView) { [weak self] key in self?.hardwareKey(key) }
      (textView as? MentionTextView)?.mentionManager = self
      prepareMentions(font: textView.font, color: textView.textColor)
      let center = NotificationCenter.default
      center.addObserver(
        self, selector: #selector(viewChanged), name: UITextView.textDidChangeNotification, object: textView)
      center.addObserver(
        self, selector: #selector(viewBegan), name: UITextView.textDidBeginEditingNotification,
        object: textView)
      center.addObserver(
        self, selector: #selector(viewEnded), name: UITextView.textDidEndEditingNotification, object: textView
      )
    }

    /// Follows `textField`'s edits, selection and focus. Its delegate stays yours: set it before
    /// attaching (the manager puts a forwarding proxy in front of it to hear selection changes).
    public func attach(to textField: UITextField) {
      detach()
      self.textField = textField
      textFieldProxy.appDelegate = textField.delegate
      textField.delegate = textFieldProxy
      accessibility.attach(to: textField) { [weak self] key in self?.hardwareKey(key) }
      (textField as? MentionTextField)?.mentionManager = self
      prepareMentions(font: textField.font, color: textField.textColor)
      textField.addTarget(self, action: #selector(viewChanged), for: .editingChanged)
      textField.addTarget(self, action: #selector(viewBegan), for: .editingDidBegin)
      textField.addTarget(self, action: #selector(viewEnded), for: [.editingDidEnd, .editingDidEndOnExit])
    }

    /// The text view or field the manager follows, or `nil`.
    public var attachedView: UIView? { textView ?? textField }

    /// Stops following the attached view and hides the list; the view's own delegate goes back.
    public func detach() {
      if let textView, textView.delegate === textViewProxy { textView.delegate = textViewProxy.appDelegate }
      if let textField, textField.delegate === textFieldProxy {
        textField.delegate = textFieldProxy.appDelegate
      }
      (textView as? MentionTextView)?.mentionManager = nil
      (textField as? MentionTextField)?.mentionManager = nil
      drawnRuns = []
      drawnText = nil
      if let textView {
        let center = NotificationCenter.default
        for name in [
          UITextView.textDidChangeNotification, UITextView.textDidBeginEditingNotification,
          UITextView.textDidEndEditingNotification,
        ] {
          center.removeObserver(self, name: name, object: textView)
        }
      }
      textField?.removeTarget(self, action: nil, for: .allEditingEvents)
      accessibility.attach(to: nil) { _ in }
      textField = nil
      textView = nil
      session.send(.focusChanged(false))
      render()
    }

    /// Processes text the app hands over itself (MJ's `processString:`), with the caret at the end
    /// unless the snapshot says otherwise. Without an attached view, the list shows in ``container``.
    public func process(_ snapshot: TextSnapshot) {
      isProcessingOnly = textView == nil && textField == nil
      if !session.state.isFocused { session.send(.focusChanged(true)) }
      session.send(.textChanged(snapshot))
    }

    /// Processes `text` with the caret at its end (MJ's `processString:`).
    public func processString(_ text: String) {
      process(TextSnapshot(text))
    }

    @objc private func viewChanged() {
      guard !isApplying else { return }
      textChanged()
    }
    @objc private func viewBegan() { focusChanged(true) }
    @objc private func viewEnded() { focusChanged(false) }

    #if os(iOS)
      @objc private func keyboardWillChangeFrame(_ notification: Notification) {
        keyboardScreenFrame =
          (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
        render()
      }

      @objc private func keyboardWillHide(_ notification: Notification) {
        keyboardScreenFrame = nil
        render()
      }
    #endif

    private func textChanged() {
      if let textView {
        session.send(.textChanged(textView.autocompleteSnapshot))
      } else if let textField {
        session.send(.textChanged(textField.autocompleteSnapshot))
      }
    }

    private func focusChanged(_ isFocused: Bool) {
      session.send(.focusChanged(isFocused))
      if isFocused { textChanged() }
    }

    // MARK: Configuration

    private var currentTrigger: SessionTrigger? {
      guard let index = listState?.trigger, triggers.indices.contains(index) else { return nil }
      return triggers[index]
    }

    private func reconfigure() {
      var configuration = baseConfiguration
      configuration.triggers = triggers
      for provider in cellProviders.values { provider.register(in: dropdown.tableView) }
      cellProvider.register(in: dropdown.tableView)
      session.configuration = configuration
      render()
    }

    // MARK: Session

    /// Applies picks (through the delegate's `shouldUpdateToText:`) and reports them.
    public func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {
      switch output {
      case .replaceText(let edit):
        let apply = delegate?.autocompleteManager(self, shouldUpdateToText: edit.resultingText) ?? true
        guard apply else { return }
        self.apply(edit)
      case .moveSelection(let snapshot):
        select(snapshot.utf16Selection)
      case .picked, .mentionsChanged, .actionRowPicked, .returned, .cleared, .recentsFailed:
        for event in AutocompleteTriggerEvent.events(for: output, trigger: currentTrigger) {
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

    /// Puts the selection on the pasteboard as plain text and, for this view, with its mentions;
    /// `false` without a selection.
    func copySelection() -> Bool {
      guard let selection = currentSelection, selection.length > 0 else { return false }
      let copied = session.state.mentionedText.slice(utf16Range: selection)
      UIPasteboard.general.setItems([
        [
          UTType.utf8PlainText.identifier: copied.text,
          MentionClipboard.pasteboardType: clipboard.data(for: copied),
        ]
      ])
      return true
    }

    /// Copies the selection with its mentions, then deletes it as the user would.
    func cutSelection() -> Bool {
      guard copySelection(), let input = (textView as (any UITextInput)?) ?? textField,
        let range = input.selectedTextRange
      else { return false }
      input.replace(range, withText: "")
      textChanged()
      return true
    }

    /// Pastes mentions this view copied; `false` when the pasteboard has none of them.
    func pasteMentions() -> Bool {
      guard let data = UIPasteboard.general.data(forPasteboardType: MentionClipboard.pasteboardType),
        let text = clipboard.mentionedText(from: data)
      else { return false }
      textChanged()
      insert(text)
      return true
    }

    /// The view's selection in UTF-16 offsets.
    private var currentSelection: NSRange? {
      if let textView { return textView.selectedRange }
      if let textField, let range = textField.selectedTextRange { return textField.utf16Range(of: range) }
      return nil
    }

    /// The attached view's text.
    private var viewText: String? {
      textView?.text ?? textField?.text
    }

    /// Applies a session edit to the view: through `UITextInput` when the view holds the text the
    /// edit starts from (so the view's undo manager records it), otherwise by setting the text.
    private func apply(_ edit: TextEdit) {
      guard let input = (textView as (any UITextInput)?) ?? textField, let current = viewText else { return }
      isApplying = true
      defer { isApplying = false }
      let nsCurrent = current as NSString
      let fits =
        NSMaxRange(edit.utf16Range) <= nsCurrent.length
        && nsCurrent.replacingCharacters(in: edit.utf16Range, with: edit.replacement) == edit.resultingText
      if fits, input.markedTextRange == nil,
        let start = input.position(from: input.beginningOfDocument, offset: edit.utf16Range.location),
        let end = input.position(from: start, offset: edit.utf16Range.length),
        let range = input.textRange(from: start, to: end)
      {
        input.replace(range, withText: edit.replacement)
      } else if let textView {
        textView.text = edit.resultingText
      } else if let textField {
        textField.text = edit.resultingText
      }
      drawnText = nil
      select(edit.utf16Selection)
    }

    /// Selects UTF-16 `range` in the view.
    private func select(_ range: NSRange) {
      guard let input = (textView as (any UITextInput)?) ?? textField,
        let start = input.position(from: input.beginningOfDocument, offset: range.location),
        let end = input.position(from: start, offset: range.length)
      else { return }
      isApplying = true
      defer { isApplying = false }
      input.selectedTextRange = input.textRange(from: start, to: end)
    }

    /// Notes the attached view's own font and colour (for text that is not a mention) and shows the
    /// session's text when it has mentions (set before attaching).
    /// The text size changed: a text-style font captured at attach is fetched again at the new
    /// size (a fixed font stays), and the mentions are drawn again with it.
    @objc private func contentSizeChanged() {
      guard let font = baseAttributes[.font] as? UIFont,
        let style = font.fontDescriptor.object(forKey: .textStyle) as? UIFont.TextStyle
      else { return }
      baseAttributes[.font] = UIFont.preferredFont(forTextStyle: style)
      drawnText = nil
      restyleMentions(force: true)
    }

    private func prepareMentions(font: UIFont?, color: UIColor?) {
      baseAttributes = [
        .font: font ?? UIFont.preferredFont(forTextStyle: .body), .foregroundColor: color ?? UIColor.label,
      ]
      guard !session.state.mentions.isEmpty, viewText != session.state.text else { return }
      isApplying = true
      defer { isApplying = false }
      if let textView { textView.text = session.state.text }
      if let textField { textField.text = session.state.text }
      drawnText = nil
      restyleMentions(force: true)
    }

    /// Draws the mentions with their attributes: what the manager styled before goes back to the
    /// view's font and colour, then each mention gets its style. Skipped while an input method
    /// composes (restyling would end the composition) and when the view shows other text.
    private func restyleMentions(force: Bool) {
      let state = session.state
      guard let current = viewText, current == state.text else { return }
      let runs = MentionRun.runs(for: state, configuration: session.configuration)
      guard force || runs != drawnRuns || drawnText != current else { return }
      if let textView {
        guard textView.markedTextRange == nil else { return }
        let selection = textView.selectedRange
        isApplying = true
        defer { isApplying = false }
        restyle(textView.textStorage, runs: runs)
        textView.selectedRange = selection
        textView.typingAttributes = baseAttributes
      } else if let textField {
        guard textField.markedTextRange == nil else { return }
        let selection = textField.selectedTextRange
        let styled = NSMutableAttributedString(
          attributedString: textField.attributedText ?? NSAttributedString())
        isApplying = true
        defer { isApplying = false }
        restyle(styled, runs: runs)
        textField.attributedText = styled
        textField.selectedTextRange = selection
        if textField.isEditing { textField.typingAttributes = baseAttributes }
      }
      drawnRuns = runs
      drawnText = current
    }

    /// Restyles `text` for `runs` (see `MentionStyling`).
    private func restyle(_ text: NSMutableAttributedString, runs: [MentionRun]) {
      MentionStyling.restyle(text, runs: runs, marker: .autocompleteMention, base: baseAttributes) { run in
        (run.style.flatMap { mentionAttributes[$0] } ?? defaultMentionAttributes).attributes(
          selected: run.isSelected)
      }
    }

    // MARK: Rendering

    private var isFocused: Bool {
      if let textView { return textView.isFirstResponder }
      if let textField { return textField.isFirstResponder }
      return isProcessingOnly && session.state.isFocused
    }

    /// A claimed hardware key: Up on the first row returns to the text.
    private func hardwareKey(_ key: HardwareKey) {
      session.pressReturningToField(key.sessionKey)
    }

    private func render() {
      let state = session.state
      let list = TriggerListState(state: state, isFocused: isFocused)
      let change = list.change(from: listState)
      listState = list
      if let event = AutocompleteTriggerEvent(change, list: list, triggers: triggers) {
        delegate?.autocompleteManager(self, didReceive: event)
      }
      defer {
        accessibility.update(
          from: lastState, to: state, isShown: list.isShown && dropdown.superview != nil && !dropdown.isHidden
        )
        lastState = state
      }
      let style = list.trigger.flatMap { triggers.indices.contains($0) ? triggers[$0].cellStyle : nil }
      adapter.cellProvider = style.flatMap { cellProviders[$0] } ?? cellProvider
      adapter.state = state
      adapter.content = list.content
      guard list.isShown else {
        dropdown.removeFromSuperview()
        return
      }
      dropdown.tableView.estimatedRowHeight = adapter.cellProvider.estimatedHeight
      if let container {
        if dropdown.superview !== container { container.addSubview(dropdown) }
        dropdown.frame = container.bounds
        dropdown.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dropdown.isHidden = false
        dropdown.tableView.reloadData()
        return
      }
      guard let input = (textView as UIView?) ?? textField, let window = input.window,
        let caret = (textView as (any UITextInput)?)?.caretRect(in: window)
          ?? (textField as (any UITextInput)?)?.caretRect(in: window)
      else {
        dropdown.removeFromSuperview()
        return
      }
      if dropdown.superview !== window { window.addSubview(dropdown) }
      dropdown.autoresizingMask = []
      window.bringSubviewToFront(dropdown)
      dropdown.tableView.reloadData()
      let anchor = CaretAnchor(
        caretRect: caret, textFrame: input.convert(input.bounds, to: window), listWidth: listWidth,
        isRightToLeft: input.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      var keyboard: CGRect?
      #if os(iOS)
        if let keyboardScreenFrame, let screen = window.windowScene?.screen {
          keyboard = window.convert(keyboardScreenFrame, from: screen.coordinateSpace)
        }
      #endif
      let geometry = anchor.geometry(
        windowBounds: window.bounds, safeAreaInsets: EdgeInsets(window.safeAreaInsets),
        keyboardFrame: keyboard,
        rowHeights: dropdown.rowHeights(), maximumVisibleRows: maximumVisibleRows)
      dropdown.apply(
        geometry.placement, in: window.bounds, semanticContentAttribute: input.semanticContentAttribute)
      session.pageSize = geometry.rowsPerPage  // Page Up/Down move by the rows shown
    }

    private func rowTapped(_ location: RowLocation) {
      dropdown.tableView.deselectRow(at: IndexPath(location), animated: false)
      guard let event = listState?.event(forSelectingRowAt: location) else { return }
      session.send(event)
    }
  }

  extension AutocompleteTriggerManager: TextFieldDelegateProxyOwner {
    /// The field's caret moved: the session keeps it out of mentions.
    func selectionChanged() {
      viewChanged()
    }
  }
#endif
