#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// Sits between a text view and the app's own `UITextViewDelegate`: the trigger manager hears of
  /// selection changes first (to keep the caret out of mentions), and every call (and every method
  /// it does not implement) still reaches the app's delegate.
  @MainActor
  final class TextViewDelegateProxy: NSObject, UITextViewDelegate {
    /// Called when the selection or the caret moved.
    var onSelectionChange: (() -> Void)?
    /// Read by the Objective-C forwarding overrides, which UIKit calls on the main thread.
    nonisolated(unsafe) weak var appDelegate: (any UITextViewDelegate)?

    override func responds(to selector: Selector!) -> Bool {
      super.responds(to: selector) || (appDelegate?.responds(to: selector) ?? false)
    }

    override func forwardingTarget(for selector: Selector!) -> Any? {
      appDelegate?.responds(to: selector) == true ? appDelegate : nil
    }

    func textViewDidChangeSelection(_ textView: UITextView) {
      onSelectionChange?()
      appDelegate?.textViewDidChangeSelection?(textView)
    }
  }
#endif
