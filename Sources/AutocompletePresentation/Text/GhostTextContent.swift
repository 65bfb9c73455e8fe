import AutocompleteCore
import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// What the ghost text draws for an inline completion, so that the preview is exactly what
/// accepting gives.
///
/// When the suggestion spells the typed part as typed ("Zür" typed for "Zürich"), the ghost text is
/// the suggested rest alone, drawn after the caret, and the field's own text stays visible. When it
/// spells it differently ("zur" typed, "sao" for "São Paulo"), accepting replaces the typed
/// characters with the suggestion's, so the ghost text covers them: it draws the suggestion's
/// spelling of the typed part in the strong colour and the rest in the light one, from where the
/// typed text starts, and the front end hides the field's own characters (draws them clear, the
/// caret still shown) while it does. The field's `text` stays what the user typed either way.
///
/// A field scrolled so far that its typed text starts outside the text area cannot be covered
/// (the start is not drawn): then the rest alone is shown after the caret, as before.
public struct GhostTextContent: Sendable, Equatable {
  /// The text to draw: ``TextRun/Style/typed`` then ``TextRun/Style/completion`` runs when
  /// ``coversTypedText``, one ``TextRun/Style/completion`` run otherwise.
  public var text: StyledText
  /// Whether the ghost text is drawn over the typed text (from its start) and the field's own
  /// characters are to be hidden; otherwise it is drawn after the caret.
  public var coversTypedText: Bool

  /// The ghost text for `completion`.
  /// - Parameters:
  ///   - completion: The inline completion to preview.
  ///   - typedTextIsInView: Whether the typed text's start is in the field's text area (see
  ///     ``isInView(typedTextStart:textRect:)``); a field that cannot tell draws unscrolled
  ///     text and passes `true`.
  public init(_ completion: InlineCompletion, typedTextIsInView: Bool = true) {
    let respells = completion.matchedText != completion.typedText
    coversTypedText = respells && typedTextIsInView && !completion.typedText.isEmpty
    // The typed run is the suggestion's spelling when covering, nothing otherwise.
    text = StyledText(
      InlineCompletion(
        typedText: coversTypedText ? completion.matchedText : "", suffix: completion.suffix,
        suggestionID: completion.suggestionID))
  }

  /// Whether the typed text's start (the caret's rectangle at the start of the text) lies in the
  /// field's text area, within half a point: false once the field has scrolled its start away.
  public static func isInView(typedTextStart: CGRect, textRect: CGRect) -> Bool {
    typedTextStart.minX >= textRect.minX - 0.5 && typedTextStart.minX <= textRect.maxX + 0.5
  }

  /// The caret rectangle to lay the ghost text out from (``GhostTextLayout/caretRect``): the caret
  /// at the end of the typed text, or — when covering it — a zero-width rectangle where the typed
  /// text starts (its left edge; its right edge in right-to-left text), so that the drawn
  /// characters sit on the field's own.
  public func anchorRect(typedTextStart start: CGRect, typedTextEnd end: CGRect, isRightToLeft: Bool)
    -> CGRect
  {
    guard coversTypedText else { return end }
    return CGRect(x: isRightToLeft ? start.maxX : start.minX, y: start.minY, width: 0, height: start.height)
  }
}
