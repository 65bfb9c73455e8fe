import AutocompleteCore
import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A ``DropdownContent`` as the one flat list of rows a table without sections shows (AppKit's
/// `NSTableView`): a titled section starts with a header row (a group row), and every other row
/// keeps its ``RowLocation``, so clicks, hovers and the highlight map both ways.
public struct DropdownTableRows: Sendable, Equatable {
  /// One row of the table.
  public enum Item: Sendable, Hashable {
    /// A section's title (a group row; it cannot be highlighted or picked).
    case header(String)
    /// A row of the list, with its place in the sectioned content.
    case row(RowLocation, DropdownRow)
  }

  /// The content the rows come from.
  public let content: DropdownContent
  /// The table's rows, top to bottom.
  public let items: [Item]
  private let tableRowByLocation: [RowLocation: Int]

  /// The rows of `content`.
  public init(_ content: DropdownContent = DropdownContent()) {
    self.content = content
    var items: [Item] = []
    var byLocation: [RowLocation: Int] = [:]
    for (sectionIndex, section) in content.sections.enumerated() {
      if let title = section.title, !title.isEmpty { items.append(.header(title)) }
      for (rowIndex, row) in section.rows.enumerated() {
        let location = RowLocation(section: sectionIndex, row: rowIndex)
        byLocation[location] = items.count
        items.append(.row(location, row))
      }
    }
    self.items = items
    self.tableRowByLocation = byLocation
  }

  /// The number of table rows.
  public var count: Int { items.count }

  /// The item at table row `index`, or `nil` outside the table (AppKit's `-1` for "no row").
  public func item(atTableRow index: Int) -> Item? {
    items.indices.contains(index) ? items[index] : nil
  }

  /// The list location at table row `index`, or `nil` for a header or outside the table.
  public func location(atTableRow index: Int) -> RowLocation? {
    guard case .row(let location, _)? = item(atTableRow: index) else { return nil }
    return location
  }

  /// The list row at table row `index`, or `nil` for a header or outside the table.
  public func row(atTableRow index: Int) -> DropdownRow? {
    guard case .row(_, let row)? = item(atTableRow: index) else { return nil }
    return row
  }

  /// The table row of a list location, or `nil` when it is not in the list.
  public func tableRow(for location: RowLocation) -> Int? { tableRowByLocation[location] }

  /// The table row of the highlighted row, or `nil` when nothing is highlighted.
  public var highlightedTableRow: Int? { content.highlightedLocation.flatMap(tableRow(for:)) }

  /// Whether table row `index` is a section title.
  public func isHeader(atTableRow index: Int) -> Bool {
    if case .header? = item(atTableRow: index) { return true }
    return false
  }

  /// The session event for the pointer at table row `index`: the row's highlight, `nil` over a
  /// header or a status row (nothing changes), and no highlight once the pointer left the table
  /// (`index` outside it, such as AppKit's `-1`).
  public func event(forHoveringTableRow index: Int) -> SessionEvent? {
    guard let item = item(atTableRow: index) else { return .rowHighlighted(nil) }
    guard case .row(let location, _) = item else { return nil }
    return content.event(forHoveringRowAt: location)
  }

  /// The heights ``DropdownGeometry`` and ``ScreenDropdownGeometry`` expect: one per list row, in
  /// display order, with each header's height added to the row under it, so ``DropdownGeometry/maximumVisibleRows``
  /// counts list rows, not titles.
  public func geometryRowHeights(header: CGFloat, row height: (DropdownRow) -> CGFloat) -> [CGFloat] {
    var heights: [CGFloat] = []
    var pendingHeader: CGFloat = 0
    for item in items {
      switch item {
      case .header: pendingHeader += max(0, header)
      case .row(_, let row):
        heights.append(max(0, height(row)) + pendingHeader)
        pendingHeader = 0
      }
    }
    if pendingHeader > 0, !heights.isEmpty { heights[heights.count - 1] += pendingHeader }
    return heights
  }
}
