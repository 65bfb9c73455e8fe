#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A `UITextView`'s keyboard, traits and delegate (AirCollection's `TextViewConfiguration`),
  /// optionally with `@`/`#` triggers.
  ///
  /// Configuring a reused text view sets every trait, replaces the delegate and detaches the last
  /// configuration's trigger manager before attaching this one's.
  @MainActor
  open class TextViewConfiguration: TextInputTraitsConfiguration, TextInputConfiguration {
    /// The text view's delegate.
    public weak var delegate: (any UITextViewDelegate)?
    /// A trigger manager for `@` people and `#` tags in the text view, or `nil`. The configuration
    /// does not keep it alive; the app (or the cell's model owner) does.
    public weak var triggerManager: AutocompleteTriggerManager?

    /// Creates a configuration with the default traits.
    public init(delegate: (any UITextViewDelegate)? = nil, triggerManager: AutocompleteTriggerManager? = nil)
    {
      self.delegate = delegate
      self.triggerManager = triggerManager
      super.init()
    }

    /// Applies the traits, the delegate and the trigger manager to `textInputView`.
    open func configure(textInputView: UITextView) {
      applyTraits(to: textInputView, kind: .textView)
      textInputView.delegate = delegate
      let binding = TextInputBinding.install(on: textInputView)
      if let triggerManager {
        triggerManager.attach(to: textInputView)
        binding.triggerManager = triggerManager
      }
    }
  }
#endif
