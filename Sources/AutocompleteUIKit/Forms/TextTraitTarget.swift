#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The keyboard traits `UITextField` and `UITextView` both have, settable.
  @MainActor
  protocol TextTraitTarget: UIResponder {
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    var autocorrectionType: UITextAutocorrectionType { get set }
    var inputView: UIView? { get set }
    var isSecureTextEntry: Bool { get set }
    var keyboardAppearance: UIKeyboardAppearance { get set }
    var keyboardType: UIKeyboardType { get set }
    var returnKeyType: UIReturnKeyType { get set }
    var smartDashesType: UITextSmartDashesType { get set }
    var smartQuotesType: UITextSmartQuotesType { get set }
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
    var spellCheckingType: UITextSpellCheckingType { get set }
    var textContentType: UITextContentType! { get set }
  }

  extension UITextField: TextTraitTarget {}
  extension UITextView: TextTraitTarget {}
#endif
