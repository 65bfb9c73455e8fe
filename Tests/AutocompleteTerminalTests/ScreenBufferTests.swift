import AutocompleteTerminal
import TestSupport
import Testing

@Suite("ScreenBuffer")
struct ScreenBufferTests {
  @Test("wide characters take two cells; overwriting half of one blanks the other half", .offThePool)
  func wideCharacters() {
    var buffer = ScreenBuffer(columns: 6, rows: 1)
    #expect(buffer.write("東京", row: 0, column: 0) == 4)
    #expect(buffer[0, 1].isContinuation)
    buffer.write("x", row: 0, column: 1)
    #expect(buffer.plainText == " x京")
    buffer.write("y", row: 0, column: 2)
    #expect(buffer.plainText == " xy")
    #expect(!buffer[0, 3].isContinuation)
  }

  @Test("a wide character that does not fit at the edge is replaced by a blank", .offThePool)
  func wideAtEdge() {
    var buffer = ScreenBuffer(columns: 3, rows: 1)
    #expect(buffer.write("ab東", row: 0, column: 0) == 3)
    #expect(buffer.plainText == "ab")
  }

  @Test("control characters show as U+FFFD, zero-width clusters are skipped, writes are clipped", .offThePool)
  func badInput() {
    var buffer = ScreenBuffer(columns: 4, rows: 2)
    buffer.write("\u{0}\u{301}a\u{1B}bcdef", row: 0, column: 0)
    #expect(buffer.plainText == "\u{FFFD}a\u{FFFD}b\n")
    buffer.write("zz", row: 5, column: -3)
    buffer.write("zz", row: 1, column: -1)
    #expect(buffer.plainLine(1) == "z")
    #expect(ScreenBuffer(columns: -1, rows: -1).plainText == "")
  }

  @Test("styled text marks attribute changes", .offThePool)
  func styledText() {
    var buffer = ScreenBuffer(columns: 12, rows: 1)
    let reverse = CellStyle(reverse: true)
    buffer.fill(row: 0, columns: 0..<8, style: reverse)
    buffer.write("Par", row: 0, column: 0, style: reverse.merging(CellStyle(bold: true)))
    buffer.write("is", row: 0, column: 3, style: reverse)
    buffer.write("!", row: 0, column: 9, style: CellStyle(foreground: .red))
    #expect(buffer.styledText == "[b][r]Par[/b]is   [/r] [red]![/red]")
  }
}
