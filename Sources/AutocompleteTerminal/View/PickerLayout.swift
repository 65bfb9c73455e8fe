/// Where the picker goes on the screen.
public struct PickerLayout: Sendable, Equatable {
  /// Which side of the input the dropdown opens on.
  public enum Placement: Sendable, Equatable {
    /// Below when the dropdown fits there or there is at least as much room below as above; otherwise
    /// above.
    case automatic
    /// Always below the input.
    case below
    /// Always above the input.
    case above
  }

  /// The screen row of the (first) input line. It moves down when the title and header lines need room
  /// above it, and up when the input would not fit on the screen.
  public var anchorRow: Int
  /// Which side of the input the dropdown opens on.
  public var placement: Placement
  /// The most list lines (rows plus "more" indicators) to show, or `nil` for as many as fit.
  public var maximumListLines: Int?
  /// Whether a dropdown above the input lists its rows bottom-up — the first row next to the input,
  /// the status line between them — as fzf's default layout does; otherwise top-down.
  public var listsAboveBottomUp = false

  /// Creates a layout; by default the input is at the top and the dropdown fills the room below it.
  public init(anchorRow: Int = 0, placement: Placement = .automatic, maximumListLines: Int? = nil) {
    self.anchorRow = anchorRow
    self.placement = placement
    self.maximumListLines = maximumListLines
  }
}
