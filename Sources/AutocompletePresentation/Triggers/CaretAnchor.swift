import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where a trigger's list goes when the app gave no container (MJAutoComplete's `container`): at
/// the caret of a text view, in window coordinates.
///
/// The list's leading edge lines up with the caret (its trailing edge, in right-to-left text), it
/// is ``listWidth`` wide but never wider than the text view, and it stays inside the text view
/// horizontally. ``geometry(windowBounds:safeAreaInsets:keyboardFrame:rowHeights:maximumVisibleRows:)``
/// then places it below the caret's line, or above when there is no room below (the keyboard).
public struct CaretAnchor: Sendable, Equatable {
  /// The caret's rectangle (UIKit's `caretRect(for:)`, converted to the window).
  public var caretRect: CGRect
  /// The text view's frame in the window.
  public var textFrame: CGRect
  /// The width the list wants.
  public var listWidth: CGFloat
  /// Whether the text at the caret runs right to left.
  public var isRightToLeft: Bool

  /// Creates an anchor.
  public init(caretRect: CGRect, textFrame: CGRect, listWidth: CGFloat = 280, isRightToLeft: Bool = false) {
    self.caretRect = caretRect
    self.textFrame = textFrame
    self.listWidth = listWidth
    self.isRightToLeft = isRightToLeft
  }

  /// The rectangle the list hangs from: one line high at the caret, as wide as the list. A caret
  /// that is unknown (null, infinite or empty everywhere) anchors at the text view's first line.
  public var anchorFrame: CGRect {
    let width = max(0, min(listWidth, textFrame.width))
    var caret = caretRect
    if caret.isNull || caret.isInfinite || (caret.width == 0 && caret.height == 0 && caret.origin == .zero) {
      let lineHeight = min(textFrame.height, 20)
      caret = CGRect(
        x: isRightToLeft ? textFrame.maxX : textFrame.minX, y: textFrame.minY, width: 0, height: lineHeight)
    }
    let preferredX = isRightToLeft ? caret.maxX - width : caret.minX
    let x = max(textFrame.minX, min(preferredX, textFrame.maxX - width))
    return CGRect(x: x, y: caret.minY, width: width, height: caret.height)
  }

  /// The dropdown geometry for the list at this anchor.
  public func geometry(
    windowBounds: CGRect, safeAreaInsets: EdgeInsets = .zero, keyboardFrame: CGRect? = nil,
    rowHeights: [CGFloat], maximumVisibleRows: Int = 5
  ) -> DropdownGeometry {
    DropdownGeometry(
      fieldFrame: anchorFrame, windowBounds: windowBounds, safeAreaInsets: safeAreaInsets,
      keyboardFrame: keyboardFrame, rowHeights: rowHeights, maximumVisibleRows: maximumVisibleRows)
  }
}
