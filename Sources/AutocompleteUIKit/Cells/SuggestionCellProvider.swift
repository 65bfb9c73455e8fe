#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// How the dropdown makes a suggestion's cell.
  public enum SuggestionCellProvider {
    /// The built-in cell: the display text with the matched characters in bold, the detail text
    /// (such as the alternate name that matched) below it.
    case standard
    /// Your cell class (registered with ``reuseIdentifier(for:)``), its estimated height, and a
    /// closure that dequeues and fills it: seed 000's `cellType`, `heightForCells` and `setupCell`.
    case custom(
      cellType: UITableViewCell.Type, estimatedHeight: CGFloat,
      setupCell: @MainActor (UITableView, IndexPath, Suggestion) -> UITableViewCell)
    /// A content configuration for the built-in cell, from the suggestion and its styled text
    /// (matched runs marked), for `UIListContentConfiguration` or a `UIHostingConfiguration`.
    case contentConfiguration(@MainActor (Suggestion, StyledText) -> any UIContentConfiguration)

    /// The reuse identifier a custom cell class is registered under: its type name.
    public static func reuseIdentifier(for cellType: UITableViewCell.Type) -> String {
      String(describing: cellType)
    }

    /// Registers a custom cell class with `tableView` (the built-in cell is always registered).
    @MainActor func register(in tableView: UITableView) {
      if case .custom(let type, _, _) = self {
        tableView.register(type, forCellReuseIdentifier: Self.reuseIdentifier(for: type))
      }
    }

    /// The estimated row height: 44 points for the built-in cell (a custom cell's own estimate),
    /// scaled for the Dynamic Type size by `UIFontMetrics`, so the first placement at accessibility
    /// sizes is tall enough.
    var estimatedHeight: CGFloat {
      if case .custom(_, let height, _) = self { return UIFontMetrics.default.scaledValue(for: height) }
      return UIFontMetrics.default.scaledValue(for: 44)
    }
  }
#endif
