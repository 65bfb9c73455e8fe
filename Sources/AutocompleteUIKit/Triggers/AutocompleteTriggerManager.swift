#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// `@mentions` and `#tags` inside a `UITextView` or `UITextField` (MJAutoComplete's
  /// `MJAutoCompleteManager`).
  ///
  /// ```swift
  /// let manager = AutocompleteTriggerManager(triggers: [
  ///   .items("@", people),                                      // MJ's autoCompleteItemList
  ///   .asyncItems("#") { token in try await api.tags(token) },  // MJ's itemList: (async)
  /// ])
  /// manager.delegate = self          // shouldUpdateToText: is the one required method
  /// manager.attach(to: textView)     // or call process(_:) yourself (MJ's processString:)
  /// ```
  ///
  /// The session finds the token at the caret, asks the trigger's list, filters it in place and
  /// replaces only the token on a pick. The list shows in ``container`` when the app assigns one,
  /// otherwise it floats in the window at the caret. Every decision comes from
  /// `AutocompletePresentation` (`TriggerListState`, `CaretAnchor`) and the core session.
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

    private weak var textView: UITextView?
    private weak var textField: UITextField?
    private let dropdown = DropdownView(frame: .zero)
    private let adapter = DropdownTableAdapter()
    private var listState: TriggerListState?
    private var keyboardScreenFrame: CGRect?
    private var isProcessingOnly = false

    /// Creates a manager with triggers.
    public init(triggers: [SessionTrigger] = [], clock: any Clock<Duration> = ContinuousClock()) {
      self.triggers = triggers
      self.session = AutocompleteSession(configuration: SessionConfiguration(), clock: clock)
      super.init()
      session.delegate = self
      adapter.onSelect = { [weak self] location in self?.rowTapped(location) }
      adapter.onWillDisplay = { [weak self] cell, _, suggestion in
        guard let self, let suggestion, let trigger = self.currentTrigger else { return }
        self.delegate?.autocompleteManager(self, willPresent: cell, for: suggestion, trigger: trigger)
      }
      dropdown.tableView.dataSource = adapter
      dropdown.tableView.delegate = adapter
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

    /// Follows `textView`'s edits and focus (through notifications: its delegate stays yours).
    public func attach(to textView: UITextView) {
      detach()
      self.textView = textView
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

    /// Follows `textField`'s edits and focus (through control events: its delegate stays yours).
    public func attach(to textField: UITextField) {
      detach()
      self.textField = textField
      textField.addTarget(self, action: #selector(viewChanged), for: .editingChanged)
      textField.addTarget(self, action: #selector(viewBegan), for: .editingDidBegin)
      textField.addTarget(self, action: #selector(viewEnded), for: [.editingDidEnd, .editingDidEndOnExit])
    }

    /// The text view or field the manager follows, or `nil`.
    public var attachedView: UIView? { textView ?? textField }

    /// Stops following the attached view and hides the list.
    public func detach() {
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

    @objc private func viewChanged() { textChanged() }
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
        if let textView {
          textView.text = edit.resultingText
          textView.moveCaret(toUTF16Offset: edit.caretUTF16Offset)
        } else if let textField {
          textField.text = edit.resultingText
          textField.moveCaret(toUTF16Offset: edit.caretUTF16Offset)
        }
      case .picked(let suggestion):
        guard let trigger = currentTrigger else { return }
        delegate?.autocompleteManager(self, didPick: suggestion, for: trigger)
      case .actionRowPicked, .returned, .cleared:
        break
      }
    }

    /// Renders the new state.
    public func session(_ session: AutocompleteSession, didChange state: SessionState) {
      render()
    }

    // MARK: Rendering

    private var isFocused: Bool {
      if let textView { return textView.isFirstResponder }
      if let textField { return textField.isFirstResponder }
      return isProcessingOnly && session.state.isFocused
    }

    private func render() {
      let state = session.state
      let list = TriggerListState(state: state, isFocused: isFocused)
      let change = list.change(from: listState)
      listState = list
      switch change {
      case .willAppear, .switched:
        if let trigger = currentTrigger { delegate?.autocompleteManager(self, willShowListFor: trigger) }
      case .didHide:
        delegate?.autocompleteManagerDidHideList(self)
      case nil:
        break
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
      dropdown.apply(geometry.placement, semanticContentAttribute: input.semanticContentAttribute)
    }

    private func rowTapped(_ location: RowLocation) {
      dropdown.tableView.deselectRow(at: IndexPath(location), animated: false)
      guard let event = listState?.event(forSelectingRowAt: location) else { return }
      session.send(event)
    }
  }
#endif
