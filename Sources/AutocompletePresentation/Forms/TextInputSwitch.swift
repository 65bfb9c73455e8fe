/// A text-input feature left to the system, turned off or turned on: UIKit's
/// `UITextAutocorrectionType`, `UITextSpellCheckingType`, `UITextSmartDashesType`,
/// `UITextSmartQuotesType` and `UITextSmartInsertDeleteType` (same raw values).
public enum TextInputSwitch: Int, Sendable, CaseIterable {
  /// The system decides.
  case `default` = 0
  /// Off.
  case no = 1
  /// On.
  case yes = 2
}
