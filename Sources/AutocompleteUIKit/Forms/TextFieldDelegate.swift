#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A text field delegate that also hears every edit (AirCollection's `TextFieldDelegate`).
  @MainActor
  public protocol TextFieldDelegate: UITextFieldDelegate {
    /// The text changed (the `.editingChanged` control event).
    func textFieldDidEditingChanged(_ textField: UITextField)
  }
#endif
