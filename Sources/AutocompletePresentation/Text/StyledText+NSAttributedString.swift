import Foundation

extension StyledText {
  /// The text as an `NSAttributedString` for UIKit and AppKit labels: `base` attributes everywhere,
  /// and each run's style's attributes on top (bold for ``TextRun/Style/matched``, a light colour
  /// for ``TextRun/Style/completion``, as the renderer chooses).
  public func attributedString(
    base: [NSAttributedString.Key: Any], styles: [TextRun.Style: [NSAttributedString.Key: Any]]
  ) -> NSAttributedString {
    let result = NSMutableAttributedString(string: text, attributes: base)
    for run in runs {
      guard let attributes = styles[run.style], !attributes.isEmpty else { continue }
      result.addAttributes(attributes, range: run.range)
    }
    return result
  }
}
