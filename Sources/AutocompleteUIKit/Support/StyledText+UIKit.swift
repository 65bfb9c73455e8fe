#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  extension StyledText {
    /// The text as an attributed string: `base` attributes everywhere, and each run's style's
    /// attributes on top.
    func attributedString(
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

  extension UIFont {
    /// The same font, bold (the font itself when it has no bold face).
    var bold: UIFont {
      guard
        let descriptor = fontDescriptor.withSymbolicTraits(fontDescriptor.symbolicTraits.union(.traitBold))
      else { return self }
      return UIFont(descriptor: descriptor, size: pointSize)
    }
  }
#endif
