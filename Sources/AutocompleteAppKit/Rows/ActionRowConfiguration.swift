#if canImport(AppKit) && os(macOS)
  import AppKit

  /// The extra, non-searchable row (seed 000's additional item): "Add “xyz”…" or any action, with
  /// its own view, height and callback, before or after the suggestions.
  public struct ActionRowConfiguration {
    /// Where the row sits.
    public var position: ActionRow.Position
    /// Whether the row shows when nothing matches.
    public var showsWhenEmpty: Bool
    /// The row's title for the typed text.
    public var title: @Sendable (String) -> String
    /// The row's height, or `nil` for the built-in row's.
    public var height: CGFloat?
    /// Makes your view for the row (seed 000's `setupAdditionalCell`) from the table and the typed
    /// text, or `nil` for the built-in button row.
    public var makeView: (@MainActor (NSTableView, String) -> NSView)?
    /// Called when the row is picked, with the typed text (seed 000's `onAdditionalItemSelection`).
    public var onSelection: (@MainActor (String) -> Void)?

    /// Creates an action row; by default it reads `Add “text”…`, sits after the suggestions and
    /// shows when nothing matches.
    public init(
      position: ActionRow.Position = .bottom, showsWhenEmpty: Bool = true,
      title: @escaping @Sendable (String) -> String = { "Add \u{201C}\($0)\u{201D}\u{2026}" },
      height: CGFloat? = nil, makeView: (@MainActor (NSTableView, String) -> NSView)? = nil,
      onSelection: (@MainActor (String) -> Void)? = nil
    ) {
      self.position = position
      self.showsWhenEmpty = showsWhenEmpty
      self.title = title
      self.height = height
      self.makeView = makeView
      self.onSelection = onSelection
    }

    /// The session's action row.
    var sessionRow: ActionRow {
      ActionRow(position: position, showsWhenEmpty: showsWhenEmpty, title: title)
    }
  }
#endif
