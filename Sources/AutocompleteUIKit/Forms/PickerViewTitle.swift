#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// A picker row's title: plain or attributed (AirCollection's `PickerViewTitle`).
  public enum PickerViewTitle {
    /// A plain title.
    case title(String)
    /// An attributed title.
    case attributedTitle(NSAttributedString)

    /// The title's text, which the field shows.
    public var string: String {
      switch self {
      case .title(let text): text
      case .attributedTitle(let text): text.string
      }
    }

    /// The title as an attributed string, for the picker's row.
    var attributedString: NSAttributedString {
      switch self {
      case .title(let text): NSAttributedString(string: text)
      case .attributedTitle(let text): text
      }
    }
  }
#endif
