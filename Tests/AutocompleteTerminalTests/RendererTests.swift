import AutocompleteTerminal
import TestSupport
import Testing

/// The screen as styled text with cell widths and the cursor, for readable comparisons.
private func describe(_ buffer: ScreenBuffer) -> String {
  let widths = (0..<buffer.rows).map { row in
    (0..<buffer.columns).map { String(buffer[row, $0].width) }.joined()
  }
  let cursor = buffer.cursor.map { "\($0.row),\($0.column)" } ?? "hidden"
  return buffer.styledText + "\n" + widths.joined(separator: "\n") + "\ncursor " + cursor
}

@Suite("Renderer")
struct RendererTests {
  /// A picker frame.
  private func frame(text: String, highlighted: Int, columns: Int = 40, rows: Int = 10) -> ScreenBuffer {
    var buffer = ScreenBuffer(columns: columns, rows: rows)
    let model = PickerViewModel(
      prompt: "City: ", text: text, ghostSuffix: text.isEmpty ? "" : "is",
      rows: [row("Paris", matched: [0, 1], detail: "France"), row("東京 Tokyo", detail: "日本"), row("👍 ok")],
      highlightedRow: highlighted, isOpen: true, status: .count(shown: 3, total: nil))
    PickerView(model: model).render(into: &buffer)
    return buffer
  }

  @Test("the first frame is drawn in full and reproduces the buffer", .offThePool)
  func fullFrame() {
    var renderer = Renderer()
    var terminal = TestTerminalEmulator(columns: 40, rows: 10)
    let first = frame(text: "Pa", highlighted: 0)
    let output = renderer.update(to: first)
    #expect(output.contains("\u{1B}[2J"))
    terminal.apply(output)
    #expect(terminal.unknownSequences.isEmpty)
    #expect(describe(terminal.screen) == describe(first))
  }

  @Test("without colours (NO_COLOR) the frame keeps bold and reverse video but no colour", .offThePool)
  func noColor() {
    let first = frame(text: "Pa", highlighted: 0)
    #expect(first.styledText.contains("[green]"))
    var plain = Renderer(usesColor: false)
    let output = plain.update(to: first)
    #expect(!output.contains(";32m") && !output.contains("[32m"))
    #expect(output.contains(";1") && output.contains(";7"))
    var colored = Renderer()
    #expect(colored.update(to: first).contains(";32m"))
    #expect(!TerminalEventLoop(environment: ["NO_COLOR": "1"]).usesColor)
    #expect(TerminalEventLoop(environment: ["NO_COLOR": ""]).usesColor)
  }

  @Test("changing one character emits only that region", .offThePool)
  func oneCharacter() {
    var renderer = Renderer()
    var terminal = TestTerminalEmulator(columns: 40, rows: 10)
    var first = ScreenBuffer(columns: 40, rows: 10)
    first.write("Hello, world", row: 3, column: 5)
    first.cursor = CursorPosition(row: 3, column: 17)
    terminal.apply(renderer.update(to: first))
    var second = first
    second.write("W", row: 3, column: 12)
    let output = renderer.update(to: second)
    #expect(output == "\u{1B}[?25l\u{1B}[4;13HW\u{1B}[4;18H\u{1B}[?25h")
    terminal.apply(output)
    #expect(describe(terminal.screen) == describe(second))
    #expect(renderer.update(to: second) == "")
  }

  @Test("typing in the picker rewrites a small part of the screen", .offThePool)
  func typingInThePicker() {
    var renderer = Renderer()
    var terminal = TestTerminalEmulator(columns: 40, rows: 10)
    let before = frame(text: "Pa", highlighted: 0)
    let full = renderer.update(to: before)
    terminal.apply(full)
    let after = frame(text: "Par", highlighted: 0)
    let output = renderer.update(to: after)
    #expect(!output.contains("\u{1B}[2J"))
    #expect(output.utf8.count < 60, "\(output.debugDescription)")
    #expect(output.utf8.count * 4 < full.utf8.count)
    terminal.apply(output)
    #expect(terminal.unknownSequences.isEmpty)
    #expect(describe(terminal.screen) == describe(after))
  }

