#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The rows of a text field's picker (AirCollection's `TextFieldPickerViewDataSource`).
  @MainActor
  public protocol TextFieldPickerViewDataSource: AnyObject {
    /// The number of components.
    func textField(_ textField: UITextField, numberOfComponentsInPickerView pickerView: UIPickerView) -> Int
    /// The number of rows in `component`.
    func textField(_ textField: UITextField, pickerView: UIPickerView, numberOfRowsInComponent component: Int)
      -> Int
    /// The title of a row, or `nil`.
    func textField(
      _ textField: UITextField, pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
    ) -> PickerViewTitle?
  }
#endif
