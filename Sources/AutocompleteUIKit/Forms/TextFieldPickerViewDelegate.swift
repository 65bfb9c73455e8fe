#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Hears a text field's picker (AirCollection's `TextFieldPickerViewDelegate`).
  @MainActor
  public protocol TextFieldPickerViewDelegate: TextFieldDelegate {
    /// A row was picked.
    func textField(
      _ textField: UITextField, pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
    /// Whether picking this row puts the selected rows' titles into the field.
    func textField(
      _ textField: UITextField, pickerView: UIPickerView, shouldUpdateTextFromRow row: Int,
      inComponent component: Int
    ) -> Bool
    /// The row to select in `component` when editing begins.
    func textField(_ textField: UITextField, pickerView: UIPickerView, selectedRowInComponent component: Int)
      -> Int
  }

  /// A controller that is both the picker's data source and delegate.
  public typealias TextFieldPickerViewControllerProtocol = TextFieldPickerViewDataSource
    & TextFieldPickerViewDelegate
#endif
