#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The keyboard traits shared by ``TextFieldConfiguration`` and ``TextViewConfiguration``, with
  /// AirCollection's names, types and defaults, kept as a platform-neutral `TextInputTraits`.
  @MainActor
  open class TextInputTraitsConfiguration {
    /// The traits as a platform-neutral value (the properties below read and write it).
    public var traits = TextInputTraits()
    /// The custom input view to show instead of the keyboard. Default is `nil`.
    public var inputView: UIView?

    /// Creates a configuration with the default traits.
    public init() {}

    /// The auto-capitalization style. Default is `.sentences`.
    public var autocapitalizationType: UITextAutocapitalizationType {
      get { .init(rawValue: traits.autocapitalization.rawValue) ?? .sentences }
      set { traits.autocapitalization = .init(rawValue: newValue.rawValue) ?? .sentences }
    }
    /// The autocorrection style. Default is `.default`.
    public var autocorrectionType: UITextAutocorrectionType {
      get { .init(rawValue: traits.autocorrection.rawValue) ?? .default }
      set { traits.autocorrection = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// Whether the text is hidden and cannot be copied. Default is `false`.
    public var isSecureTextEntry: Bool {
      get { traits.isSecureTextEntry }
      set { traits.isSecureTextEntry = newValue }
    }
    /// The keyboard's appearance. Default is `.default`.
    public var keyboardAppearance: UIKeyboardAppearance {
      get { .init(rawValue: traits.keyboardAppearance.rawValue) ?? .default }
      set { traits.keyboardAppearance = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// The keyboard style. Default is `.default`.
    public var keyboardType: UIKeyboardType {
      get { .init(rawValue: traits.keyboardType.rawValue) ?? .default }
      set { traits.keyboardType = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// The Return key's title. Default is `.default`.
    public var returnKeyType: UIReturnKeyType {
      get { .init(rawValue: traits.returnKeyType.rawValue) ?? .default }
      set { traits.returnKeyType = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// Smart dashes. Default is `.default`.
    public var smartDashesType: UITextSmartDashesType {
      get { .init(rawValue: traits.smartDashes.rawValue) ?? .default }
      set { traits.smartDashes = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// Smart quotes. Default is `.default`.
    public var smartQuotesType: UITextSmartQuotesType {
      get { .init(rawValue: traits.smartQuotes.rawValue) ?? .default }
      set { traits.smartQuotes = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// Smart insertion and deletion of spaces. Default is `.default`.
    public var smartInsertDeleteType: UITextSmartInsertDeleteType {
      get { .init(rawValue: traits.smartInsertDelete.rawValue) ?? .default }
      set { traits.smartInsertDelete = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// Spell checking. Default is `.default`.
    public var spellCheckingType: UITextSpellCheckingType {
      get { .init(rawValue: traits.spellChecking.rawValue) ?? .default }
      set { traits.spellChecking = .init(rawValue: newValue.rawValue) ?? .default }
    }
    /// The semantic meaning of the text. Default is `nil`.
    public var textContentType: UITextContentType? {
      get { traits.textContentType.map(UITextContentType.init(rawValue:)) }
      set { traits.textContentType = newValue?.rawValue }
    }

    /// Sets every trait of `kind` on `target` (all of them, so a reused view keeps nothing from its
    /// previous configuration).
    func applyTraits(to target: some TextTraitTarget, kind: TextInputKind) {
      for trait in TextInputTraits.kinds(for: kind) {
        switch trait {
        case .autocapitalization: target.autocapitalizationType = autocapitalizationType
        case .autocorrection: target.autocorrectionType = autocorrectionType
        case .clearButtonMode:
          (target as? UITextField)?.clearButtonMode =
            UITextField.ViewMode(rawValue: traits.clearButtonMode.rawValue) ?? .never
        case .inputView:
          if target.inputView !== inputView {
            target.inputView = inputView
            if target.isFirstResponder { target.reloadInputViews() }
          }
        case .secureTextEntry: target.isSecureTextEntry = isSecureTextEntry
        case .keyboardAppearance: target.keyboardAppearance = keyboardAppearance
        case .keyboardType: target.keyboardType = keyboardType
        case .returnKeyType: target.returnKeyType = returnKeyType
        case .smartDashes: target.smartDashesType = smartDashesType
        case .smartQuotes: target.smartQuotesType = smartQuotesType
        case .smartInsertDelete: target.smartInsertDeleteType = smartInsertDeleteType
        case .spellChecking: target.spellCheckingType = spellCheckingType
        case .textContentType: target.textContentType = textContentType
        }
      }
    }
  }
#endif
