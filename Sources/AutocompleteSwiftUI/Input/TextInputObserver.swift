#if canImport(SwiftUI)
  import SwiftUI
  #if canImport(UIKit)
    import UIKit
  #elseif canImport(AppKit)
    import AppKit
  #endif

  /// Reads what SwiftUI's `TextField` does not expose — the caret, the selection and an input
  /// method's marked text — from the platform text view behind the focused field, when it reports
  /// a change (`UITextField.textDidChangeNotification`, `NSControl.textDidChangeNotification`).
  @MainActor
  enum TextInputObserver {
    /// The notifications that announce an edit of a platform text field.
    static var notificationName: Notification.Name {
      #if canImport(UIKit) && !os(watchOS)
        UITextField.textDidChangeNotification
      #elseif canImport(AppKit)
        NSControl.textDidChangeNotification
      #else
        Notification.Name("AutocompleteKit.noTextInput")
      #endif
    }

    /// The snapshot of the platform field that posted `notification`, if its text is `text`
    /// (so a notification from another field is ignored).
    static func snapshot(from notification: Notification, text: String) -> TextSnapshot? {
      #if canImport(UIKit) && !os(watchOS)
        guard let field = notification.object as? UITextField, field.isFirstResponder, field.text == text
        else { return nil }
        func range(_ range: UITextRange) -> NSRange {
          NSRange(
            location: field.offset(from: field.beginningOfDocument, to: range.start),
            length: field.offset(from: range.start, to: range.end))
        }
        let selection = field.selectedTextRange.map(range) ?? NSRange(location: text.utf16.count, length: 0)
        return TextSnapshot(
          text, utf16Selection: selection, utf16MarkedRange: field.markedTextRange.map(range))
      #elseif canImport(AppKit)
        guard let field = notification.object as? NSTextField, field.stringValue == text,
          let editor = field.currentEditor() as? NSTextView
        else { return nil }
        let marked = editor.hasMarkedText() ? editor.markedRange() : nil
        return TextSnapshot(text, utf16Selection: editor.selectedRange(), utf16MarkedRange: marked)
      #else
        return nil
      #endif
    }
  }
#endif
