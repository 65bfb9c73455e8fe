#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A `UITextField`'s keyboard, traits and delegate (AirCollection's `TextFieldConfiguration`):
  /// the 13 traits from `autocapitalizationType` to `textContentType` with the seed's defaults.
  ///
  /// Configuring a reused field sets all 13 traits (an input view or secure entry from the last
  /// model does not stay), replaces the delegate, and removes the targets the last configuration
  /// added. Works for an ``AutocompleteTextField`` too (its delegate stays behind its own proxy).
  @MainActor
  open class TextFieldConfiguration: TextInputTraitsConfiguration, TextInputConfiguration {
    /// The field's delegate; it also hears `textFieldDidEditingChanged(_:)`.
    public weak var delegate: (any TextFieldDelegate)?

    /// Controls when the clear button appears. Default is `.never`.
    public var clearButtonMode: UITextField.ViewMode {
      get { .init(rawValue: traits.clearButtonMode.rawValue) ?? .never }
      set { traits.clearButtonMode = .init(rawValue: newValue.rawValue) ?? .never }
    }

    /// Creates a configuration with the default traits.
    public init(delegate: (any TextFieldDelegate)? = nil) {
      self.delegate = delegate
      super.init()
    }

    /// Applies the traits, the delegate and the editing-changed target to `textInputView`.
    open func configure(textInputView: UITextField) {
      applyTraits(to: textInputView, kind: .textField)
      textInputView.delegate = delegate
      let binding = TextInputBinding.install(on: textInputView)
      binding.textFieldDelegate = delegate
      bind(binding, to: textInputView)
    }

    /// Adds what a subclass needs to the field's fresh binding.
    func bind(_ binding: TextInputBinding, to textField: UITextField) {}
  }
#endif
