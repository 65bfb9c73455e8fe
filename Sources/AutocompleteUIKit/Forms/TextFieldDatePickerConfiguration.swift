#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A text field with a `UIDatePicker` instead of the keyboard (AirCollection's
  /// `TextFieldDatePickerConfiguration`): the delegate hears each date and turns it into the
  /// field's text (`DatePickerSettings` clamps it and decides the text).
  @MainActor
  public class TextFieldDatePickerConfiguration: TextFieldConfiguration {
    /// The picker, used as the field's `inputView`.
    public let datePicker: UIDatePicker
    /// Hears dates and turns them into text (held weakly; the seed holds it `unowned`).
    public private(set) weak var datePickerDelegate: (any TextFieldDatePickerDelegate)?

    /// Creates a configuration with a picker and its delegate.
    public init(datePicker: UIDatePicker, delegate: any TextFieldDatePickerDelegate) {
      self.datePicker = datePicker
      self.datePickerDelegate = delegate
      super.init(delegate: delegate)
      inputView = datePicker
    }

    /// Creates a configuration with a wheel picker in `mode` showing `date` (kept inside
    /// `minimumDate`…`maximumDate`).
    public convenience init(
      mode: UIDatePicker.Mode, date: Date = Date(), minimumDate: Date? = nil, maximumDate: Date? = nil,
      delegate: any TextFieldDatePickerDelegate
    ) {
      let settings = DatePickerSettings(
        mode: DatePickerMode(rawValue: mode.rawValue) ?? .date, date: date, minimumDate: minimumDate,
        maximumDate: maximumDate)
      let picker = UIDatePicker()
      picker.datePickerMode = mode
      picker.preferredDatePickerStyle = .wheels
      picker.minimumDate = minimumDate
      picker.maximumDate = maximumDate
      picker.date = settings.clamped(date)
      self.init(datePicker: picker, delegate: delegate)
    }

    override func bind(_ binding: TextInputBinding, to textField: UITextField) {
      binding.bind(datePicker) { [weak textField, weak datePickerDelegate] picker in
        guard let textField else { return }
        let settings = DatePickerSettings(
          mode: DatePickerMode(rawValue: picker.datePickerMode.rawValue) ?? .date, date: picker.date,
          minimumDate: picker.minimumDate, maximumDate: picker.maximumDate)
        let selection = settings.selection(
          of: picker.date, locale: picker.locale ?? .current, timeZone: picker.timeZone ?? .current,
          text: datePickerDelegate.map { delegate in
            { date in delegate.textField(textField, datePicker: picker, shouldUpdateTextFromDate: date) }
          })
        datePickerDelegate?.textField(textField, datePicker: picker, didSelectDate: selection.date)
        guard let text = selection.text else { return }
        textField.text = text
        textField.sendActions(for: .editingChanged)
      }
    }
  }
#endif