  @Test("moving the highlight and replacing wide characters reproduces every frame", .offThePool)
  func sequenceOfFrames() {
    var renderer = Renderer()
    var terminal = TestTerminalEmulator(columns: 40, rows: 10)
    let frames = [
      frame(text: "", highlighted: 0), frame(text: "P", highlighted: 1), frame(text: "Pa", highlighted: 2),
      frame(text: "東京", highlighted: 0), frame(text: "x", highlighted: 1), frame(text: "", highlighted: 0),
    ]
    for (index, next) in frames.enumerated() {
      terminal.apply(renderer.update(to: next))
      #expect(describe(terminal.screen) == describe(next), "frame \(index)")
    }
    // A wide character overwritten by narrow ones, and the other way round.
    var wide = ScreenBuffer(columns: 10, rows: 1)
    wide.write("東京abc", row: 0, column: 0)
    var narrow = ScreenBuffer(columns: 10, rows: 1)
    narrow.write("a東bc", row: 0, column: 0)
    var small = TestTerminalEmulator(columns: 10, rows: 1)
    var smallRenderer = Renderer()
    for next in [wide, narrow, wide] {
      small.apply(smallRenderer.update(to: next))
      #expect(small.screen.plainText == next.plainText)
      #expect(describe(small.screen) == describe(next))
    }
  }

  @Test("a resize (or invalidate) redraws everything", .offThePool)
  func resize() {
    var renderer = Renderer()
    _ = renderer.update(to: frame(text: "Pa", highlighted: 0))
    let bigger = frame(text: "Pa", highlighted: 0, columns: 50, rows: 12)
    let output = renderer.update(to: bigger)
    #expect(output.contains("\u{1B}[2J"))
    var terminal = TestTerminalEmulator(columns: 50, rows: 12)
    terminal.apply(output)
    #expect(describe(terminal.screen) == describe(bigger))
    renderer.invalidate()
    #expect(renderer.update(to: bigger).contains("\u{1B}[2J"))
  }

  @Test("a hidden cursor stays hidden; styles are reset at the end", .offThePool)
  func cursorAndStyles() {
    var renderer = Renderer()
    var buffer = ScreenBuffer(columns: 10, rows: 2)
    buffer.write("hi", row: 0, column: 0, style: CellStyle(bold: true, reverse: true))
    let output = renderer.update(to: buffer)
    #expect(!output.contains("\u{1B}[?25h"))
    #expect(output.hasSuffix("\u{1B}[0m"))
    #expect(output.contains("\u{1B}[0;1;7mhi"))
  }

  @Test("renders into any TextOutputStream", .offThePool)
  func outputStream() {
    var renderer = Renderer()
    var buffer = ScreenBuffer(columns: 5, rows: 1)
    buffer.write("abc", row: 0, column: 0)
    var output = ""
    renderer.render(buffer, to: &output)
    var terminal = TestTerminalEmulator(columns: 5, rows: 1)
    terminal.apply(output)
    #expect(terminal.screen.plainText == "abc")
  }

  @Test("relative positioning draws an inline region below existing lines and erases it", .offThePool)
  func relativeRegion() {
    var terminal = TestTerminalEmulator(columns: 40, rows: 12)
    terminal.apply("$ first command\r\n$ autocomplete\r\n")
    let top = terminal.row
    #expect(top == 2)
    var renderer = Renderer(positioning: .relative)
    let frames = [
      frame(text: "", highlighted: 0, rows: 6), frame(text: "P", highlighted: 1, rows: 6),
      frame(text: "東京", highlighted: 2, rows: 6), frame(text: "x", highlighted: 0, rows: 6),
    ]
    for (index, next) in frames.enumerated() {
      let output = renderer.update(to: next)
      #expect(!output.contains("H"), "no absolute moves")
      terminal.apply(output)
      #expect(terminal.unknownSequences.isEmpty)
      for line in 0..<6 {
        #expect(
          terminal.screen.styledLine(top + line) == next.styledLine(line), "frame \(index) line \(line)")
      }
      #expect(terminal.screen.plainLine(0) == "$ first command")
      let caret = try! #require(next.cursor)
      #expect(terminal.screen.cursor == CursorPosition(row: top + caret.row, column: caret.column))
    }
    terminal.apply(renderer.clearRegion())
    #expect(
      terminal.screen.plainText == "$ first command\n$ autocomplete" + String(repeating: "\n", count: 10))
    #expect(terminal.row == top && terminal.column == 0)
  }
}
