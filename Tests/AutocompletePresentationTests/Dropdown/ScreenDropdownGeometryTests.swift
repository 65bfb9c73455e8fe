import AutocompletePresentation
import Foundation
import TestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("Screen dropdown geometry (Mac): bottom-left screen coordinates, the visible frame, clipping")
struct ScreenDropdownGeometryTests {
  /// A 1440×900 screen with a 25-point menu bar and a 70-point Dock at the bottom.
  static let visible = CGRect(x: 0, y: 70, width: 1440, height: 805)

  static func geometry(
    fieldY: CGFloat, rows: Int = 3, rowHeight: CGFloat = 24, maximumVisibleRows: Int = 5,
    visible: CGRect = visible, fieldX: CGFloat = 100, clip: CGRect? = nil
  ) -> ScreenDropdownGeometry {
    ScreenDropdownGeometry(
      anchorFrame: CGRect(x: fieldX, y: fieldY, width: 300, height: 22), visibleFrame: visible,
      clipFrame: clip, rowHeights: Array(repeating: rowHeight, count: rows),
      maximumVisibleRows: maximumVisibleRows)
  }

  @Test("room below the field: the list hangs under it (a smaller y), as wide as the field", .offThePool)
  func below() {
    let placement = Self.geometry(fieldY: 600).placement
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 100, y: 526, width: 300, height: 72))
    #expect(!placement.isScrollEnabled)
    #expect(placement.isVisible)
  }

  @Test("the Dock leaves no room below: the list flips above the field", .offThePool)
  func flipsAboveTheDock() {
    // The field's bottom edge is 50 points above the Dock: 48 points of room, 72 wanted.
    let placement = Self.geometry(fieldY: 120).placement
    #expect(placement.edge == .above)
    #expect(placement.frame == CGRect(x: 100, y: 144, width: 300, height: 72))
  }

  @Test("past the maximum the list is N rows tall and scrolls", .offThePool)
  func scrolls() {
    let placement = Self.geometry(fieldY: 600, rows: 12, maximumVisibleRows: 5).placement
    #expect(placement.frame.height == 120)
    #expect(placement.frame.maxY == 598)
    #expect(placement.isScrollEnabled)
  }

  @Test("neither side has room for every row: the roomier side, shortened to the visible frame", .offThePool)
  func roomierSide() {
    let placement = Self.geometry(fieldY: 500, rows: 100, maximumVisibleRows: 0).placement
    // Below: 500 - 2 - 70 = 428; above: 875 - 522 - 2 = 351.
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 100, y: 70, width: 300, height: 428))
    #expect(placement.isScrollEnabled)
  }

  @Test("a field at the screen's right edge: the list is pushed back onto the screen", .offThePool)
  func clampedHorizontally() {
    let placement = Self.geometry(fieldY: 600, fieldX: 1300).placement
    #expect(placement.frame.maxX == 1440)
    #expect(placement.frame.width == 300)
  }

  @Test(
    "a screen above and left of the main one (negative and large coordinates) works the same", .offThePool)
  func otherScreen() {
    let shifted = CGRect(x: -1920, y: 900, width: 1920, height: 1055)
    let below = Self.geometry(fieldY: 1500, visible: shifted, fieldX: -1000).placement
    #expect(below.edge == .below)
    #expect(below.frame == CGRect(x: -1000, y: 1426, width: 300, height: 72))
    let above = Self.geometry(fieldY: 930, visible: shifted, fieldX: -1000).placement
    #expect(above.edge == .above)
    #expect(above.frame.minY == 954)
  }

  @Test("a field scrolled out of its window's visible part: no list; partly visible: a list", .offThePool)
  func clipped() {
    let window = CGRect(x: 50, y: 300, width: 600, height: 400)
    #expect(Self.geometry(fieldY: 600, clip: window).placement.isVisible)
    #expect(!Self.geometry(fieldY: 200, clip: window).placement.isVisible)
    #expect(Self.geometry(fieldY: 290, clip: window).placement.isVisible)
    let nullAnchor = ScreenDropdownGeometry(
      anchorFrame: .null, visibleFrame: Self.visible, rowHeights: [24])
    #expect(!nullAnchor.placement.isVisible)
  }

  @Test(
    "oracle: over a grid of screens, fields and rows the list touches the field on its edge, stays on screen, prefers below",
    .offThePool)
  func oracle() {
    let screens = [
      CGRect(x: 0, y: 70, width: 1440, height: 805), CGRect(x: -1920, y: 900, width: 1920, height: 1055),
      CGRect(x: 1440, y: -300, width: 800, height: 420),
    ]
    let rowSets: [[CGFloat]] = [
      [24], [24, 39, 24], Array(repeating: 22, count: 12), [16, 60, 44, 24, 30, 18, 50],
    ]
    var cases = 0
    for visible in screens {
      for fieldY in stride(from: visible.minY - 40, through: visible.maxY + 20, by: 37) {
        for fieldX in [visible.minX - 50, visible.minX + 10, visible.midX, visible.maxX - 60] {
          for heights in rowSets {
            for maximum in [0, 1, 3, 5] {
              let field = CGRect(x: fieldX, y: fieldY, width: 100, height: 22)
              let placement = ScreenDropdownGeometry(
                anchorFrame: field, visibleFrame: visible, rowHeights: heights, maximumVisibleRows: maximum
              ).placement
              Self.check(placement, field: field, visible: visible, heights: heights, maximum: maximum)
              cases += 1
            }
          }
        }
      }
    }
    #expect(cases > 1_000)
  }

  /// The rules, stated in bottom-left screen coordinates without flipping anything.
  static func check(
    _ placement: DropdownPlacement, field: CGRect, visible: CGRect, heights: [CGFloat], maximum: Int
  ) {
    let wanted = (maximum > 0 ? heights.prefix(maximum) : heights[...]).reduce(0, +)
    let roomBelow = max(0, field.minY - 2 - visible.minY)
    let roomAbove = max(0, visible.maxY - (field.maxY + 2))
    let edge: DropdownPlacement.Edge =
      wanted <= roomBelow ? .below : wanted <= roomAbove ? .above : roomAbove > roomBelow ? .above : .below
    #expect(placement.edge == edge, "\(field) on \(visible)")
    let frame = placement.frame
    if edge == .below {
      #expect(frame.maxY == field.minY - 2)
      #expect(frame.height == min(wanted, roomBelow))
    } else {
      #expect(frame.minY == field.maxY + 2)
      #expect(frame.height == min(wanted, roomAbove))
    }
    // A field inside the visible frame keeps its list inside it too (a field under the Dock keeps
    // its list attached to it).
    if field.minY >= visible.minY, field.maxY <= visible.maxY {
      #expect(frame.minY >= visible.minY && frame.maxY <= visible.maxY)
    }
    #expect(frame.minX >= visible.minX && frame.maxX <= visible.maxX)
    #expect(frame.width == min(field.width, visible.width))
    #expect(placement.isScrollEnabled == (heights.reduce(0, +) > frame.height + 0.5))
  }

  @Test(
    "the caret anchor: under the caret's line on screen, at its leading edge; no caret: the first line",
    .offThePool)
  func caretAnchor() {
    let text = CGRect(x: 200, y: 400, width: 400, height: 300)  // top edge at y 700
    let caret = CGRect(x: 260, y: 640, width: 0, height: 17)
    let anchor = ScreenDropdownGeometry.caretAnchorFrame(
      CaretAnchor(caretRect: caret, textFrame: text, listWidth: 250), visibleFrame: Self.visible)
    #expect(anchor == CGRect(x: 260, y: 640, width: 250, height: 17))
    let placement = ScreenDropdownGeometry(
      anchorFrame: anchor, visibleFrame: Self.visible, rowHeights: [24, 24]
    ).placement
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 260, y: 590, width: 250, height: 48))

    let unknown = ScreenDropdownGeometry.caretAnchorFrame(
      CaretAnchor(caretRect: .zero, textFrame: text, listWidth: 250), visibleFrame: Self.visible)
    #expect(unknown == CGRect(x: 200, y: 680, width: 250, height: 20))
    let rightToLeft = ScreenDropdownGeometry.caretAnchorFrame(
      CaretAnchor(caretRect: caret, textFrame: text, listWidth: 50, isRightToLeft: true),
      visibleFrame: Self.visible)
    #expect(rightToLeft == CGRect(x: 210, y: 640, width: 50, height: 17))
  }

  @Test("the field's screen: the one it overlaps most, else the nearest; none without screens", .offThePool)
  func screenChoice() {
    let main = CGRect(x: 0, y: 0, width: 1440, height: 900)
    let right = CGRect(x: 1440, y: -200, width: 1920, height: 1080)
    #expect(
      ScreenDropdownGeometry.screenIndex(
        for: CGRect(x: 100, y: 100, width: 50, height: 20), among: [main, right]) == 0)
    #expect(
      ScreenDropdownGeometry.screenIndex(
        for: CGRect(x: 1400, y: 100, width: 200, height: 20), among: [main, right]) == 1)
    #expect(
      ScreenDropdownGeometry.screenIndex(
        for: CGRect(x: 2000, y: 1000, width: 10, height: 10), among: [main, right]) == 1)
    #expect(
      ScreenDropdownGeometry.screenIndex(
        for: CGRect(x: -500, y: 100, width: 10, height: 10), among: [main, right]) == 0)
    #expect(ScreenDropdownGeometry.screenIndex(for: .zero, among: []) == nil)
  }
}
