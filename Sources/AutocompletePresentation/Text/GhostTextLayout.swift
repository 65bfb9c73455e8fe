import AutocompleteCore
import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where the inline completion's ghost text goes: right after the caret (left of it in
/// right-to-left text), clipped to the field's text area.
///
/// Drawing the suggested rest in a label over the field, rather than inside the field's text,
/// keeps the field's `text` exactly what the user typed: Backspace, undo, input methods and the
/// app's own delegate never see the ghost characters.
public struct GhostTextLayout: Sendable, Equatable {
  /// The caret's rectangle, in the same coordinates as ``textRect``.
  public var caretRect: CGRect
  /// The field's text area (where text may be drawn).
  public var textRect: CGRect
  /// The ghost text's natural width.
  public var textWidth: CGFloat
  /// Whether the text runs right to left.
  public var isRightToLeft: Bool

  /// Creates a layout.
  public init(caretRect: CGRect, textRect: CGRect, textWidth: CGFloat, isRightToLeft: Bool = false) {
    self.caretRect = caretRect
    self.textRect = textRect
    self.textWidth = textWidth
    self.isRightToLeft = isRightToLeft
  }

  /// The inline completion to draw in `state`, or `nil`: only while the field has the focus, never
  /// while an input method has marked text (the composition is not the typed text yet), and never
  /// an empty rest.
  public static func visibleCompletion(in state: SessionState, isFocused: Bool) -> InlineCompletion? {
    guard isFocused, !state.input.isComposing, let completion = state.inlineCompletion,
      !completion.suffix.isEmpty
    else { return nil }
    return completion
  }

  /// The ghost label's frame, or `nil` when no part of it fits (the caret is at the edge, or the
  /// width is not positive).
  public var frame: CGRect? {
    guard textWidth > 0, !textRect.isEmpty else { return nil }
    let height = textRect.height
    if isRightToLeft {
      let maxX = min(caretRect.minX, textRect.maxX)
      let width = min(textWidth, maxX - textRect.minX)
      guard width >= 1 else { return nil }
      return CGRect(x: maxX - width, y: textRect.minY, width: width, height: height)
    }
    let minX = max(caretRect.maxX, textRect.minX)
    let width = min(textWidth, textRect.maxX - minX)
    guard width >= 1 else { return nil }
    return CGRect(x: minX, y: textRect.minY, width: width, height: height)
  }
}
