#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The picker's `UIPickerViewDataSource` and `UIPickerViewDelegate`, forwarding to the seed's
  /// text-field protocols; the text for the selected rows comes from `PickerRowText`.
  @MainActor
  final class PickerViewBridge: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
    private(set) weak var pickerView: UIPickerView?
    private weak var textField: UITextField?
    private weak var dataSource: (any TextFieldPickerViewDataSource)?
    private weak var delegate: (any TextFieldPickerViewDelegate)?

    init(
      pickerView: UIPickerView, textField: UITextField, dataSource: (any TextFieldPickerViewDataSource)?,
      delegate: (any TextFieldPickerViewDelegate)?
    ) {
      self.pickerView = pickerView
      self.textField = textField
      self.dataSource = dataSource
      self.delegate = delegate
      super.init()
      pickerView.dataSource = self
      pickerView.delegate = self
      pickerView.reloadAllComponents()
    }

    private func rowCounts(_ pickerView: UIPickerView) -> [Int] {
      (0..<numberOfComponents(in: pickerView)).map {
        self.pickerView(pickerView, numberOfRowsInComponent: $0)
      }
    }

    /// Selects the delegate's rows (editing begins).
    func selectCurrentRows() {
      guard let pickerView, let textField, let delegate else { return }
      let counts = rowCounts(pickerView)
      let wanted = counts.indices.map {
        delegate.textField(textField, pickerView: pickerView, selectedRowInComponent: $0)
      }
      for (component, row) in PickerRowText.clamped(wanted, rowCounts: counts).enumerated()
      where counts[component] > 0 {
        pickerView.selectRow(row, inComponent: component, animated: false)
      }
    }

    func numberOfComponents(in pickerView: UIPickerView) -> Int {
      guard let textField else { return 0 }
      return dataSource?.textField(textField, numberOfComponentsInPickerView: pickerView) ?? 0
    }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
      guard let textField else { return 0 }
      return dataSource?.textField(textField, pickerView: pickerView, numberOfRowsInComponent: component) ?? 0
    }

    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
      -> NSAttributedString?
    {
      guard let textField else { return nil }
      return dataSource?.textField(
        textField, pickerView: pickerView, titleForRow: row, forComponent: component)?
        .attributedString
    }

    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
      guard let textField, let delegate else { return }
      delegate.textField(textField, pickerView: pickerView, didSelectRow: row, inComponent: component)
      guard
        delegate.textField(
          textField, pickerView: pickerView, shouldUpdateTextFromRow: row, inComponent: component)
      else { return }
      let selected = (0..<pickerView.numberOfComponents).map { pickerView.selectedRow(inComponent: $0) }
      textField.text = PickerRowText.text(forSelectedRows: selected) { row, component in
        self.dataSource?.textField(
          textField, pickerView: pickerView, titleForRow: row, forComponent: component)?
          .string
      }
      textField.sendActions(for: .editingChanged)
    }
  }
#endif
