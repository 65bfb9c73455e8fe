import Foundation

/// A stretch of text with one style, as a UTF-16 `NSRange` so UIKit, AppKit and SwiftUI's
/// `AttributedString(NSAttributedString)` can apply it directly.
public struct TextRun: Sendable, Hashable {
  /// How a run looks; front ends map each style to their attributes (font weight, colour).
  public enum Style: Sendable, Hashable {
    /// Ordinary row text.
    case plain
    /// Characters the query matched (bold or coloured in the list).
    case matched
    /// The typed part of an inline completion (seed 002's `boldTextColor`).
    case typed
    /// The suggested rest of an inline completion (seed 002's `lightTextColor`).
    case completion
  }

  /// The characters, as UTF-16 offsets.
  public var range: NSRange
  /// The style.
  public var style: Style

  /// Creates a run.
  public init(range: NSRange, style: Style) {
    self.range = range
    self.style = style
  }
}
