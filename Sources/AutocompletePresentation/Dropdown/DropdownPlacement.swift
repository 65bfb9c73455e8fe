import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where the dropdown list goes and how it behaves there: the answer of
/// ``DropdownGeometry/placement``.
public struct DropdownPlacement: Sendable, Equatable {
  /// The side of the field the list is on.
  public enum Edge: Sendable, Hashable {
    /// Under the field (the default).
    case below
    /// Over the field, when there is not enough room below it.
    case above
  }

  /// The list's frame in window coordinates.
  public var frame: CGRect
  /// The side of the field the list is on.
  public var edge: Edge
  /// Whether the rows are taller than the frame, so the list scrolls.
  public var isScrollEnabled: Bool
  /// Whether there is room for the list at all (no room when the keyboard covers every row).
  public var isVisible: Bool

  /// Creates a placement.
  public init(frame: CGRect, edge: Edge, isScrollEnabled: Bool, isVisible: Bool) {
    self.frame = frame
    self.edge = edge
    self.isScrollEnabled = isScrollEnabled
    self.isVisible = isVisible
  }

  /// Whether a tap at `point` (window coordinates) should close the list: it is outside both the
  /// list and the field (a tap in the field moves the caret; one in the list picks a row).
  public func shouldClose(forTapAt point: CGPoint, fieldFrame: CGRect) -> Bool {
    !frame.contains(point) && !fieldFrame.contains(point)
  }
}
