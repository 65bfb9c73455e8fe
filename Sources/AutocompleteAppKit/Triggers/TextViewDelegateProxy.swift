#if canImport(AppKit) && os(macOS)
  import AppKit

  /// Sits between a text view and the app's own `NSTextViewDelegate`: the trigger manager sees
  /// edits, caret moves, the end of editing and the text view's commands (↑ ↓ Return Escape Tab…)
  /// first, and every call — and every method it does not implement — still reaches the app's
  /// delegate.
  @MainActor
  final class TextViewDelegateProxy: NSObject, NSTextViewDelegate {
    weak var manager: AutocompleteTriggerManager?
    /// Read by the Objective-C forwarding overrides, which AppKit calls on the main thread.
    nonisolated(unsafe) weak var appDelegate: (any NSTextViewDelegate)?

    override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
      appDelegate?.responds(to: selector) == true ? appDelegate : nil
    }

    func textDidChange(_ notification: Notification) {
      manager?.textChanged()
      appDelegate?.textDidChange?(notification)
    }

    func textViewDidChangeSelection(_ notification: Notification) {
      manager?.selectionChanged()
      appDelegate?.textViewDidChangeSelection?(notification)
    }

    func textDidEndEditing(_ notification: Notification) {
      manager?.editingEnded()
      appDelegate?.textDidEndEditing?(notification)
    }

    func textView(_ textView: NSTextView, doCommandBy commandSelector: Selector) -> Bool {
      if manager?.perform(commandSelector) == true { return true }
      return appDelegate?.textView?(textView, doCommandBy: commandSelector) ?? false
    }
  }
#endif
