#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

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
