#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The targets and helpers a configuration installs on one text input view. There is at most one
  /// per view: configuring the view again unbinds the old one (its targets, its picker's data
  /// source, its trigger manager) before the new configuration binds.
  @MainActor
  final class TextInputBinding: NSObject {
    private weak var view: UIView?
    weak var textFieldDelegate: (any TextFieldDelegate)?
    /// The picker's data source and delegate, kept alive here.
    var pickerBridge: PickerViewBridge?
    weak var datePicker: UIDatePicker?
    var onDateChange: ((UIDatePicker) -> Void)?
    weak var triggerManager: AutocompleteTriggerManager?

    private init(view: UIView) {
      self.view = view
    }

    /// Replaces `view`'s binding with a new, empty one.
    static func install(on view: UIView) -> TextInputBinding {
      let key = UnsafeRawPointer(bindingKey)
      (objc_getAssociatedObject(view, key) as? TextInputBinding)?.unbind()
      let binding = TextInputBinding(view: view)
      objc_setAssociatedObject(view, key, binding, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      if let field = view as? UITextField {
        field.addTarget(binding, action: #selector(editingChanged(_:)), for: .editingChanged)
        field.addTarget(binding, action: #selector(editingBegan(_:)), for: .editingDidBegin)
      }
      return binding
    }

    /// Follows `picker`'s value.
    func bind(_ picker: UIDatePicker, onChange: @escaping (UIDatePicker) -> Void) {
      datePicker = picker
      onDateChange = onChange
      picker.addTarget(self, action: #selector(dateChanged(_:)), for: .valueChanged)
    }

    private func unbind() {
      (view as? UIControl)?.removeTarget(self, action: nil, for: .allEvents)
      datePicker?.removeTarget(self, action: nil, for: .allEvents)
      if let pickerBridge, let picker = pickerBridge.pickerView {
        if picker.dataSource === pickerBridge { picker.dataSource = nil }
        if picker.delegate === pickerBridge { picker.delegate = nil }
      }
      if let triggerManager, triggerManager.attachedView === view { triggerManager.detach() }
      pickerBridge = nil
      onDateChange = nil
    }

    @objc private func editingChanged(_ field: UITextField) {
      textFieldDelegate?.textFieldDidEditingChanged(field)
    }

    @objc private func editingBegan(_ field: UITextField) {
      pickerBridge?.selectCurrentRows()
    }

    @objc private func dateChanged(_ picker: UIDatePicker) {
      onDateChange?(picker)
    }
  }

  /// The associated-object key of a view's binding.
  private let bindingKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
#endif
