import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Insets from each edge of a rectangle, such as a window's safe area; platform-neutral, so layout
/// decisions can be tested without UIKit (`UIEdgeInsets` converts one to one).
public struct EdgeInsets: Sendable, Hashable {
  /// The inset from the top edge.
  public var top: CGFloat
  /// The inset from the leading (left) edge.
  public var left: CGFloat
  /// The inset from the bottom edge.
  public var bottom: CGFloat
  /// The inset from the trailing (right) edge.
  public var right: CGFloat

  /// Creates insets; every edge defaults to zero.
  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// `rect` with these insets removed (never a negative size).
  public func inset(_ rect: CGRect) -> CGRect {
    CGRect(
      x: rect.minX + left, y: rect.minY + top,
      width: max(0, rect.width - left - right), height: max(0, rect.height - top - bottom))
  }
}
