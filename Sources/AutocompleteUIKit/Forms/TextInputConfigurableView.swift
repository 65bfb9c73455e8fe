#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A reusable view with a text input inside (AirCollection's `TextInputConfigurableView`): a form
  /// cell with a text field, a picker field, a date field, a text view or an autocomplete field.
  @MainActor
  public protocol TextInputConfigurableView: ModelConfigurableView where Model: TextInputConfigurableModel {
    /// The text input view's type.
    associatedtype TextInputView: UIView
    /// The text input view the model's configuration applies to.
    var textInputView: TextInputView { get }
  }

  extension TextInputConfigurableView where Model.Configuration.TextInputView == TextInputView {
    /// Applies the model's text-input configuration to ``textInputView``; call it from
    /// `configure(model:)`.
    public func configureTextInput(with model: Model) {
      model.textInputConfiguration.configure(textInputView: textInputView)
    }
  }
#endif
