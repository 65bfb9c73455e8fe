#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// The extra, non-searchable row (seed 000's additional item): "Add “xyz”…" or any action, with
  /// its own cell, height and callback, before or after the suggestions.
  public struct ActionRowConfiguration {
    /// Where the row sits.
    public var position: ActionRow.Position
    /// Whether the row shows when nothing matches.
    public var showsWhenEmpty: Bool
    /// The row's title for the typed text.
    public var title: @Sendable (String) -> String
    /// Your cell class (seed 000's `additionalItemType`), or `nil` for the built-in button row.
    public var cellType: UITableViewCell.Type?
    /// The estimated height (seed 000's `heightForAdditionalItem`).
    public var estimatedHeight: CGFloat
    /// Dequeues and fills your cell (seed 000's `setupAdditionalCell`); receives the typed text.
    public var setupCell: (@MainActor (UITableView, IndexPath, String) -> UITableViewCell)?
    /// Called when the row is picked, with the typed text (seed 000's `onAdditionalItemSelection`).
    public var onSelection: (@MainActor (String) -> Void)?

    /// Creates an action row; by default it reads `Add “text”…`, sits after the suggestions and
    /// shows when nothing matches.
    public init(
      position: ActionRow.Position = .bottom, showsWhenEmpty: Bool = true,
      title: @escaping @Sendable (String) -> String = { "Add \u{201C}\($0)\u{201D}\u{2026}" },
      cellType: UITableViewCell.Type? = nil, estimatedHeight: CGFloat = 44,
      setupCell: (@MainActor (UITableView, IndexPath, String) -> UITableViewCell)? = nil,
      onSelection: (@MainActor (String) -> Void)? = nil
    ) {
      self.position = position
      self.showsWhenEmpty = showsWhenEmpty
      self.title = title
      self.cellType = cellType
      self.estimatedHeight = estimatedHeight
      self.setupCell = setupCell
      self.onSelection = onSelection
    }

    /// The session's action row.
    var sessionRow: ActionRow {
      ActionRow(position: position, showsWhenEmpty: showsWhenEmpty, title: title)
    }
  }
#endif
