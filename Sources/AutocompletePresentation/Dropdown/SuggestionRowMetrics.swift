import AutocompleteCore
import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The heights of the built-in rows, from the line heights of the fonts they use: a suggestion with
/// a detail line (such as the alternate name that matched) is two lines tall, every other row one.
///
/// AppKit's table asks for every row's height before it lays rows out, and the list's window is
/// sized from the same heights, so they come from the fonts (which follow the text size the app or
/// the system asks for) rather than from measured views.
public struct SuggestionRowMetrics: Sendable, Hashable {
  /// The line height of a row's title font.
  public var titleLineHeight: CGFloat
  /// The line height of the detail font.
  public var detailLineHeight: CGFloat
  /// The line height of a section title's font.
  public var headerLineHeight: CGFloat
  /// The space above and below a row's text.
  public var verticalPadding: CGFloat
  /// The space between the title and the detail line.
  public var lineSpacing: CGFloat
  /// No row is shorter than this (the Mac's standard list row).
  public var minimumHeight: CGFloat

  /// Creates metrics; the defaults fit the Mac's 13-point body and 11-point detail fonts.
  public init(
    titleLineHeight: CGFloat = 16, detailLineHeight: CGFloat = 14, headerLineHeight: CGFloat = 14,
    verticalPadding: CGFloat = 4, lineSpacing: CGFloat = 1, minimumHeight: CGFloat = 24
  ) {
    self.titleLineHeight = titleLineHeight
    self.detailLineHeight = detailLineHeight
    self.headerLineHeight = headerLineHeight
    self.verticalPadding = verticalPadding
    self.lineSpacing = lineSpacing
    self.minimumHeight = minimumHeight
  }

  /// Whether the built-in row for `row` has a detail line: a suggestion with a non-empty detail.
  public static func hasDetail(_ row: DropdownRow, in state: SessionState) -> Bool {
    guard case .suggestion(let index) = row, state.suggestions.indices.contains(index) else { return false }
    return !(state.suggestions[index].detailText ?? "").isEmpty
  }

  /// The height of the built-in row for `row`, whole points.
  public func height(for row: DropdownRow, in state: SessionState) -> CGFloat {
    var text = max(0, titleLineHeight)
    if Self.hasDetail(row, in: state) { text += max(0, lineSpacing) + max(0, detailLineHeight) }
    return max(minimumHeight, (text + 2 * max(0, verticalPadding)).rounded(.up))
  }

  /// The height of a section title row, whole points.
  public var headerHeight: CGFloat {
    (max(0, headerLineHeight) + 2 * max(0, verticalPadding)).rounded(.up)
  }
}
