import TestSupport
import Testing

@testable import autocomplete

/// `--preview-window` in fzf's syntax, and how it splits the screen.
@Suite("preview window")
struct PreviewWindowTests {
  @Test(.offThePool) func parsesFzfSpellings() throws {
    let window = try PreviewWindow.parse("down:10,wrap,+3").get()
    #expect(window.position == .down && window.size == .cells(10) && window.wraps && window.scrollOffset == 3)
    let other = try PreviewWindow.parse("up,40%,hidden,border-none").get()
    #expect(other.position == .up && other.size == .percent(40) && other.isHidden && !other.hasBorder)
    #expect(try PreviewWindow.parse("").get() == PreviewWindow())
    #expect(try PreviewWindow.parse("left,hidden,default").get() == PreviewWindow())
  }

  @Test(.offThePool) func namesWhatItDoesNotUnderstand() {
    #expect(PreviewWindow.parse("right,sideways") == .failure(PreviewWindowError(option: "sideways")))
    #expect(PreviewWindow.parse("120%") == .failure(PreviewWindowError(option: "120%")))
    #expect(PreviewWindowError(option: "x").description.contains("'x' is not understood"))
  }

  @Test(.offThePool) func splitsTheScreen() throws {
    let right = PreviewSplit(window: PreviewWindow(), columns: 80, rows: 24)
    #expect(right.list.columns == 0..<40 && right.pane.columns == 41..<80 && right.pane.rows == 0..<24)
    let down = PreviewSplit(window: try PreviewWindow.parse("down,5").get(), columns: 80, rows: 24)
    #expect(down.list.rows == 0..<19 && down.pane.rows == 20..<24 && down.separator?.index == 19)
    let up = PreviewSplit(window: try PreviewWindow.parse("up,50%,noborder").get(), columns: 80, rows: 10)
    #expect(up.pane.rows == 0..<5 && up.list.rows == 5..<10 && up.separator == nil)
    // The list keeps 10 columns whatever the size asked.
    let left = PreviewSplit(window: try PreviewWindow.parse("left,100%").get(), columns: 30, rows: 5)
    #expect(left.list.columns == 20..<30 && left.pane.columns == 0..<19)
  }
}
