import AutocompleteTerminal
import TestSupport
import Testing

@testable import autocomplete

/// A preview command's output made safe to draw: colours kept, every other escape dropped, control
/// characters shown.
@Suite("preview output")
struct PreviewTextTests {
  func text(_ string: String) -> PreviewText { PreviewText(Array(string.utf8)) }

  @Test(.offThePool) func coloursBecomeStyles() {
    let lines = text("a\u{1B}[1;31mred\u{1B}[0m b\n\u{1B}[38;5;2mgreen\u{1B}[39m").lines
    #expect(lines.count == 2)
    #expect(lines[0].map(\.text) == ["a", "red", " b"])
    #expect(lines[0][1].style == CellStyle(bold: true, foreground: .red))
    #expect(lines[0][2].style == .plain)
    #expect(lines[1][0].style.foreground == .green)
  }

  @Test(.offThePool) func otherEscapesAreDroppedAndControlsShown() {
    let hostile =
      "\u{1B}]52;c;ZXZpbA==\u{7}\u{1B}[2J\u{1B}[H\u{1B}]0;title\u{1B}\\ok\u{7}\u{9B}x\u{202E}y\r\n"
    #expect(text(hostile).plainLines == [#"ok\u{7}\u{9B}x\u{202E}y"#])
  }

  @Test(.offThePool) func tabsAndInvalidBytes() {
    #expect(text("a\tb\n\tc").plainLines == ["a       b", "        c"])
    #expect(PreviewText([0x61, 0xFF, 0x62]).plainLines == ["a\u{FFFD}b"])
  }

  @Test(.offThePool) func wrapsByDisplayWidth() {
    let line = [PreviewText.Run(text: "ab漢字cd", style: .plain)]
    let wrapped = PreviewPane.wrapped(line, width: 4).map { $0.map(\.text).joined() }
    #expect(wrapped == ["ab漢", "字cd"])
  }
}
