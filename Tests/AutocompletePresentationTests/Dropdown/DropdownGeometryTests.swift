import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Dropdown geometry: below, flipped above, scrolling, keyboard, safe area")
struct DropdownGeometryTests {
  /// An iPhone-sized portrait window with a notch and home indicator.
  static let window = CGRect(x: 0, y: 0, width: 390, height: 844)
  static let safeArea = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  static let keyboard = CGRect(x: 0, y: 844 - 336, width: 390, height: 336)

  static func geometry(
    fieldY: CGFloat, rows: Int = 3, rowHeight: CGFloat = 44, maximumVisibleRows: Int = 5,
    keyboard: CGRect? = nil, fieldX: CGFloat = 16, fieldWidth: CGFloat = 358
  ) -> DropdownGeometry {
    DropdownGeometry(
      fieldFrame: CGRect(x: fieldX, y: fieldY, width: fieldWidth, height: 34), windowBounds: window,
      safeAreaInsets: safeArea, keyboardFrame: keyboard,
      rowHeights: Array(repeating: rowHeight, count: rows), maximumVisibleRows: maximumVisibleRows)
  }

  @Test("a list that fits goes under the field, as wide as the field, as tall as its rows", .offThePool)
  func below() {
    let placement = Self.geometry(fieldY: 100).placement
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 16, y: 136, width: 358, height: 132))
    #expect(!placement.isScrollEnabled)
    #expect(placement.isVisible)
  }

  @Test("more rows than the maximum: N rows tall, and the rest scrolls", .offThePool)
  func scrollsPastMaximum() {
    let placement = Self.geometry(fieldY: 100, rows: 12, maximumVisibleRows: 5).placement
    #expect(placement.frame.height == 220)
    #expect(placement.isScrollEnabled)
    let unlimited = Self.geometry(fieldY: 100, rows: 12, maximumVisibleRows: 0).placement
    #expect(unlimited.frame.height == 528, "\(unlimited.frame)")
    #expect(!unlimited.isScrollEnabled)
  }

  @Test(
    "the keyboard shrinks the room below; too little room flips the list above the field (seed 000)",
    .offThePool)
  func flipsAboveKeyboard() {
    // Field bottom at 484; the keyboard starts at 508: 22 points below, 220 wanted.
    let without = Self.geometry(fieldY: 450, rows: 5).placement
    #expect(without.edge == .below)
    let with = Self.geometry(fieldY: 450, rows: 5, keyboard: Self.keyboard).placement
    #expect(with.edge == .above)
    #expect(with.frame.maxY == 448)
    #expect(with.frame.height == 220)
  }

  @Test("neither side fits: the roomier side, shortened and scrolling", .offThePool)
  func roomierSide() {
    let geometry = Self.geometry(fieldY: 250, rows: 30, maximumVisibleRows: 0, keyboard: Self.keyboard)
    let placement = geometry.placement
    // Above: 250 - 2 - 47 = 201; below: 508 - 286 = 222.
    #expect(placement.edge == .below)
    #expect(placement.frame.height == 222)
    #expect(placement.isScrollEnabled)
    #expect(geometry.usableArea.maxY == 508)
  }

  @Test("a keyboard that does not cover the bottom (floating, undocked) leaves the room alone", .offThePool)
  func floatingKeyboard() {
    let floating = CGRect(x: 40, y: 300, width: 320, height: 200)
    let geometry = Self.geometry(fieldY: 450, rows: 5, keyboard: floating)
    #expect(geometry.usableArea == Self.safeArea.inset(Self.window))
    #expect(geometry.placement.edge == .below)
  }

  @Test("the list stays inside the safe area horizontally, also for a field partly off screen", .offThePool)
  func clampedHorizontally() {
    let geometry = DropdownGeometry(
      fieldFrame: CGRect(x: 300, y: 100, width: 200, height: 34), windowBounds: Self.window,
      safeAreaInsets: EdgeInsets(left: 10, right: 20), rowHeights: [44])
    #expect(geometry.placement.frame.maxX == 370)
    #expect(geometry.placement.frame.width == 200)
  }

  @Test("no rows, or no room at all: not visible", .offThePool)
  func invisible() {
    #expect(!Self.geometry(fieldY: 100, rows: 0).placement.isVisible)
    let covered = DropdownGeometry(
      fieldFrame: CGRect(x: 0, y: 0, width: 100, height: 844), windowBounds: Self.window, rowHeights: [44])
    #expect(!covered.placement.isVisible)
  }

  @Test("geometry is a value: equal inputs mean no re-layout; a scrolled field is a change", .offThePool)
  func equality() {
    #expect(Self.geometry(fieldY: 100) == Self.geometry(fieldY: 100))
    #expect(Self.geometry(fieldY: 100) != Self.geometry(fieldY: 90))
  }

  @Test("rotation: a landscape window without room below flips, then fits again in portrait", .offThePool)
  func rotation() {
    let landscape = DropdownGeometry(
      fieldFrame: CGRect(x: 60, y: 200, width: 300, height: 34),
      windowBounds: CGRect(x: 0, y: 0, width: 844, height: 390),
      safeAreaInsets: EdgeInsets(left: 47, bottom: 21, right: 47),
      keyboardFrame: CGRect(x: 0, y: 390 - 200, width: 844, height: 200), rowHeights: [44, 44, 44])
    #expect(landscape.placement.edge == .above)
    var portrait = landscape
    portrait.windowBounds = Self.window
    portrait.keyboardFrame = Self.keyboard
    portrait.safeAreaInsets = Self.safeArea
    #expect(portrait.placement.edge == .below)
  }

  @Test("a tap closes the list only outside both the list and the field", .offThePool)
  func tapOutside() {
    let geometry = Self.geometry(fieldY: 100)
    let placement = geometry.placement
    #expect(placement.shouldClose(forTapAt: CGPoint(x: 200, y: 600), fieldFrame: geometry.fieldFrame))
    #expect(!placement.shouldClose(forTapAt: CGPoint(x: 200, y: 150), fieldFrame: geometry.fieldFrame))
    #expect(!placement.shouldClose(forTapAt: CGPoint(x: 200, y: 110), fieldFrame: geometry.fieldFrame))
  }

  @Test("no container known: always below, limited by the maximum visible rows only", .offThePool)
  func unbounded() {
    let field = CGRect(x: 10, y: 700, width: 200, height: 30)
    let placement = DropdownGeometry.unbounded(
      fieldFrame: field, rowHeights: Array(repeating: 40, count: 8), maximumVisibleRows: 5
    ).placement
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 10, y: 732, width: 200, height: 200))
    #expect(placement.isScrollEnabled)
    #expect(!DropdownGeometry.unbounded(fieldFrame: field, rowHeights: []).placement.isVisible)
  }

  @Test(
    "the anchor is the live frame, or the declared textFieldFrame while the live one has no size", .offThePool
  )
  func anchor() {
    let live = CGRect(x: 10, y: 20, width: 300, height: 40)
    let declared = CGRect(x: 16, y: 100, width: 358, height: 34)
    #expect(DropdownGeometry.anchorFrame(live: live, declared: declared) == live)
    #expect(
      DropdownGeometry.anchorFrame(live: CGRect(x: 10, y: 20, width: 0, height: 0), declared: declared)
        == declared)
    #expect(DropdownGeometry.anchorFrame(live: .zero, declared: nil) == .zero)
  }
}
