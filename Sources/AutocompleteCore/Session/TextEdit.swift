import Foundation

/// A text replacement the front end applies: replace ``range`` of the current text with
/// ``replacement`` and put the caret at ``caret`` (or select ``selection`` when it is not empty, as
/// the first Backspace of a two-step mention deletion does).
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
  /// The selection in ``resultingText``; empty (at ``caret``) unless the edit selects text.
  public var selection: Range<String.Index>
  /// ``selection`` as a UTF-16 `NSRange` (`UITextView.selectedRange`).
  public var utf16Selection: NSRange

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
    self.selection = caret..<caret
    self.utf16Selection = NSRange(location: caretUTF16Offset, length: 0)
  }

  /// The edit that turns `old` into `new`'s text, with `new`'s selection: the smallest replaced
  /// range on character boundaries.
  init(from old: String, to new: TextSnapshot) {
    let caret = TextOffsets.offset(of: new.caret, in: new.text)
    let change =
      TextChange.between(old, new.text, hint: caret) ?? TextChange(start: caret, oldEnd: caret, newEnd: caret)
    let replacement = String(
      new.text[
        TextOffsets.index(at: change.start, in: new.text)..<TextOffsets.index(at: change.newEnd, in: new.text)
      ])
    self.init(
      text: old,
      range: TextOffsets.index(at: change.start, in: old)..<TextOffsets.index(at: change.oldEnd, in: old),
      replacement: replacement)
    select(
      TextOffsets.offset(
        of: new.selection.lowerBound, in: new.text)..<TextOffsets.offset(
          of: new.selection.upperBound, in: new.text))
  }

  /// Sets the selection to UTF-8 offsets of ``resultingText`` (character boundaries); the caret
  /// goes to its end.
  mutating func select(_ offsets: Range<Int>) {
    let lower = TextOffsets.index(at: offsets.lowerBound, in: resultingText)
    let upper = TextOffsets.index(at: offsets.upperBound, in: resultingText)
    selection = lower..<upper
    utf16Selection = NSRange(selection, in: resultingText)
    caret = upper
    caretUTF16Offset = resultingText.utf16.distance(from: resultingText.startIndex, to: upper)
    caretCharacterOffset = resultingText.distance(from: resultingText.startIndex, to: upper)
  }

  /// The text after the edit as a snapshot with the caret in place.
  public var resultingSnapshot: TextSnapshot { TextSnapshot(resultingText, selection: selection) }
}
