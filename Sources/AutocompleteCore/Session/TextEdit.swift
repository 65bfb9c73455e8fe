import Foundation

/// A text replacement the front end applies: replace ``range`` of the current text with
/// ``replacement`` and put the caret at ``caret``.
public struct TextEdit: Sendable, Hashable {
  /// The replaced range of the text before the edit.
  public var range: Range<String.Index>
  /// ``range`` as a UTF-16 `NSRange` (for `UITextField` / `UITextView`).
  public var utf16Range: NSRange
  /// The inserted text.
  public var replacement: String
  /// The whole text after the edit.
  public var resultingText: String
  /// The caret in ``resultingText``.
  public var caret: String.Index
  /// The caret as a UTF-16 offset in ``resultingText``.
  public var caretUTF16Offset: Int
  /// The caret as a count of characters before it in ``resultingText``.
  public var caretCharacterOffset: Int

  /// Makes the edit replacing `range` of `text` with `replacement`; the caret goes `caretAfter`
  /// characters after the inserted text's start (by default, after the inserted text).
  init(text: String, range: Range<String.Index>, replacement: String, caretAfter: Int? = nil) {
    self.range = range
    self.utf16Range = NSRange(range, in: text)
    self.replacement = replacement
    let result = String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
    self.resultingText = result
    let prefixCount = text.distance(from: text.startIndex, to: range.lowerBound)
    let caretCharacters = min(result.count, prefixCount + (caretAfter ?? replacement.count))
    self.caret = result.index(result.startIndex, offsetBy: caretCharacters)
    self.caretUTF16Offset = result.utf16.distance(from: result.startIndex, to: caret)
    self.caretCharacterOffset = caretCharacters
  }

  /// The text after the edit as a snapshot with the caret in place.
  public var resultingSnapshot: TextSnapshot { TextSnapshot(resultingText, selection: caret..<caret) }
}
