import Foundation

/// The attribute that carries a run's ``TextRun/Style`` in an `AttributedString`, so a SwiftUI
/// renderer can give each style its font and colour.
public enum TextRunStyleAttribute: AttributedStringKey {
  /// The style.
  public typealias Value = TextRun.Style
  /// The attribute's name.
  public static let name = "AutocompleteKit.TextRunStyle"
}

extension StyledText {
  /// The text as an `AttributedString` whose runs carry ``TextRunStyleAttribute``; a renderer maps
  /// each style to its attributes (SwiftUI: bold for matched and typed runs, a light colour for the
  /// completion).
  public var attributedString: AttributedString {
    var result = AttributedString(text)
    for run in runs {
      guard let range = Range(run.range, in: text),
        let lower = AttributedString.Index(range.lowerBound, within: result),
        let upper = AttributedString.Index(range.upperBound, within: result)
      else { continue }
      result[lower..<upper][TextRunStyleAttribute.self] = run.style
    }
    return result
  }
}
