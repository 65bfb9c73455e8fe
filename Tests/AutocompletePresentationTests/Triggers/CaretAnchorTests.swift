import AutocompletePresentation
import Foundation
import TestSupport
import Testing

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

@Suite("The trigger list at the caret")
struct CaretAnchorTests {
  let text = CGRect(x: 20, y: 100, width: 300, height: 200)

  @Test("left to right: the list starts at the caret, below its line", .offThePool)
  func leftToRight() {
    let anchor = CaretAnchor(
      caretRect: CGRect(x: 60, y: 120, width: 2, height: 18), textFrame: text, listWidth: 200)
    #expect(anchor.anchorFrame == CGRect(x: 60, y: 120, width: 200, height: 18))
    let placement = anchor.geometry(
      windowBounds: CGRect(x: 0, y: 0, width: 400, height: 800), rowHeights: [44, 44]
    ).placement
    #expect(placement.edge == .below)
    #expect(placement.frame == CGRect(x: 60, y: 140, width: 200, height: 88))
  }

  @Test("near the trailing edge the list is pushed back inside the text view", .offThePool)
  func clamped() {
    let anchor = CaretAnchor(
      caretRect: CGRect(x: 300, y: 120, width: 2, height: 18), textFrame: text, listWidth: 200)
    #expect(anchor.anchorFrame.minX == 120)
    #expect(anchor.anchorFrame.maxX == text.maxX)
  }

  @Test("right to left: the list's trailing edge is at the caret", .offThePool)
  func rightToLeft() {
    let anchor = CaretAnchor(
      caretRect: CGRect(x: 250, y: 120, width: 2, height: 18), textFrame: text, listWidth: 100,
      isRightToLeft: true)
    #expect(anchor.anchorFrame == CGRect(x: 152, y: 120, width: 100, height: 18))
  }

  @Test("never wider than the text view; an unknown caret anchors at the first line", .offThePool)
  func unknownCaret() {
    let anchor = CaretAnchor(caretRect: .null, textFrame: text, listWidth: 1_000)
    #expect(anchor.anchorFrame == CGRect(x: 20, y: 100, width: 300, height: 20))
  }

  @Test("with the keyboard up and the caret low, the list goes above the caret's line", .offThePool)
  func aboveKeyboard() {
    let anchor = CaretAnchor(
      caretRect: CGRect(x: 40, y: 500, width: 2, height: 18),
      textFrame: CGRect(x: 0, y: 0, width: 400, height: 560))
    let placement = anchor.geometry(
      windowBounds: CGRect(x: 0, y: 0, width: 400, height: 800),
      keyboardFrame: CGRect(x: 0, y: 560, width: 400, height: 240), rowHeights: [44, 44, 44]
    ).placement
    #expect(placement.edge == .above)
    #expect(placement.frame.maxY <= 500)
  }
}
