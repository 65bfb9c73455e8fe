import Foundation

/// The field's content as the front end reports it: the text, the selection (an empty selection is
/// the caret) and the marked text of an input method, if composing.
///
/// Indices always sit on character (grapheme) boundaries. Create it from `String.Index` ranges or
/// from UTF-16 offsets (`NSRange`, as UIKit reports them).
public struct TextSnapshot: Sendable, Hashable {
  /// The whole text.
  public var text: String
  /// The selection; empty for a caret.
  public var selection: Range<String.Index>
  /// The marked (composing) range, or `nil` when no input method is composing.
  public var markedRange: Range<String.Index>?

  /// Creates a snapshot; the caret defaults to the end of the text.
  public init(_ text: String, selection: Range<String.Index>? = nil, markedRange: Range<String.Index>? = nil)
  {
    self.text = text
    let end = text.endIndex
    let raw = selection ?? end..<end
    let lower = Self.aligned(raw.lowerBound, in: text)
    let upper = max(lower, Self.aligned(raw.upperBound, in: text))
    self.selection = lower..<upper
    self.markedRange = markedRange.map { marked in
      let lower = Self.aligned(marked.lowerBound, in: text)
      return lower..<max(lower, Self.aligned(marked.upperBound, in: text))
    }
  }

  /// Creates a snapshot from UTF-16 ranges (UIKit's `selectedRange` and `markedTextRange`).
  /// Out-of-range values are clamped; offsets inside a character round down to its start.
  public init(_ text: String, utf16Selection: NSRange, utf16MarkedRange: NSRange? = nil) {
    // A text view's string is often bridged from UTF-16 storage: made native once here, so that
    // every offset the session computes on it (mentions, tokens) is a constant-time UTF-8 step.
    var text = text
    text.makeContiguousUTF8()
    let selection = Self.range(utf16: utf16Selection, in: text)
    self.init(
      text, selection: selection, markedRange: utf16MarkedRange.map { Self.range(utf16: $0, in: text) })
  }

  /// Creates a snapshot with the caret after `caretOffset` characters (grapheme clusters); with
  /// `isComposing`, the text before the caret is marked (an input method's composition).
  public init(_ text: String, caretOffset: Int, isComposing: Bool = false) {
    let caret = text.index(text.startIndex, offsetBy: min(max(0, caretOffset), text.count))
    self.init(text, selection: caret..<caret, markedRange: isComposing ? text.startIndex..<caret : nil)
  }

  /// The caret: the end of the selection.
  public var caret: String.Index { selection.upperBound }
  /// Whether an input method is composing (marked text is present).
  public var isComposing: Bool { markedRange.map { !$0.isEmpty } ?? false }
  /// Whether the selection is a caret at the end of the text.
  public var isCaretAtEnd: Bool { selection.isEmpty && selection.upperBound == text.endIndex }
  /// The selection as a UTF-16 `NSRange`.
  public var utf16Selection: NSRange { NSRange(selection, in: text) }
  /// The caret as a UTF-16 offset.
  public var caretUTF16Offset: Int { text.utf16.distance(from: text.startIndex, to: caret) }
  /// The caret as a count of characters before it (for terminal columns, with a width table).
  public var caretCharacterOffset: Int { text.distance(from: text.startIndex, to: caret) }

  /// Rounds `index` down to a character boundary of `text`, clamped to the text.
  static func aligned(_ index: String.Index, in text: String) -> String.Index {
    let clamped = min(max(index, text.startIndex), text.endIndex)
    if clamped == text.endIndex || clamped == text.startIndex { return clamped }
    if let exact = clamped.samePosition(in: text) { return exact }
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: clamped)
    return characterIndex(atOrBefore: offset, in: text) { $0.utf8.count }
  }

  static func range(utf16 range: NSRange, in text: String) -> Range<String.Index> {
    let count = text.utf16.count
    let location = range.location == NSNotFound ? count : min(max(0, range.location), count)
    let end = min(max(location, location + max(0, range.length)), count)
    let lower = characterIndex(atOrBefore: location, in: text) { $0.utf16.count }
    let upper = characterIndex(atOrBefore: end, in: text) { $0.utf16.count }
    return lower..<max(lower, upper)
  }

  /// The start of the character containing code-unit `offset` (or the end of the text).
  static func characterIndex(atOrBefore offset: Int, in text: String, units: (Character) -> Int)
    -> String.Index
  {
    var consumed = 0
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      let width = units(text[index])
      if consumed + width > offset { return index }
      consumed += width
      index = next
    }
    return text.endIndex
  }
}
