#if canImport(AppKit) && os(macOS)
  import AppKit

  extension NSTextView {
    /// The text view's content as a session snapshot: text, selection and an input method's marked
    /// text, in UTF-16 offsets as AppKit counts them (a field's field editor included).
    var autocompleteSnapshot: TextSnapshot {
      TextSnapshot(
        string, utf16Selection: selectedRange(), utf16MarkedRange: hasMarkedText() ? markedRange() : nil)
    }

    /// Puts the caret after `utf16Offset` code units (clamped to the text).
    func moveCaret(toUTF16Offset utf16Offset: Int) {
      let length = (string as NSString).length
      setSelectedRange(NSRange(location: min(max(0, utf16Offset), length), length: 0))
    }

    /// The caret's rectangle on screen (bottom-left origin), from `firstRect(forCharacterRange:)`;
    /// `.zero` when the text view cannot tell.
    var caretScreenRect: CGRect {
      let caret = NSMaxRange(selectedRange())
      return firstRect(forCharacterRange: NSRange(location: caret, length: 0), actualRange: nil)
    }

    /// Applies a session edit as an edit of the user's (undo, the delegate's `shouldChangeText`,
    /// change notifications): only the replaced range when the text is the one the edit was made
    /// for, else the whole text. Puts the caret where the edit says.
    func applyAutocompleteEdit(_ edit: TextEdit) {
      let current = string as NSString
      var range = edit.utf16Range
      var replacement = edit.replacement
      let fits = NSMaxRange(range) <= current.length
      if !fits || current.replacingCharacters(in: range, with: replacement) != edit.resultingText {
        range = NSRange(location: 0, length: current.length)
        replacement = edit.resultingText
      }
      if shouldChangeText(in: range, replacementString: replacement) {
        replaceCharacters(in: range, with: replacement)
        didChangeText()
      }
      moveCaret(toUTF16Offset: edit.caretUTF16Offset)
    }
  }

  extension NSView {
    /// The view's bounds on screen (bottom-left origin), or `nil` outside a window.
    var screenFrame: CGRect? {
      guard let window else { return nil }
      return window.convertToScreen(convert(bounds, to: nil))
    }

    /// The part of the view that can be seen (not scrolled away or clipped by its window), on
    /// screen; empty when none can.
    var visibleScreenFrame: CGRect? {
      guard let window else { return nil }
      return window.convertToScreen(convert(visibleRect, to: nil))
    }

    /// The visible frame of the screen `rect` (screen coordinates) is on, or `nil` without screens.
    static func visibleScreenFrame(for rect: CGRect) -> CGRect? {
      let screens = NSScreen.screens
      guard let index = ScreenDropdownGeometry.screenIndex(for: rect, among: screens.map(\.frame)) else {
        return nil
      }
      return screens[index].visibleFrame
    }

    /// Whether the view's text runs right to left.
    var isRightToLeft: Bool { userInterfaceLayoutDirection == .rightToLeft }
  }

  extension NSFont {
    /// The same font, bold (the font itself when it has no bold face).
    @MainActor var bold: NSFont {
      NSFontManager.shared.convert(self, toHaveTrait: .boldFontMask)
    }
  }
#endif
