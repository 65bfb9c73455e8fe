import AutocompleteCore
import AutocompletePresentation
import Foundation
import TestSupport
import Testing

@Suite("Token field presentation: chips, VoiceOver labels, announcements, arrows and flow layout")
struct TokenPresentationTests {
  static func state(_ ids: [String], selected: Int? = nil) -> SessionState {
    let reducer = SessionReducer(configuration: SessionConfiguration(tokens: TokenFieldConfiguration()))
    var state = reducer.reduce(SessionState(), .tokens(.set(ids.map { Token(id: $0) }))).state
    if let selected { state = reducer.reduce(state, .tokens(.select(selected))).state }
    return state
  }

  @Test("each chip is read as “Madrid, 2 of 3, token” with a remove action", .offThePool)
  func labels() {
    let content = TokenFieldContent(state: Self.state(["Paris", "Madrid", "Porto"], selected: 1))
    #expect(
      content.chips.map(\.accessibilityLabel) == [
        "Paris, 1 of 3, token", "Madrid, 2 of 3, token", "Porto, 3 of 3, token",
      ])
    #expect(content.chips[1].removeActionName == "Remove Madrid")
    #expect(content.chips.map(\.isSelected) == [false, true, false])
    #expect(TokenAccessibility.label(forTokenAt: 5, in: []) == "")
  }

  @Test("right to left: chips read right to left on screen, token order kept", .offThePool)
  func rightToLeft() {
    let content = TokenFieldContent(state: Self.state(["a", "b", "c"]), isRightToLeft: true)
    #expect(content.chips.map(\.id) == ["a", "b", "c"])
    #expect(content.chipsLeftToRight.map(\.id) == ["c", "b", "a"])
    #expect(TokenArrowKey.left.direction(isRightToLeft: false) == .previous)
    #expect(TokenArrowKey.left.direction(isRightToLeft: true) == .next)
    #expect(TokenArrowKey.right.direction(isRightToLeft: true) == .previous)
  }

  @Test("the count is announced when tokens change, not otherwise", .offThePool)
  func announcements() {
    let reducer = SessionReducer(configuration: SessionConfiguration(tokens: TokenFieldConfiguration()))
    let before = Self.state(["Paris", "Madrid"])
    let after = reducer.reduce(before, .tokens(.remove(id: "Paris"))).state
    #expect(TokenAccessibility.announcement(from: before, to: after) == "Paris removed. 1 token.")
    let typed = reducer.reduce(after, .textChanged(TextSnapshot("x"))).state
    #expect(TokenAccessibility.announcement(from: after, to: typed) == nil)
    let undone = reducer.reduce(typed, .tokens(.undoRemoval)).state
    #expect(TokenFieldContent(state: undone, previous: typed).announcement == "Paris restored. 2 tokens.")
  }

  @Test("chips wrap onto lines before the text input; the field grows; right to left mirrors", .offThePool)
  func flow() {
    let sizes = [CGSize(width: 60, height: 20), CGSize(width: 60, height: 20), CGSize(width: 90, height: 20)]
    let layout = TokenFlowLayout(
      chipSizes: sizes, width: 150, lineHeight: 20, spacing: 4, minimumTextWidth: 50)
    #expect(layout.chipFrames.map(\.minX) == [0, 64, 0])
    #expect(layout.chipFrames.map(\.minY) == [0, 0, 24])
    // 56 points are left after the third chip: the text input takes them.
    #expect(layout.textFrame == CGRect(x: 94, y: 24, width: 56, height: 20))
    #expect(layout.height == 44)
    let fourth = TokenFlowLayout(
      chipSizes: sizes + [CGSize(width: 20, height: 20)], width: 150, lineHeight: 20, spacing: 4,
      minimumTextWidth: 50)
    #expect(fourth.textFrame == CGRect(x: 0, y: 48, width: 150, height: 20))
    #expect(fourth.height == 68)
    let mirrored = TokenFlowLayout(
      chipSizes: sizes, width: 150, lineHeight: 20, spacing: 4, minimumTextWidth: 50, isRightToLeft: true)
    #expect(mirrored.chipFrames.map(\.maxX) == [150, 86, 150])
    let wide = TokenFlowLayout(chipSizes: [CGSize(width: 500, height: 20)], width: 100, lineHeight: 20)
    #expect(wide.chipFrames[0].width == 100)
    #expect(TokenFlowLayout(chipSizes: [], width: 100, lineHeight: 20).height == 20)
  }
}
