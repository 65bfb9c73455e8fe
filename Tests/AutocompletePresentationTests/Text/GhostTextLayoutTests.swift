import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Ghost text layout")
struct GhostTextLayoutTests {
  static let textRect = CGRect(x: 8, y: 4, width: 200, height: 22)

  @Test("left to right: right after the caret, clipped at the text area's end", .offThePool)
  func leftToRight() {
    let caret = CGRect(x: 60, y: 5, width: 2, height: 20)
    #expect(
      GhostTextLayout(caretRect: caret, textRect: Self.textRect, textWidth: 50).frame
        == CGRect(x: 62, y: 4, width: 50, height: 22))
    #expect(
      GhostTextLayout(caretRect: caret, textRect: Self.textRect, textWidth: 500).frame
        == CGRect(x: 62, y: 4, width: 146, height: 22))
  }

  @Test("right to left: before the caret, clipped at the text area's start", .offThePool)
  func rightToLeft() {
    let caret = CGRect(x: 150, y: 5, width: 2, height: 20)
    let layout = GhostTextLayout(
      caretRect: caret, textRect: Self.textRect, textWidth: 60, isRightToLeft: true)
    #expect(layout.frame == CGRect(x: 90, y: 4, width: 60, height: 22))
    let long = GhostTextLayout(caretRect: caret, textRect: Self.textRect, textWidth: 600, isRightToLeft: true)
    #expect(long.frame?.minX == 8)
  }

  @Test("no room or nothing to draw: no frame", .offThePool)
  func nothing() {
    let atEnd = CGRect(x: 207.5, y: 5, width: 2, height: 20)
    #expect(GhostTextLayout(caretRect: atEnd, textRect: Self.textRect, textWidth: 40).frame == nil)
    #expect(GhostTextLayout(caretRect: .zero, textRect: Self.textRect, textWidth: 0).frame == nil)
  }

  @Test(
    "the ghost shows only while focused, never during an input method's composition or with nothing left",
    .offThePool)
  func visibleCompletion() {
    var state = SessionState()
    state.input = TextSnapshot("Jof")
    state.inlineCompletion = InlineCompletion(typedText: "Jof", suffix: "frey", suggestionID: "1")
    #expect(GhostTextLayout.visibleCompletion(in: state, isFocused: true)?.suffix == "frey")
    #expect(GhostTextLayout.visibleCompletion(in: state, isFocused: false) == nil)
    state.input = TextSnapshot("Jof", caretOffset: 3, isComposing: true)
    #expect(GhostTextLayout.visibleCompletion(in: state, isFocused: true) == nil)
    state.input = TextSnapshot("Jof")
    state.inlineCompletion = InlineCompletion(typedText: "Jof", suffix: "", suggestionID: "1")
    #expect(GhostTextLayout.visibleCompletion(in: state, isFocused: true) == nil)
    state.inlineCompletion = nil
    #expect(GhostTextLayout.visibleCompletion(in: state, isFocused: true) == nil)
  }
}
