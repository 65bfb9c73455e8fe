import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

/// Page Up/Down move by the rows the list shows (issue 22), decided here for every Apple front end.
@Suite("List paging: rows that fit in the visible height")
struct ListPagingTests {
  @Test(.offThePool) func uniformRows() {
    let rows = Array(repeating: CGFloat(44), count: 40)
    #expect(ListPaging.rowsPerPage(visibleHeight: 220, rowHeights: rows) == 5)
    // A row cut off does not count, unless by rounding.
    #expect(ListPaging.rowsPerPage(visibleHeight: 263, rowHeights: rows) == 5)
    #expect(ListPaging.rowsPerPage(visibleHeight: 263.6, rowHeights: rows) == 6)
    #expect(ListPaging.rowsPerPage(visibleHeight: 600, rowHeights: rows) == 13)
  }

  @Test(.offThePool) func variableRowsCountFromTheFirstShown() {
    let rows: [CGFloat] = [44, 88, 44, 44, 44, 88]
    #expect(ListPaging.rowsPerPage(visibleHeight: 176, rowHeights: rows) == 3)
    #expect(ListPaging.rowsPerPage(visibleHeight: 176, rowHeights: rows, firstRow: 2) == 3)
    #expect(ListPaging.rowsPerPage(visibleHeight: 176, rowHeights: rows, firstRow: 5) == 1)
  }

  @Test(.offThePool) func alwaysAtLeastOneRow() {
    #expect(ListPaging.rowsPerPage(visibleHeight: 10, rowHeights: [44, 44]) == 1)
    #expect(ListPaging.rowsPerPage(visibleHeight: 0, rowHeights: [44]) == 1)
    #expect(ListPaging.rowsPerPage(visibleHeight: .infinity, rowHeights: [44]) == 1)
    #expect(ListPaging.rowsPerPage(visibleHeight: 300, rowHeights: []) == 1)
    #expect(ListPaging.rowsPerPage(visibleHeight: 300, rowHeights: [44], firstRow: 3) == 1)
    #expect(ListPaging.rowsPerPage(visibleHeight: 300, rowHeights: [44, 44]) == 2)  // all fit
  }

  @Test("the geometries answer for the list they place: maximum visible rows, or the room left", .offThePool)
  func geometries() {
    let window = CGRect(x: 0, y: 0, width: 390, height: 844)
    let rows = Array(repeating: CGFloat(44), count: 30)
    let tall = DropdownGeometry(
      fieldFrame: CGRect(x: 16, y: 100, width: 358, height: 34), windowBounds: window, rowHeights: rows,
      maximumVisibleRows: 8)
    #expect(tall.rowsPerPage == 8)
    // Near the keyboard only part of the list has room: the page is what shows.
    let squeezed = DropdownGeometry(
      fieldFrame: CGRect(x: 16, y: 300, width: 358, height: 34), windowBounds: window,
      keyboardFrame: CGRect(x: 0, y: 508, width: 390, height: 336), rowHeights: rows, maximumVisibleRows: 8)
    let visible = squeezed.placement.frame.height
    #expect(squeezed.rowsPerPage == Int(visible / 44) && squeezed.rowsPerPage < 8)
    let screen = ScreenDropdownGeometry(
      anchorFrame: CGRect(x: 100, y: 500, width: 200, height: 22),
      visibleFrame: CGRect(x: 0, y: 0, width: 1440, height: 900), rowHeights: Array(repeating: 24, count: 30),
      maximumVisibleRows: 10)
    #expect(screen.rowsPerPage == 10)
  }

  @MainActor
  @Test("a session pages by the page size a front end sets, without asking again", .offThePool)
  func sessionPagesByIt() {
    let items = (1...40).map { AutocompleteItem("item \($0)") }
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(items)], searchOptions: SearchOptions(maximumCount: nil),
        highlightsFirstRow: true))
    session.textChanged("item")
    #expect(session.state.highlight == .suggestion(0))
    let requests = session.state.lastRequestID
    session.pageSize = ListPaging.rowsPerPage(visibleHeight: 352, rowHeights: Array(repeating: 44, count: 40))
    #expect(session.pageSize == 8)
    #expect(session.state.lastRequestID == requests)  // no new search
    session.press(.pageDown)
    #expect(session.state.highlight == .suggestion(8))
    session.press(.pageUp)
    #expect(session.state.highlight == .suggestion(0))
    session.pageSize = 0
    #expect(session.pageSize == 1)
  }
}
