import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("Dropdown table rows (AppKit's flat table): headers, locations, hover, heights")
@MainActor
struct DropdownTableRowsTests {
  static let people = ListSource(["Sam", "Sara"] as [AutocompleteItem], title: "People")
  static let places = ListSource(["São Paulo", "Sapporo", "Santiago"] as [AutocompleteItem], title: "Places")

  static func content(actionRow: ActionRow? = nil, sources: [any SuggestionSource] = [people, places])
    -> (DropdownContent, AutocompleteSession)
  {
    let session = AutocompleteSession(
      configuration: SessionConfiguration(sources: sources, actionRow: actionRow))
    session.send(.focusChanged(true))
    session.textChanged("sa")
    return (DropdownContent(state: session.state, isFocused: true), session)
  }

  @Test("titled sections start with a header row; every list row keeps its location, both ways", .offThePool)
  func headers() {
    let (content, _) = Self.content(actionRow: ActionRow(position: .bottom))
    let rows = DropdownTableRows(content)
    #expect(
      rows.items == [
        .header("People"),
        .row(RowLocation(section: 0, row: 0), .suggestion(0)),
        .row(RowLocation(section: 0, row: 1), .suggestion(1)),
        .header("Places"),
        .row(RowLocation(section: 1, row: 0), .suggestion(2)),
        .row(RowLocation(section: 1, row: 1), .suggestion(3)),
        .row(RowLocation(section: 1, row: 2), .suggestion(4)),
        .row(RowLocation(section: 2, row: 0), .actionRow),
      ])
    for index in 0..<rows.count {
      if let location = rows.location(atTableRow: index) {
        #expect(rows.tableRow(for: location) == index)
        #expect(content.row(at: location) == rows.row(atTableRow: index))
      } else {
        #expect(rows.isHeader(atTableRow: index))
      }
    }
    #expect(rows.location(atTableRow: -1) == nil)
    #expect(rows.location(atTableRow: rows.count) == nil)
    #expect(rows.tableRow(for: RowLocation(section: 9, row: 0)) == nil)
  }

  @Test("one source: no header, table rows are the content's rows in order", .offThePool)
  func singleSource() {
    let (content, _) = Self.content(sources: [Self.places])
    let rows = DropdownTableRows(content)
    #expect(rows.items.allSatisfy { if case .row = $0 { true } else { false } })
    #expect(rows.count == content.rowCount)
  }

  @Test(
    "the highlight follows the session into table rows; hovering a row highlights it, a header does nothing, leaving clears",
    .offThePool)
  func highlightAndHover() {
    let (_, session) = Self.content()
    session.press(.down)
    session.press(.down)
    session.press(.down)
    let rows = DropdownTableRows(DropdownContent(state: session.state, isFocused: true))
    #expect(rows.highlightedTableRow == 4)  // the third suggestion, under the "Places" header
    #expect(rows.event(forHoveringTableRow: 0) == nil)
    let hover = rows.event(forHoveringTableRow: 5)
    #expect(hover.map { session.send($0) } == true)
    #expect(session.state.highlight == .suggestion(3))
    let leave = rows.event(forHoveringTableRow: -1)
    #expect(leave.map { session.send($0) } == true)
    #expect(session.state.highlight == nil)
  }

  @Test(
    "heights for the geometry: one per list row, each header's height added to the row under it", .offThePool)
  func geometryHeights() {
    let (content, _) = Self.content(actionRow: ActionRow(position: .bottom))
    let rows = DropdownTableRows(content)
    let heights = rows.geometryRowHeights(header: 10) { $0 == .actionRow ? 30 : 20 }
    #expect(heights == [30, 20, 30, 20, 20, 30])
    #expect(heights.count == content.rowCount)
    let geometry = DropdownGeometry(
      fieldFrame: CGRect(x: 0, y: 0, width: 100, height: 20),
      windowBounds: CGRect(x: 0, y: 0, width: 400, height: 800), rowHeights: heights,
      maximumVisibleRows: 3)
    #expect(geometry.preferredHeight == 80)  // two rows under "People", one under "Places", both titles
    #expect(DropdownTableRows().geometryRowHeights(header: 10) { _ in 20 } == [])
  }
}
