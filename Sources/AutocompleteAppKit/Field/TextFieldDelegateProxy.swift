#if canImport(AppKit) && os(macOS)
  import AppKit

  /// Sits between a text field (or search field) and the app's own delegate: the autocomplete
  /// controller sees editing begin, changes, end and the field editor's commands (↑ ↓ Return
  /// Escape Tab…) first, and every call — and every method it does not implement — still reaches
  /// the app's delegate.
  @MainActor
  final class TextFieldDelegateProxy: NSObject, NSSearchFieldDelegate {
    weak var controller: AutocompleteTextFieldController?
    /// Read by the Objective-C forwarding overrides, which AppKit calls on the main thread.
    nonisolated(unsafe) weak var appDelegate: (any NSTextFieldDelegate)?

    override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
      appDelegate?.responds(to: selector) == true ? appDelegate : nil
    }

    func controlTextDidBeginEditing(_ notification: Notification) {
      controller?.editingBegan()
      appDelegate?.controlTextDidBeginEditing?(notification)
    }

    func controlTextDidChange(_ notification: Notification) {
      controller?.editingChanged()
      appDelegate?.controlTextDidChange?(notification)
    }

    func controlTextDidEndEditing(_ notification: Notification) {
      controller?.editingEnded()
      appDelegate?.controlTextDidEndEditing?(notification)
    }

    func control(_ control: NSControl, textView: NSTextView, doCommandBy commandSelector: Selector) -> Bool {
      if controller?.perform(commandSelector) == true { return true }
      return appDelegate?.control?(control, textView: textView, doCommandBy: commandSelector) ?? false
    }

    func searchFieldDidEndSearching(_ sender: NSSearchField) {
      controller?.editingChanged()
      (appDelegate as? any NSSearchFieldDelegate)?.searchFieldDidEndSearching?(sender)
    }
  }
#endif
