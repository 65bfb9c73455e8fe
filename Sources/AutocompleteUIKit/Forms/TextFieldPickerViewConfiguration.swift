#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A text field with a `UIPickerView` instead of the keyboard (AirCollection's
  /// `TextFieldPickerViewConfiguration`): the picker is the input view, its rows come from the
  /// data source, and picking a row puts the selected rows' titles into the field when the
  /// delegate's "should update text from row" says so.
  @MainActor
  public class TextFieldPickerViewConfiguration: TextFieldConfiguration {
    /// The picker, used as the field's `inputView`.
    public let pickerView: UIPickerView
    /// Gives the picker its rows (held weakly; the seed holds it `unowned`).
    public private(set) weak var pickerViewDataSource: (any TextFieldPickerViewDataSource)?
    /// Hears the picker.
    public private(set) weak var pickerViewDelegate: (any TextFieldPickerViewDelegate)?

    /// Creates a configuration with a picker, its data source and its delegate.
    public init(
      pickerView: UIPickerView = UIPickerView(), dataSource: any TextFieldPickerViewDataSource,
      delegate: any TextFieldPickerViewDelegate
    ) {
      self.pickerView = pickerView
      self.pickerViewDataSource = dataSource
      self.pickerViewDelegate = delegate
      super.init(delegate: delegate)
      inputView = pickerView
    }

    /// Creates a configuration whose data source and delegate are one controller.
    public convenience init(
      pickerView: UIPickerView = UIPickerView(), controller: any TextFieldPickerViewControllerProtocol
    ) {
      self.init(pickerView: pickerView, dataSource: controller, delegate: controller)
    }

    override func bind(_ binding: TextInputBinding, to textField: UITextField) {
      binding.pickerBridge = PickerViewBridge(
        pickerView: pickerView, textField: textField, dataSource: pickerViewDataSource,
        delegate: pickerViewDelegate)
    }
  }
#endif
