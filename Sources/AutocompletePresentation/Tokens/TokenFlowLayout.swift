import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// Where the chips and the text input go in a token field that wraps chips onto lines before the
/// text input and grows in height (Mail's To: field), left to right or right to left.
///
/// Lines fill in reading order; a chip wider than the field takes a line of its own, clipped to the
/// width; the text input takes the rest of the last line when at least `minimumTextWidth` is left,
/// else a line of its own. Cost: one pass over the chips.
public struct TokenFlowLayout: Sendable, Equatable {
  /// The chips' frames, in token order.
  public var chipFrames: [CGRect]
  /// The text input's frame.
  public var textFrame: CGRect
  /// The height the field needs.
  public var height: CGFloat

  /// Lays out chips of `chipSizes` (token order) and the text input in a field `width` wide.
  public init(
    chipSizes: [CGSize], width: CGFloat, lineHeight: CGFloat, spacing: CGFloat = 4,
    minimumTextWidth: CGFloat = 60, isRightToLeft: Bool = false
  ) {
    let width = max(0, width)
    var frames: [CGRect] = []
    var x: CGFloat = 0
    var y: CGFloat = 0
    var lineHeight = max(0, lineHeight)
    let baseLine = lineHeight
    for size in chipSizes {
      let chipWidth = min(max(0, size.width), width)
      if x > 0, x + chipWidth > width {
        x = 0
        y += lineHeight + spacing
        lineHeight = baseLine
      }
      lineHeight = max(lineHeight, size.height)
      frames.append(CGRect(x: x, y: y, width: chipWidth, height: max(0, size.height)))
      x += chipWidth + spacing
    }
    if x > 0, width - x < minimumTextWidth {
      x = 0
      y += lineHeight + spacing
      lineHeight = baseLine
    }
    var text = CGRect(x: x, y: y, width: max(0, width - x), height: baseLine)
    if isRightToLeft {
      frames = frames.map { CGRect(x: width - $0.maxX, y: $0.minY, width: $0.width, height: $0.height) }
      text.origin.x = width - text.maxX
    }
    chipFrames = frames
    textFrame = text
    height = y + lineHeight
  }
}
