#if canImport(SwiftUI)
  import SwiftUI

  /// Places chips and, last, the text field on wrapping lines, as `TokenFlowLayout` decides
  /// (SwiftUI mirrors it in a right-to-left layout).
  public struct TokenFlow: Layout {
    /// The space between chips and lines.
    public var spacing: CGFloat

    /// Creates a flow with `spacing` between chips and lines.
    public init(spacing: CGFloat = 4) {
      self.spacing = spacing
    }

    /// The flow of `subviews` in `width`.
    private func flow(_ subviews: Subviews, width: CGFloat) -> TokenFlowLayout {
      let sizes = subviews.dropLast().map { $0.sizeThatFits(.unspecified) }
      let lineHeight = max(
        subviews.last?.sizeThatFits(.unspecified).height ?? 0, sizes.map(\.height).max() ?? 0)
      return TokenFlowLayout(chipSizes: sizes, width: width, lineHeight: lineHeight, spacing: spacing)
    }

    /// The size the flow needs in the proposed width.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
      let width = proposal.width ?? 320
      return CGSize(width: width, height: flow(subviews, width: width).height)
    }

    /// Places the chips and the text field.
    public func placeSubviews(
      in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()
    ) {
      let layout = flow(subviews, width: bounds.width)
      for (subview, frame) in zip(subviews.dropLast(), layout.chipFrames) {
        subview.place(
          at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
          proposal: ProposedViewSize(frame.size))
      }
      if let text = subviews.last {
        let frame = layout.textFrame
        text.place(
          at: CGPoint(x: bounds.minX + frame.minX, y: bounds.minY + frame.minY),
          proposal: ProposedViewSize(frame.size))
      }
    }
  }
#endif
