#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// What a ``TextFieldDelegateProxy`` tells its owner; every method does nothing by default.
  @MainActor
  protocol TextFieldDelegateProxyOwner: AnyObject {
    /// Editing began.
    func editingBegan()
    /// Editing ended.
    func editingEnded()
    /// Return was pressed; `true` when the owner used it.
    func returnPressed() -> Bool
    /// The clear button was pressed (and the app's delegate allowed it).
    func clearPressed()
    /// The selection or the caret moved.
    func selectionChanged()
  }

  extension TextFieldDelegateProxyOwner {
    func editingBegan() {}
    func editingEnded() {}
    func returnPressed() -> Bool { false }
    func clearPressed() {}
    func selectionChanged() {}
  }

  /// Sits between a text field and the app's own `UITextFieldDelegate`: the autocomplete
  /// controller (or trigger manager) sees Return, the clear button, selection changes and editing
  /// begin/end first, and every call (and every method it does not implement) still reaches the
  /// app's delegate.
  @MainActor
  final class TextFieldDelegateProxy: NSObject, UITextFieldDelegate {
    weak var controller: (any TextFieldDelegateProxyOwner)?
    /// Read by the Objective-C forwarding overrides, which UIKit calls on the main thread.
    nonisolated(unsafe) weak var appDelegate: (any UITextFieldDelegate)?

    override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
      appDelegate?.responds(to: selector) == true ? appDelegate : nil
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
      controller?.editingBegan()
      appDelegate?.textFieldDidBeginEditing?(textField)
    }

    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
      controller?.editingEnded()
      if appDelegate?.responds(to: #selector(UITextFieldDelegate.textFieldDidEndEditing(_:reason:))) == true {
        appDelegate?.textFieldDidEndEditing?(textField, reason: reason)
      } else {
        appDelegate?.textFieldDidEndEditing?(textField)
      }
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
      guard let controller, controller.returnPressed() else {
        return appDelegate?.textFieldShouldReturn?(textField) ?? true
      }
      return false
    }

    func textFieldShouldClear(_ textField: UITextField) -> Bool {
      let allowed = appDelegate?.textFieldShouldClear?(textField) ?? true
      if allowed { controller?.clearPressed() }
      return allowed
    }

    func textFieldDidChangeSelection(_ textField: UITextField) {
      controller?.selectionChanged()
      appDelegate?.textFieldDidChangeSelection?(textField)
    }
  }
#endif
