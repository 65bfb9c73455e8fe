import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// How far Page Up and Page Down move in a dropdown: by the rows that fit in the list's visible
/// height, as the terminal front end does, rather than the session's default of 5.
///
/// A front end reports the height its list is shown at (``DropdownPlacement/frame``) and its rows'
/// heights, and sets the session's `AutocompleteSession.pageSize` to the answer
/// whenever it lays the list out:
///
/// ```swift
/// let placement = geometry.placement
/// session.pageSize = ListPaging.rowsPerPage(
///   visibleHeight: placement.frame.height, rowHeights: geometry.rowHeights)
/// ```
public enum ListPaging {
  /// How much of a row may be cut off and the row still count as fitting: rounding of the heights.
  public static let tolerance: CGFloat = 0.5

  /// The rows that fit whole in `visibleHeight`, counting the heights of `rowHeights` from
  /// `firstRow` (the first row shown; 0 by default): at least 1, so that a page always moves. A
  /// list taller than its rows (all of them fit) gives their count; no rows, or a height that holds
  /// none, gives 1.
  public static func rowsPerPage(visibleHeight: CGFloat, rowHeights: [CGFloat], firstRow: Int = 0) -> Int {
    guard visibleHeight.isFinite, visibleHeight > 0, rowHeights.indices.contains(firstRow) else { return 1 }
    var used: CGFloat = 0
    var count = 0
    for height in rowHeights[firstRow...] {
      used += max(0, height.isFinite ? height : 0)
      guard used <= visibleHeight + tolerance else { break }
      count += 1
    }
    return max(1, count)
  }
}

extension DropdownGeometry {
  /// The rows Page Up and Page Down move in the list this geometry places (see ``ListPaging``).
  public var rowsPerPage: Int {
    ListPaging.rowsPerPage(visibleHeight: placement.frame.height, rowHeights: rowHeights)
  }
}

extension ScreenDropdownGeometry {
  /// The rows Page Up and Page Down move in the list this geometry places (see ``ListPaging``).
  public var rowsPerPage: Int {
    ListPaging.rowsPerPage(visibleHeight: placement.frame.height, rowHeights: rowHeights)
  }
}
