#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Adds autocomplete to any `UITextField`: owns the session, forwards the field's edits, focus,
  /// Return and clear button to it, and renders its state as a floating dropdown, ghost text and
  /// VoiceOver announcements.
  ///
  /// ``AutocompleteTextField`` uses one; so does ``AutocompleteModel/attach()``. Every decision
  /// (rows, placement, styled runs, keys, announcements) comes from `AutocompletePresentation`.
  @MainActor
  public final class AutocompleteFieldController: NSObject, AutocompleteSessionDelegate,
    TextFieldDelegateProxyOwner
  {
    /// The field.
    public private(set) weak var textField: UITextField?
    /// The session behind the field; send it events or read its state.
    public let session: AutocompleteSession
    /// Receives picks, the action row, Return, clearing and cell callbacks.
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
    /// How suggestion cells are made.
    public var cellProvider: SuggestionCellProvider = .standard {
      didSet { adapter.cellProvider = cellProvider; adapter.register(in: dropdown.tableView); render() }
    }
    /// At most this many rows are visible; the rest scrolls. 5 by default.
    public var maximumVisibleRows = 5 {
      didSet { render() }
    }
    /// The colour of the typed text while an inline completion shows (seed 002's `boldTextColor`).
    public var boldTextColor: UIColor = .label {
      didSet { render() }
    }
    /// The colour of the ghost text (seed 002's `lightTextColor`).
    public var lightTextColor: UIColor = .placeholderText {
      didSet { render() }
    }
    /// Whether the dropdown list shows; off leaves the inline completion alone (seed 002's field
    /// has no list). `true` by default.
    public var showsSuggestionList = true {
      didSet { render() }
    }
    /// The field's frame in its superview's coordinates to use while the field has no size yet
    /// (seed 000's `textFieldFrame`); `nil` by default.
    public var declaredFieldFrame: CGRect?
    /// Whether Return without a highlighted row ends editing (seed 002 does). `true` by default.
    public var endsEditingOnReturn = true
    /// Advanced session options (stall threshold, triggers, cache, state reducer); the options
    /// above are applied on top.
    public var baseConfiguration = SessionConfiguration() {
      didSet { reconfigure() }
    }

    /// The list as last rendered.
    public private(set) var content = DropdownContent()

    let dropdown = DropdownView(frame: .zero)
    let adapter = DropdownTableAdapter()
    private let ghostLabel = UILabel()
    private let proxy = TextFieldDelegateProxy()
    private var input = FieldInputTracker()
    private var lastState: SessionState?
    private var lastGeometry: DropdownGeometry?
    /// The rows' heights, measured after each reload (not every frame).
    private var rowHeights: [CGFloat] = []
    private var displayLink: CADisplayLink?
    private var outsideTap: UITapGestureRecognizer?
    private var keyboardScreenFrame: CGRect?
    private var fieldColorBeforeInline: UIColor?
    private let host = DropdownHost()
    private var keyCommands: HardwareKeyCommands?
    private var announcer: AnnouncementPacer!
    private var isRendering = false

    /// Attaches to `textField`. The field's current `delegate` keeps receiving every call; set a
    /// new delegate through ``textFieldDelegate`` afterwards.
    public init(textField: UITextField, clock: any Clock<Duration> = ContinuousClock()) {
      self.textField = textField
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      super.init()
      announcer = AnnouncementPacer(platform: .iOS, clock: clock) { UIKitAccessibility.announce($0) }
      dropdown.onEscape = { [weak self] in self?.session.press(.escape) }
      session.delegate = self
      proxy.controller = self
      proxy.appDelegate = textField.delegate
      textField.delegate = proxy
      textField.addTarget(self, action: #selector(editingChanged), for: .editingChanged)
      adapter.onSelect = { [weak self] location in self?.rowTapped(location) }
      adapter.onRemoveRecent = { [weak self] row in self?.session.removeRecent(row) }
      adapter.onWillDisplay = { [weak self] cell, row, suggestion in
        guard let self, let field = self.textField else { return }
        self.delegate?.autocompleteField(
          field, didReceive: .willDisplay(cell, row: row, suggestion: suggestion))
      }
      dropdown.tableView.dataSource = adapter
      dropdown.tableView.delegate = adapter
      ghostLabel.isUserInteractionEnabled = false
      ghostLabel.isAccessibilityElement = false
      ghostLabel.isHidden = true
      textField.addSubview(ghostLabel)
      #if os(iOS)
        let center = NotificationCenter.default
        center.addObserver(
          self, selector: #selector(keyboardWillChangeFrame(_:)),
          name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        center.addObserver(
          self, selector: #selector(keyboardWillHide(_:)), name: UIResponder.keyboardWillHideNotification,
          object: nil)
      #endif
      NotificationCenter.default.addObserver(
        self, selector: #selector(contentSizeChanged), name: UIContentSizeCategory.didChangeNotification,
        object: nil)
      reconfigure()
    }

    /// The app's own `UITextFieldDelegate`, which keeps receiving every delegate call.
    public var textFieldDelegate: (any UITextFieldDelegate)? {
      get { proxy.appDelegate }
      set { proxy.appDelegate = newValue }
    }

    /// The delegate object installed on the field; it forwards to ``textFieldDelegate``.
    var textFieldDelegateProxy: any UITextFieldDelegate { proxy }

    /// Sends a key to the session (hardware keyboard); returns whether the session used it. Up on
    /// the first row returns to the field (see ``/AutocompletePresentation/FieldNavigation``).
    @discardableResult
    public func press(_ key: SessionKey) -> Bool {
      session.pressReturningToField(key)
    }

    /// Whether the controller adds key commands for the claimed keys to the field's view controller
    /// (a plain `UITextField` attached with ``AutocompleteModel/attach()``); ``AutocompleteTextField``
    /// declares its own and leaves this off.
    public var installsKeyCommands = false {
      didSet {
        guard installsKeyCommands != oldValue else { return }
        keyCommands?.remove()
        keyCommands = nil
        if installsKeyCommands, let textField {
          keyCommands = HardwareKeyCommands(view: textField) { [weak self] key in self?.hardwareKey(key) }
        }
        render()
      }
    }

    /// A hardware key from the installed commands: Return as the field's Return, the rest pressed.
    private func hardwareKey(_ key: HardwareKey) {
      if key == .returnKey {
        _ = returnPressed()
      } else {
        press(key.sessionKey)
      }
    }

    /// The hardware keys to claim now (see
    /// ``/AutocompletePresentation/HardwareKey/claimedKeys(in:isListShown:canShowList:)``).
    public var claimedKeys: [HardwareKey] {
      HardwareKey.claimedKeys(
        in: session.state, isListShown: content.isShown, canShowList: showsSuggestionList)
    }

    /// Detaches from the field: the app's delegate goes back on the field, the list and the ghost
    /// text go away, and the field stops reporting to the session.
    public func detach() {
      hideDropdown()
      keyCommands?.remove()
      keyCommands = nil
      announcer.cancel()
      ghostLabel.removeFromSuperview()
      session.cancelAll()
      guard let textField else { return }
      textField.removeTarget(self, action: #selector(editingChanged), for: .editingChanged)
      if textField.delegate === proxy { textField.delegate = proxy.appDelegate }
      self.textField = nil
    }

    /// Asks the sources again (the data changed).
    public func reloadSuggestions() {
      session.send(.refresh)
    }

    /// Opens the list from code: the current text's suggestions, or the recents of an empty field.
    public func showSuggestions() {
      session.send(.listOpened)
    }

    /// Closes the list from code; it stays closed until the user edits.
    public func hideSuggestions() {
      session.send(.listClosed)
    }

    /// Whether the field suggests; `false` suspends suggestions (the list closes, typing searches
    /// nothing) and `true` resumes them (the text is searched again). The options and their cache
    /// stay, unlike `isAutoFillOn`.
    public var areSuggestionsEnabled: Bool {
      get { session.areSuggestionsEnabled }
      set { session.areSuggestionsEnabled = newValue }
    }

    /// Sets the field's text from code, caret at the end; the list opens only with
    /// `showingSuggestions` (setting text is not typing).
    public func setText(_ text: String, showingSuggestions: Bool) {
      session.send(.textSet(TextSnapshot(text), opensList: showingSuggestions))
    }

    /// Whether rows have a fill button (Algolia's tap-ahead arrow): it puts the row's completion in
    /// the field, keeps the focus and searches again, without picking.
    public var showsFillButtons = false {
      didSet {
        adapter.onFill =
          showsFillButtons
          ? { [weak self] location in
            guard let self, let event = self.content.event(forFillingRowAt: location) else { return }
            self.session.send(event)
          } : nil
        dropdown.tableView.reloadData()
      }
    }

    // MARK: Configuration

    private func reconfigure() {
      let configuration = options.configuration(
        base: baseConfiguration, sources: sources, dataSource: dataSource, actionRow: actionRow?.sessionRow)
      adapter.actionRow = actionRow
      adapter.cellProvider = cellProvider
      adapter.register(in: dropdown.tableView)
      session.configuration = configuration
    }

    // MARK: Events from the field

    @objc private func editingChanged() {
      guard let textField else { return }
      session.send(input.edited(to: textField.autocompleteSnapshot))
    }

    func selectionChanged() {
      guard let textField, textField.isFirstResponder else { return }
      guard let event = input.selectionMoved(to: textField.autocompleteSnapshot) else { return }
      session.send(event)
    }

    func editingBegan() {
      guard let textField else { return }
      delegate?.autocompleteField(textField, didReceive: .willBeginEditing)
      for event in input.editingBegan(with: textField.autocompleteSnapshot) { session.send(event) }
    }

    func editingEnded() {
      session.send(.focusChanged(false))
      render()
    }

    /// Return: picks the highlighted row (the field keeps editing; returns `true`), or accepts the
    /// inline completion and reports the text (returns `false`, and ends editing when
    /// ``endsEditingOnReturn``).
    func returnPressed() -> Bool {
      let picksRow = HardwareKey.returnPicksRow(in: session.state, isListShown: content.isShown)
      session.press(.enter)
      if picksRow { return true }
      if endsEditingOnReturn { textField?.resignFirstResponder() }
      return false
    }

    func clearPressed() {
      input.textSet(to: "")
      session.send(.cleared)
    }

    private func rowTapped(_ location: RowLocation) {
      dropdown.tableView.deselectRow(at: IndexPath(location), animated: false)
      guard let event = content.event(forSelectingRowAt: location) else { return }
      session.send(event)
    }

    // MARK: Session

    /// Applies edits and reports callbacks.
    public func session(_ session: AutocompleteSession, didProduce output: SessionOutput) {
      guard let textField else { return }
      switch output {
      case .replaceText(let edit):
        textField.text = edit.resultingText
        textField.moveCaret(toUTF16Offset: edit.caretUTF16Offset)
        input.textSet(to: edit.resultingText)
        textField.sendActions(for: .editingChanged)
      case .actionRowPicked(let query):
        actionRow?.onSelection?(query)
      case .moveSelection(let snapshot):
        textField.moveCaret(toUTF16Offset: snapshot.caretUTF16Offset)
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
      isRendering = true
      defer { isRendering = false }
      content = DropdownContent(state: state, isFocused: textField.isFirstResponder && showsSuggestionList)
      adapter.state = state
      adapter.content = content
      renderDropdown(in: textField)
      renderGhost(state.inlineCompletion, in: textField)
      if let field = self.textField, old?.suggestions.map(\.id) != state.suggestions.map(\.id) {
        delegate?.autocompleteField(field, didReceive: .suggestionsChanged(state.suggestions))
      }
      // The field keeps its own accessibilityValue (the typed text); the list's state is said by
      // the announcements and found right after the field.
      let isVisible = content.isShown && dropdown.superview != nil && !dropdown.isHidden
      announcer.update(from: old, to: state, isShown: isVisible)
      keyCommands?.claim(textField.isFirstResponder ? claimedKeys : [])
      lastState = state
    }

    private func renderDropdown(in textField: UITextField) {
      guard content.isShown, let window = textField.window,
        let hostView = DropdownHost.hostView(for: textField)
      else {
        hideDropdown()
        return
      }
      if dropdown.superview !== hostView {
        host.restore()
        hostView.addSubview(dropdown)
        startTracking(in: window)
      }
      hostView.bringSubviewToFront(dropdown)
      host.install(dropdown, after: textField, in: hostView)
      dropdown.tableView.reloadData()
      if let location = content.highlightedLocation {
        let path = IndexPath(location)
        dropdown.tableView.selectRow(at: path, animated: false, scrollPosition: .none)
        dropdown.tableView.scrollToRow(at: path, at: .none, animated: false)
      }
      rowHeights = dropdown.rowHeights()
      lastGeometry = nil
      layoutDropdown()
    }

    private func hideDropdown() {
      host.restore()
      dropdown.removeFromSuperview()
      displayLink?.invalidate()
      displayLink = nil
      if let outsideTap { outsideTap.view?.removeGestureRecognizer(outsideTap) }
      outsideTap = nil
      lastGeometry = nil
    }

    private func startTracking(in window: UIWindow) {
      displayLink?.invalidate()
      let link = CADisplayLink(target: DisplayLinkTarget(self), selector: #selector(DisplayLinkTarget.tick))
      link.add(to: .main, forMode: .common)
      displayLink = link
      let tap = UITapGestureRecognizer(target: self, action: #selector(windowTapped(_:)))
      tap.cancelsTouchesInView = false
      window.addGestureRecognizer(tap)
      outsideTap = tap
    }

    /// Re-lays out the list when the field, window, keyboard or rows moved (a scrolling field,
    /// rotation, split view, keyboard changes): called every frame while the list shows.
    func layoutDropdown() {
      guard let textField, let window = textField.window, let hostView = dropdown.superview,
        hostView.window === window
      else {
        hideDropdown()
        return
      }
      var keyboard: CGRect?
      #if os(iOS)
        if let keyboardScreenFrame, let screen = window.windowScene?.screen {
          keyboard = window.convert(keyboardScreenFrame, from: screen.coordinateSpace)
        }
      #endif
      let live = textField.convert(textField.bounds, to: window)
      let declared = declaredFieldFrame.flatMap { frame in
        textField.superview.map { $0.convert(frame, to: window) }
      }
      let geometry = DropdownGeometry(
        fieldFrame: DropdownGeometry.anchorFrame(live: live, declared: declared), windowBounds: window.bounds,
        safeAreaInsets: EdgeInsets(window.safeAreaInsets), keyboardFrame: keyboard,
        rowHeights: rowHeights, maximumVisibleRows: maximumVisibleRows)
      guard geometry != lastGeometry else { return }
      lastGeometry = geometry
      let wasHidden = dropdown.isHidden
      dropdown.apply(
        geometry.placement, in: hostView.convert(window.bounds, from: window),
        semanticContentAttribute: textField.semanticContentAttribute)
      if dropdown.isHidden != wasHidden, !isRendering, let state = lastState {
        announcer.update(from: state, to: state, isShown: !dropdown.isHidden)
      }
      session.pageSize = geometry.rowsPerPage  // Page Up/Down move by the rows shown
    }

    @objc private func windowTapped(_ recognizer: UITapGestureRecognizer) {
      guard let textField, let window = textField.window, let placement = lastGeometry?.placement else {
        return
      }
      let point = recognizer.location(in: window)
      if placement.shouldClose(forTapAt: point, fieldFrame: textField.convert(textField.bounds, to: window)) {
        session.press(.escape)
      }
    }

    private func renderGhost(_ completion: InlineCompletion?, in textField: UITextField) {
      guard let completion, textField.isFirstResponder, !completion.suffix.isEmpty else {
        ghostLabel.isHidden = true
        if let color = fieldColorBeforeInline {
          textField.textColor = color
          fieldColorBeforeInline = nil
        }
        return
      }
      if fieldColorBeforeInline == nil { fieldColorBeforeInline = textField.textColor ?? .label }
      let start = textField.caretRect(for: textField.beginningOfDocument)
      let end = textField.caretRect(for: textField.endOfDocument)
      let textRect = textField.textRect(forBounds: textField.bounds)
      let ghost = GhostTextContent(
        completion, typedTextIsInView: GhostTextContent.isInView(typedTextStart: start, textRect: textRect))
      // Covering the typed text ("zur" previewed as "Zürich"), the field's own characters are
      // drawn clear under the ghost's (the caret stays).
      textField.textColor = ghost.coversTypedText ? .clear : boldTextColor
      let font = textField.font ?? .preferredFont(forTextStyle: .body)
      ghostLabel.attributedText = ghost.text.attributedString(
        base: [.font: font],
        styles: [.typed: [.foregroundColor: boldTextColor], .completion: [.foregroundColor: lightTextColor]])
      let isRightToLeft = textField.effectiveUserInterfaceLayoutDirection == .rightToLeft
      let layout = GhostTextLayout(
        caretRect: ghost.anchorRect(typedTextStart: start, typedTextEnd: end, isRightToLeft: isRightToLeft),
        textRect: textRect,
        textWidth: ceil(ghostLabel.intrinsicContentSize.width),
        isRightToLeft: isRightToLeft)
      guard let frame = layout.frame else {
        ghostLabel.isHidden = true
        textField.textColor = boldTextColor  // never hide the typed text without drawing over it
        return
      }
      ghostLabel.frame = frame
      ghostLabel.isHidden = false
    }

    // MARK: Notifications

    @objc private func keyboardWillChangeFrame(_ notification: Notification) {
      #if os(iOS)
        keyboardScreenFrame =
          (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?
          .cgRectValue
        layoutDropdown()
      #endif
    }

    @objc private func keyboardWillHide(_ notification: Notification) {
      keyboardScreenFrame = nil
      layoutDropdown()
    }

    @objc private func contentSizeChanged() {
      render()
    }
  }

  /// A weak display-link target, so the link never keeps the controller alive; when the
  /// controller is gone the link stops itself.
  @MainActor
  private final class DisplayLinkTarget: NSObject {
    weak var controller: AutocompleteFieldController?
    weak var dropdown: UIView?

    init(_ controller: AutocompleteFieldController) {
      self.controller = controller
      self.dropdown = controller.dropdown
    }

    @objc func tick(_ link: CADisplayLink) {
      guard let controller else {
        link.invalidate()
        dropdown?.removeFromSuperview()
        return
      }
      controller.layoutDropdown()
    }
  }
#endif
