import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where the dropdown goes on a Mac, where the list is a window of its own: in screen coordinates
/// with the origin at the bottom left (AppKit's), inside a screen's visible frame (the screen minus
/// the menu bar and the Dock, which play the keyboard's part on a Mac).
///
/// The rules are ``DropdownGeometry``'s — below the anchor when the rows fit, above when they fit
/// there only, else the roomier side, shortened and scrolling past ``maximumVisibleRows`` rows,
/// kept inside the visible frame horizontally. This type only turns the screen's y axis upside
/// down around the visible frame, asks ``DropdownGeometry``, and turns the answer back, so the Mac
/// and iOS place the list by the same code. ``DropdownPlacement/Edge/below`` still means "under the
/// field as the user sees it" (lower on the screen, a smaller y).
///
/// A Mac field can also be out of sight while it keeps the focus: scrolled out of its scroll view,
/// or outside its window's content. ``clipFrame`` is the part of the window where the field can be
/// seen; when the anchor lies outside it the list is not shown rather than float over nothing.
public struct ScreenDropdownGeometry: Sendable, Equatable {
  /// The field's frame (or a caret anchor's, see ``caretAnchorFrame(_:visibleFrame:)``) in screen
  /// coordinates (bottom-left origin).
  public var anchorFrame: CGRect
  /// The visible frame of the screen the field is on (`NSScreen.visibleFrame`).
  public var visibleFrame: CGRect
  /// The part of the field's window where the field can be seen (its visible rectangle, in screen
  /// coordinates), or `nil` when nothing clips it.
  public var clipFrame: CGRect?
  /// The height of every row, in display order.
  public var rowHeights: [CGFloat]
  /// At most this many rows are visible at once; the rest scrolls. Zero or negative: no limit.
  public var maximumVisibleRows: Int
  /// The space between the anchor and the list.
  public var gap: CGFloat

  /// Creates a geometry.
  public init(
    anchorFrame: CGRect, visibleFrame: CGRect, clipFrame: CGRect? = nil, rowHeights: [CGFloat],
    maximumVisibleRows: Int = 5, gap: CGFloat = 2
  ) {
    self.anchorFrame = anchorFrame
    self.visibleFrame = visibleFrame
    self.clipFrame = clipFrame
    self.rowHeights = rowHeights
    self.maximumVisibleRows = maximumVisibleRows
    self.gap = gap
  }

  /// Whether the anchor can be seen: it is a real rectangle and, with a ``clipFrame``, overlaps it
  /// by at least a point each way.
  public var isAnchorVisible: Bool {
    guard !anchorFrame.isNull, !anchorFrame.isInfinite, !visibleFrame.isNull, !visibleFrame.isInfinite
    else { return false }
    guard let clipFrame else { return true }
    let seen = anchorFrame.intersection(clipFrame)
    return !seen.isNull && seen.width >= 1 && seen.height >= 1
  }

  /// The same rules in top-left coordinates: the geometry ``placement`` is computed from.
  public var flippedGeometry: DropdownGeometry {
    DropdownGeometry(
      fieldFrame: flipped(anchorFrame), windowBounds: visibleFrame, rowHeights: rowHeights,
      maximumVisibleRows: maximumVisibleRows, gap: gap)
  }

  /// Where the list window goes, in screen coordinates (bottom-left origin), and whether it shows.
  public var placement: DropdownPlacement {
    guard isAnchorVisible else {
      return DropdownPlacement(
        frame: CGRect(x: anchorFrame.minX, y: anchorFrame.minY, width: 0, height: 0), edge: .below,
        isScrollEnabled: false, isVisible: false)
    }
    var placement = flippedGeometry.placement
    placement.frame = flipped(placement.frame)
    return placement
  }

  /// The anchor of a trigger list at a text view's caret, in screen coordinates: ``CaretAnchor``'s
  /// rules (the caret's leading edge, as wide as the list but no wider than the text view, the
  /// first line when the caret is unknown) applied with the y axis turned the way `CaretAnchor`
  /// expects. `anchor`'s rectangles are in screen coordinates (`firstRect(forCharacterRange:)` and
  /// the text view's frame converted to the screen).
  public static func caretAnchorFrame(_ anchor: CaretAnchor, visibleFrame: CGRect) -> CGRect {
    let axis = visibleFrame.minY + visibleFrame.maxY
    func flip(_ rect: CGRect) -> CGRect {
      guard !rect.isNull, !rect.isInfinite else { return rect }
      return CGRect(x: rect.minX, y: axis - rect.maxY, width: rect.width, height: rect.height)
    }
    var topLeft = anchor
    // `CaretAnchor` reads a zero rectangle at the origin as "no caret"; keep that meaning.
    if anchor.caretRect != .zero { topLeft.caretRect = flip(anchor.caretRect) }
    topLeft.textFrame = flip(anchor.textFrame)
    return flip(topLeft.anchorFrame)
  }

  /// The index of the screen a field is on: the screen whose frame overlaps `anchor` most, else the
  /// one nearest to it, or `nil` without screens. (A window on two screens belongs to one of them
  /// for AppKit; the list follows the field, not the window.)
  public static func screenIndex(for anchor: CGRect, among screenFrames: [CGRect]) -> Int? {
    guard !screenFrames.isEmpty else { return nil }
    func area(_ rect: CGRect) -> CGFloat { rect.isNull ? 0 : rect.width * rect.height }
    let overlaps = screenFrames.map { area($0.intersection(anchor)) }
    if let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[best] > 0 {
      return overlaps.firstIndex(of: overlaps[best])
    }
    let center = CGPoint(x: anchor.midX, y: anchor.midY)
    func distance(_ frame: CGRect) -> CGFloat {
      let dx = max(frame.minX - center.x, 0, center.x - frame.maxX)
      let dy = max(frame.minY - center.y, 0, center.y - frame.maxY)
      return dx * dx + dy * dy
    }
    let distances = screenFrames.map(distance)
    return distances.indices.min { distances[$0] < distances[$1] }
  }

  /// `rect` with the y axis turned around the visible frame's middle (its own inverse).
  private func flipped(_ rect: CGRect) -> CGRect {
    CGRect(
      x: rect.minX, y: visibleFrame.minY + visibleFrame.maxY - rect.maxY, width: rect.width,
      height: rect.height)
  }
}
