#if canImport(AppKit) && os(macOS)
  import AppKit

  /// How the list makes a suggestion's row view.
  public enum SuggestionCellProvider {
    /// The built-in row: the display text with the matched characters in bold, the detail text
    /// (such as the alternate name that matched) below it.
    case standard
    /// Your view and its height: `makeView` gets the table (reuse views with
    /// `makeView(withIdentifier:owner:)` and an identifier of your own), the suggestion and its
    /// display text with the matched runs marked; seed 000's `cellType`, `heightForCells` and
    /// `setupCell`.
    case custom(height: CGFloat, makeView: @MainActor (NSTableView, Suggestion, StyledText) -> NSView)

    /// The row height for a suggestion, or `nil` for the built-in row (its height comes from the
    /// fonts).
    var customHeight: CGFloat? {
      if case .custom(let height, _) = self { return max(1, height) }
      return nil
    }
  }
#endif
