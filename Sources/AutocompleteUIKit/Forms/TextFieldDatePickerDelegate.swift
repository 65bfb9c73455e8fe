#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Hears a text field's date picker and turns dates into text (AirCollection's
  /// `TextFieldDatePickerDelegate`).
  @MainActor
  public protocol TextFieldDatePickerDelegate: TextFieldDelegate {
    /// A date was picked (inside the picker's bounds).
    func textField(_ textField: UITextField, datePicker: UIDatePicker, didSelectDate date: Date)
    /// The field's text for `date`, or `nil` to leave the text alone.
    func textField(_ textField: UITextField, datePicker: UIDatePicker, shouldUpdateTextFromDate date: Date)
      -> String?
  }
#endif
