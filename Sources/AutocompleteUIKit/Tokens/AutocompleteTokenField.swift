#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import AutocompleteCore
  import AutocompletePresentation
  import UIKit

  /// A token field (Mail's To:, a tags input): chips wrapping onto lines before an
  /// ``AutocompleteTextField`` — the same dropdown, keyboard and VoiceOver support — growing in
  /// height as chips are added.
  ///
  /// Thin: every decision is the session's token rules (`TokenFieldConfiguration`) or the
  /// Presentation layer's (`TokenFieldDriver`, `TokenFieldContent`, `TokenFlowLayout`); the view
  /// draws chips and forwards Backspace, ←, →, Delete and chip taps.
  ///
  /// Why not `UISearchTextField.tokens`: it exists only in a search field, shows the system's own
  /// suggestion menu rather than our ranked, sectioned, asynchronous list, has no two-step
  /// Backspace, validation or maximum, and keeps its tokens apart from a session a Linux test can
  /// drive. Its chips do fit a search bar; ``AutocompleteTokenField`` fits forms.
  ///
  /// ```swift
  /// let to = AutocompleteTokenField()
  /// to.textField.items = people
  /// to.configuration = TokenFieldConfiguration(creation: .accepting(where: { $0.contains("@") },
  ///   reason: { "\u{201C}\($0)\u{201D} is not an e-mail address." }))
  /// to.onUpdate = { update in if case .tokensChanged(let tokens) = update { save(tokens.map(\.id)) } }
  /// ```
  @MainActor
  public final class AutocompleteTokenField: UIView {
    /// The text input after the chips; set its sources, items and options as for any field.
    public let textField: AutocompleteTextField = TokenInputTextField(frame: .zero)
    /// Called after each change of the tokens and each refusal.
    public var onUpdate: ((TokenFieldUpdate) -> Void)?
    /// The chip views, in token order.
    public private(set) var chipButtons: [UIButton] = []
    /// The label showing why typed text was refused (hidden when nothing was).
    public let refusalLabel = UILabel()
    private var driver = TokenFieldDriver()
    private var layout = TokenFlowLayout(chipSizes: [], width: 0, lineHeight: 34)

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
    public override init(frame: CGRect) {
      super.init(frame: frame)
      setUp()
    }

    /// Creates a token field from a storyboard or nib.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      setUp()
    }

    private func setUp() {
      textField.autocomplete.baseConfiguration.tokens = TokenFieldConfiguration()
      (textField as? TokenInputTextField)?.owner = self
      addSubview(textField)
      refusalLabel.font = .preferredFont(forTextStyle: .footnote)
      refusalLabel.textColor = .systemRed
      refusalLabel.numberOfLines = 0
      addSubview(refusalLabel)
      textField.session.onStateChange = { [weak self] state in self?.render(state) }
      render(textField.session.state)
    }

    /// Puts back the last removed token.
    public func undoRemoval() { textField.session.send(.tokens(.undoRemoval)) }

    /// Removes the token with `id` (what a chip's remove action does).
    public func removeToken(id: String) { textField.session.send(.tokens(.remove(id: id))) }

    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    private func render(_ state: SessionState) {
      let (content, updates) = driver.render(state, isRightToLeft: isRightToLeft)
      if chipButtons.count != content.chips.count {
        chipButtons.forEach { $0.removeFromSuperview() }
        chipButtons = content.chips.map { _ in makeChip() }
        chipButtons.forEach { addSubview($0) }
      }
      for (button, chip) in zip(chipButtons, content.chips) {
        var look = button.configuration ?? .gray()
        look.title = chip.title
        look.image = chip.isSelected ? UIImage(systemName: "xmark.circle.fill") : nil
        look.imagePlacement = .trailing
        look.imagePadding = 4
        look.baseBackgroundColor = chip.isSelected ? .tintColor : .systemGray5
        look.baseForegroundColor = chip.isSelected ? .white : .label
        button.configuration = look
        button.tag = chip.index
        button.accessibilityLabel = chip.accessibilityLabel
        button.accessibilityHint = chip.accessibilityHint
        button.accessibilityUserInputLabels = chip.accessibilityInputLabels
        // A selected chip (after a first Delete, or a tap) says so; Delete or a double tap removes it.
        if chip.isSelected {
          button.accessibilityTraits.insert(UIKitAccessibility.selected)
        } else {
          button.accessibilityTraits.remove(UIKitAccessibility.selected)
        }
        button.accessibilityCustomActions = [
          UIAccessibilityCustomAction(name: chip.removeActionName) { [weak self] _ in
            self?.removeToken(id: chip.id)
            return true
          }
        ]
      }
      refusalLabel.text = content.refusal
      refusalLabel.isHidden = content.refusal == nil
      if let announcement = content.announcement { UIKitAccessibility.announce(announcement) }
      setNeedsLayout()
      invalidateIntrinsicContentSize()
      for update in updates { onUpdate?(update) }
    }

    private func makeChip() -> UIButton {
      let button = UIButton(configuration: .gray())
      button.configuration?.cornerStyle = .capsule
      button.addAction(
        UIAction { [weak self] action in
          // A tap selects the chip; a tap on the selected chip (its ×) removes it.
          guard let self, let index = (action.sender as? UIView)?.tag,
            let event = TokenFieldDriver.click(onChip: index, in: self.textField.session.state.tokenState)
          else { return }
          self.textField.session.send(event)
        }, for: .primaryActionTriggered)
      return button
    }

    /// Chips wrap onto lines before the text input (``/AutocompletePresentation/TokenFlowLayout``).
    public override func layoutSubviews() {
      super.layoutSubviews()
      // Lines as tall as the tallest chip at the Dynamic Type size (chips never clip), at least the
      // text field's height and 34 points scaled by UIFontMetrics.
      let fitted = chipButtons.map {
        $0.sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
      }
      let lineHeight = max(
        UIFontMetrics.default.scaledValue(for: 34), textField.intrinsicContentSize.height,
        fitted.map(\.height).max() ?? 0)
      let sizes = fitted.map { CGSize(width: $0.width, height: lineHeight) }
      layout = TokenFlowLayout(
        chipSizes: sizes, width: bounds.width, lineHeight: lineHeight, isRightToLeft: isRightToLeft)
      for (chip, frame) in zip(chipButtons, layout.chipFrames) { chip.frame = frame }
      textField.frame = layout.textFrame
      let refusalHeight = refusalLabel.isHidden ? 0 : refusalLabel.sizeThatFits(bounds.size).height
      refusalLabel.frame = CGRect(x: 0, y: layout.height, width: bounds.width, height: refusalHeight)
      if intrinsicContentSize.height != layout.height + refusalHeight { invalidateIntrinsicContentSize() }
    }

    /// The height the chips, the text and the refusal need.
    public override var intrinsicContentSize: CGSize {
      let refusalHeight = refusalLabel.isHidden ? 0 : refusalLabel.sizeThatFits(bounds.size).height
      return CGSize(width: UIView.noIntrinsicMetric, height: layout.height + refusalHeight)
    }

    /// Sends ← → Backspace or Delete to the session's token rules; `false` when they leave it to
    /// the text field.
    fileprivate func forward(_ key: TokenFieldDriver.Key, isCaretAtStart: Bool) -> Bool {
      let session = textField.session
      guard
        let event = TokenFieldDriver.event(
          for: key, state: session.state, isCaretAtStart: isCaretAtStart, isRightToLeft: isRightToLeft)
      else { return false }
      return session.send(event)
    }

    /// The key commands the chips take before the text field.
    fileprivate static let keyInputs: [(input: String, key: TokenFieldDriver.Key)] = [
      (UIKeyCommand.inputLeftArrow, .left), (UIKeyCommand.inputRightArrow, .right),
      (UIKeyCommand.inputDelete, .deleteForward),
    ]
  }

  /// The token field's text input: Backspace at its start goes to the token rules first.
  @MainActor
  private final class TokenInputTextField: AutocompleteTextField {
    weak var owner: AutocompleteTokenField?

    override func deleteBackward() {
      if owner?.forward(.backspace, isCaretAtStart: isCaretAtStart) == true { return }
      super.deleteBackward()
    }

    private var isCaretAtStart: Bool {
      guard let range = selectedTextRange else { return false }
      return range.isEmpty && compare(range.start, to: beginningOfDocument) == .orderedSame
    }

    override var keyCommands: [UIKeyCommand]? {
      guard owner != nil,
        TokenFieldDriver.keysReachChips(state: session.state, isCaretAtStart: isCaretAtStart)
      else { return super.keyCommands }
      let own = AutocompleteTokenField.keyInputs.map { entry in
        let command = UIKeyCommand(input: entry.input, modifierFlags: [], action: #selector(tokenKey(_:)))
        command.wantsPriorityOverSystemBehavior = true
        return command
      }
      return own + (super.keyCommands ?? [])
    }

    @objc private func tokenKey(_ command: UIKeyCommand) {
      guard let entry = AutocompleteTokenField.keyInputs.first(where: { $0.input == command.input }) else {
        return
      }
      _ = owner?.forward(entry.key, isCaretAtStart: isCaretAtStart)
    }
  }
#endif
