#if canImport(AppKit) && os(macOS)
  import AppKit
  import AutocompleteCore
  import AutocompletePresentation

  /// A token field for the Mac: chips wrapping before an ``AutocompleteNSTextField`` (our ranked,
  /// sectioned list, asynchronous sources, inline completion), growing in height.
  ///
  /// Our own view rather than `NSTokenField`: `NSTokenField` asks its delegate for completions
  /// synchronously (`tokenField(_:completionsForSubstring:indexOfToken:indexOfSelectedItem:)`), so
  /// a server source (`HTTPSource`, `TypesenseSource`) cannot answer it, and it shows them in a
  /// plain menu without our sections, highlights, status rows or create row; its tokens live in an
  /// attributed string the session cannot own, so two-step Backspace, validation with a reason, a
  /// maximum and undo would be the view's logic, not the session's tested rules.
  ///
  /// Thin: the session's token rules and the Presentation layer (`TokenFieldDriver`,
  /// `TokenFieldContent`, `TokenFlowLayout`) decide; the view draws chips and
  /// forwards the field editor's `deleteBackward:`, `moveLeft:`, `moveRight:` and `deleteForward:`
  /// when they concern the chips, and chip clicks.
  @MainActor
  public final class AutocompleteTokenField: NSView, NSTextFieldDelegate {
    /// The text input after the chips; set its sources, items and options as for any field.
    public let textField = AutocompleteNSTextField(frame: .zero)
    /// Called after each change of the tokens and each refusal.
    public var onUpdate: ((TokenFieldUpdate) -> Void)?
    /// The chip views, in token order.
    public private(set) var chipButtons: [NSButton] = []
    /// Shows why typed text was refused (hidden when nothing was).
    public let refusalLabel = NSTextField(labelWithString: "")
    private var driver = TokenFieldDriver()
    private var layoutResult = TokenFlowLayout(chipSizes: [], width: 0, lineHeight: 22)

    /// How tokens are added (separators, Return, maximum, creation and its check).
    public var configuration: TokenFieldConfiguration {
      get { textField.autocomplete.baseConfiguration.tokens ?? TokenFieldConfiguration() }
      set { textField.autocomplete.baseConfiguration.tokens = newValue }
    }

    /// The tokens, in order; setting them drops duplicates and tokens past the maximum.
    public var tokens: [Token] {
      get { textField.session.state.tokens }
      set { textField.session.send(.tokens(.set(newValue))) }
    }

    /// Creates a token field.
    public override init(frame frameRect: NSRect) {
      super.init(frame: frameRect)
      setUp()
    }

    /// Creates a token field from a nib or storyboard.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      textField.autocomplete.baseConfiguration.tokens = TokenFieldConfiguration()
      textField.delegate = self
      addSubview(textField)
      refusalLabel.textColor = .systemRed
      refusalLabel.isHidden = true
      addSubview(refusalLabel)
      textField.session.onStateChange = { [weak self] state in self?.render(state) }
      render(textField.session.state)
    }

    /// Top-left origin, as chips flow downwards.
    public override var isFlipped: Bool { true }

    /// Puts back the last removed token (Edit ▸ Undo can call it).
    public func undoRemoval() { textField.session.send(.tokens(.undoRemoval)) }

    /// Removes the token with `id` (a chip's remove action).
    public func removeToken(id: String) { textField.session.send(.tokens(.remove(id: id))) }

    private func render(_ state: SessionState) {
      let (content, updates) = driver.render(state, isRightToLeft: isRightToLeft)
      if chipButtons.count != content.chips.count {
        chipButtons.forEach { $0.removeFromSuperview() }
        chipButtons = content.chips.map { _ in
          let button = NSButton(title: "", target: self, action: #selector(chipClicked(_:)))
          button.bezelStyle = .inline
          return button
        }
        chipButtons.forEach { addSubview($0) }
      }
      for (button, chip) in zip(chipButtons, content.chips) {
        button.title = chip.isSelected ? "\(chip.title) \u{00D7}" : chip.title
        button.tag = chip.index
        button.setButtonType(NSButton.ButtonType.pushOnPushOff)
        button.state = chip.isSelected ? NSControl.StateValue.on : NSControl.StateValue.off
        button.setAccessibilityLabel(chip.accessibilityLabel)
        button.setAccessibilitySelected(chip.isSelected)
        button.setAccessibilityHelp(chip.accessibilityHint)
        AppKitAccessibility.setInputLabels(chip.accessibilityInputLabels, for: button)
        button.setAccessibilityCustomActions([
          NSAccessibilityCustomAction(name: chip.removeActionName) { [weak self] in
            self?.removeToken(id: chip.id)
            return true
          }
        ])
      }
      refusalLabel.stringValue = content.refusal ?? ""
      refusalLabel.isHidden = content.refusal == nil
      if let announcement = content.announcement { AppKitAccessibility.announce(announcement, for: self) }
      needsLayout = true
      invalidateIntrinsicContentSize()
      for update in updates { onUpdate?(update) }
    }

    /// A click selects a chip; a click on the selected chip (its ×) removes it.
    @objc private func chipClicked(_ sender: NSButton) {
      guard let event = TokenFieldDriver.click(onChip: sender.tag, in: textField.session.state.tokenState)
      else { return }
      textField.session.send(event)
    }

    /// Chips wrap onto lines before the text input (`TokenFlowLayout`).
    public override func layout() {
      super.layout()
      let lineHeight = max(22, textField.intrinsicContentSize.height)
      let sizes = chipButtons.map { CGSize(width: $0.fittingSize.width, height: lineHeight) }
      layoutResult = TokenFlowLayout(
        chipSizes: sizes, width: bounds.width, lineHeight: lineHeight, isRightToLeft: isRightToLeft)
      for (chip, frame) in zip(chipButtons, layoutResult.chipFrames) { chip.frame = frame }
      textField.frame = layoutResult.textFrame
      let refusalHeight = refusalLabel.isHidden ? 0 : refusalLabel.fittingSize.height
      refusalLabel.frame = CGRect(x: 0, y: layoutResult.height, width: bounds.width, height: refusalHeight)
    }

    /// The height the chips, the text and the refusal need.
    public override var intrinsicContentSize: NSSize {
      let refusalHeight = refusalLabel.isHidden ? 0 : refusalLabel.fittingSize.height
      return NSSize(width: NSView.noIntrinsicMetric, height: layoutResult.height + refusalHeight)
    }

    /// The field editor's commands that concern the chips (a chip selected, or the caret at the
    /// start): Backspace, ← → in reading order, Delete.
    public func control(_ control: NSControl, textView: NSTextView, doCommandBy commandSelector: Selector)
      -> Bool
    {
      let key: TokenFieldDriver.Key
      switch NSStringFromSelector(commandSelector) {
      case "deleteBackward:": key = .backspace
      case "deleteForward:": key = .deleteForward
      case "moveLeft:": key = .left
      case "moveRight:": key = .right
      default: return false
      }
      let session = textField.session
      guard
        let event = TokenFieldDriver.event(
          for: key, state: session.state,
          isCaretAtStart: textView.selectedRange() == NSRange(location: 0, length: 0),
          isRightToLeft: isRightToLeft)
      else { return false }
      return session.send(event)
    }
  }
#endif
