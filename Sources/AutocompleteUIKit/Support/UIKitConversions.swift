#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  extension IndexPath {
    /// The index path of a dropdown row location.
    init(_ location: RowLocation) {
      self.init(row: location.row, section: location.section)
    }

    /// The dropdown row location of this index path.
    var rowLocation: RowLocation { RowLocation(section: section, row: row) }
  }

  extension EdgeInsets {
    /// The same insets as UIKit's.
    init(_ insets: UIEdgeInsets) {
      self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
  }

  extension HardwareKey {
    /// The `UIKeyCommand` input string of this key.
    @MainActor var keyCommandInput: String {
      switch self {
      case .upArrow: UIKeyCommand.inputUpArrow
      case .downArrow: UIKeyCommand.inputDownArrow
      case .rightArrow: UIKeyCommand.inputRightArrow
      case .pageUp: UIKeyCommand.inputPageUp
      case .pageDown: UIKeyCommand.inputPageDown
      case .returnKey: "\r"
      case .escape: UIKeyCommand.inputEscape
      case .tab: "\t"
      }
    }

    /// The key of a `UIKeyCommand` input string, or `nil` for another key.
    @MainActor init?(keyCommandInput input: String) {
      guard let key = HardwareKey.allCases.first(where: { $0.keyCommandInput == input }) else { return nil }
      self = key
    }
  }

  extension UITextField {
    /// The field's content as a session snapshot: text, selection and marked text, in UTF-16
    /// offsets as UIKit counts them.
    var autocompleteSnapshot: TextSnapshot {
      let text = self.text ?? ""
      let selection =
        selectedTextRange.map { utf16Range(of: $0) } ?? NSRange(location: text.utf16.count, length: 0)
      return TextSnapshot(
        text, utf16Selection: selection, utf16MarkedRange: markedTextRange.map(utf16Range(of:)))
    }
  }

  extension UITextView {
    /// The view's content as a session snapshot: text, selection and marked text, in UTF-16
    /// offsets as UIKit counts them.
    var autocompleteSnapshot: TextSnapshot {
      let text = self.text ?? ""
      return TextSnapshot(
        text, utf16Selection: selectedRange, utf16MarkedRange: markedTextRange.map(utf16Range(of:)))
    }
  }

  extension UITextInput {
    /// A text range as UTF-16 offsets.
    func utf16Range(of range: UITextRange) -> NSRange {
      NSRange(
        location: offset(from: beginningOfDocument, to: range.start),
        length: offset(from: range.start, to: range.end))
    }

    /// Puts the caret after `utf16Offset` code units.
    func moveCaret(toUTF16Offset utf16Offset: Int) {
      guard let position = position(from: beginningOfDocument, offset: utf16Offset) else { return }
      selectedTextRange = textRange(from: position, to: position)
    }

    /// The caret's rectangle in `view`'s coordinates, or `nil` without a selection.
    func caretRect(in view: UIView) -> CGRect? {
      guard let range = selectedTextRange, let inputView = self as? UIView else { return nil }
      return inputView.convert(caretRect(for: range.end), to: view)
    }
  }
#endif
