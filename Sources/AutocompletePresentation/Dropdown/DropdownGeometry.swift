import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Everything the dropdown's position depends on, in window coordinates: the field, the window, its
/// safe area, the keyboard and the rows.
///
/// A front end fills it in from its views (UIKit: the field's frame converted to the window, the
/// keyboard's end frame from `keyboardWillChangeFrameNotification`), asks for a
/// ``DropdownPlacement``, and only re-lays out when the geometry changed (it is `Equatable`): a
/// field that scrolls, a rotation, a split-view resize or a keyboard change all show up here.
public struct DropdownGeometry: Sendable, Equatable {
  /// The field's frame in window coordinates.
  public var fieldFrame: CGRect
  /// The window's bounds.
  public var windowBounds: CGRect
  /// The window's safe-area insets.
  public var safeAreaInsets: EdgeInsets
  /// The keyboard's frame in window coordinates, or `nil` when no keyboard is shown.
  public var keyboardFrame: CGRect?
  /// The height of every row, in display order (the estimate where a row is not laid out yet).
  public var rowHeights: [CGFloat]
  /// At most this many rows are visible at once; the rest scrolls. Zero or negative: no limit.
  public var maximumVisibleRows: Int
  /// The space between the field and the list.
  public var gap: CGFloat

  /// Creates a geometry.
  public init(
    fieldFrame: CGRect, windowBounds: CGRect, safeAreaInsets: EdgeInsets = .zero,
    keyboardFrame: CGRect? = nil, rowHeights: [CGFloat], maximumVisibleRows: Int = 5, gap: CGFloat = 2
  ) {
    self.fieldFrame = fieldFrame
    self.windowBounds = windowBounds
    self.safeAreaInsets = safeAreaInsets
    self.keyboardFrame = keyboardFrame
    self.rowHeights = rowHeights
    self.maximumVisibleRows = maximumVisibleRows
    self.gap = gap
  }

  /// The frame to anchor the list to: the field's live frame, or `declared` (seed 000's
  /// `textFieldFrame`, in the same coordinates) while the live one has no size yet (before the
  /// first layout pass).
  public static func anchorFrame(live: CGRect, declared: CGRect?) -> CGRect {
    guard live.width <= 0 || live.height <= 0, let declared, !declared.isEmpty else { return live }
    return declared
  }

  /// A geometry with no known container (a SwiftUI field outside any
  /// `autocompleteContainer()`): everything below the field is room, so the list always goes
  /// below and only ``maximumVisibleRows`` limits it.
  public static func unbounded(fieldFrame: CGRect, rowHeights: [CGFloat], maximumVisibleRows: Int = 5)
    -> DropdownGeometry
  {
    let room = CGRect(
      x: fieldFrame.minX, y: fieldFrame.minY, width: max(fieldFrame.width, 1),
      height: fieldFrame.height + 2 + max(rowHeights.reduce(0, +), 1) * 2)
    return DropdownGeometry(
      fieldFrame: fieldFrame, windowBounds: room, rowHeights: rowHeights,
      maximumVisibleRows: maximumVisibleRows)
  }

  /// The part of the window that content may use: the safe area, minus the keyboard where the
  /// keyboard covers the bottom of it (a floating or undocked keyboard that does not reach the bottom
  /// edge, or one that lies outside the window, leaves the area alone).
  public var usableArea: CGRect {
    var area = safeAreaInsets.inset(windowBounds)
    if let keyboard = keyboardFrame, !keyboard.isEmpty, keyboard.intersects(area),
      keyboard.maxY >= area.maxY - 1, keyboard.minY > area.minY
    {
      area.size.height = max(0, keyboard.minY - area.minY)
    }
    return area
  }

  /// The height of all rows.
  public var contentHeight: CGFloat { rowHeights.reduce(0) { $0 + max(0, $1) } }

  /// The height the list wants: its first ``maximumVisibleRows`` rows.
  public var preferredHeight: CGFloat {
    let visible = maximumVisibleRows > 0 ? rowHeights.prefix(maximumVisibleRows) : rowHeights[...]
    return visible.reduce(0) { $0 + max(0, $1) }
  }

  /// Where the list goes: below the field when it fits there, above when it does not fit below but
  /// fits above (seed 000's flip), otherwise on the roomier side, shortened to fit and scrolling.
  public var placement: DropdownPlacement {
    let area = usableArea
    let wanted = preferredHeight
    let below = max(0, area.maxY - (fieldFrame.maxY + gap))
    let above = max(0, (fieldFrame.minY - gap) - area.minY)
    let edge: DropdownPlacement.Edge
    if wanted <= below {
      edge = .below
    } else if wanted <= above {
      edge = .above
    } else {
      edge = above > below ? .above : .below
    }
    let height = min(wanted, edge == .below ? below : above)
    let minX = max(area.minX, min(fieldFrame.minX, area.maxX - fieldFrame.width))
    let width = min(fieldFrame.width, area.width)
    let y = edge == .below ? fieldFrame.maxY + gap : fieldFrame.minY - gap - height
    let frame = CGRect(x: minX, y: y, width: width, height: height)
    let smallestRow = rowHeights.filter { $0 > 0 }.min() ?? 0
    return DropdownPlacement(
      frame: frame, edge: edge, isScrollEnabled: contentHeight > height + 0.5,
      isVisible: !rowHeights.isEmpty && height >= min(smallestRow, 1) && height > 0)
  }
}
