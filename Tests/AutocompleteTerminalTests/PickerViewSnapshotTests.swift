import AutocompleteTerminal
import SnapshotTesting
import TestSupport
import Testing

/// A row whose highlighted characters are given by Character offsets into the title.
func row(
  _ title: String, matched offsets: [Int] = [], detail: String? = nil, isAction: Bool = false
) -> PickerViewModel.Row {
  let highlights = offsets.compactMap { offset -> Range<String.Index>? in
    guard offset >= 0, offset < title.count else { return nil }
    let start = title.index(title.startIndex, offsetBy: offset)
    return start..<title.index(after: start)
  }
  return PickerViewModel.Row(title: title, highlights: highlights, detail: detail, isAction: isAction)
}

/// Renders a model and returns the styled screen, the frame description, and the buffer.
func renderPicker(
  _ model: PickerViewModel, columns: Int = 40, rows: Int = 12, layout: PickerLayout = PickerLayout()
) -> (text: String, frame: PickerFrame, buffer: ScreenBuffer) {
  var buffer = ScreenBuffer(columns: columns, rows: rows)
  let frame = PickerView(model: model, layout: layout).render(into: &buffer)
  let cursor = buffer.cursor.map { "\($0.row),\($0.column)" } ?? "hidden"
  let text =
    buffer.styledText + "\n" + String(repeating: "-", count: columns) + "\n"
    + "cursor \(cursor) · rows \(frame.visibleRows) · first \(frame.firstVisibleRow)"
    + " · placement \(frame.placement.map { "\($0)" } ?? "none")"
  return (text, frame, buffer)
}

/// Twenty city rows.
let twentyCities = [
  "Paris", "Parma", "Pardubice", "Parla", "Paraná", "Paramaribo", "Parnamirim", "Parepare",
  "Paranaguá", "Parintins", "Parral", "Parkent", "Parelhas", "Parsabad", "Parbhani", "Parral",
  "Parola", "Paracatu", "Paraíso", "Parnaíba",
].map { row($0, matched: [0, 1, 2]) }

@Suite("Picker rendering")
struct PickerViewSnapshotTests {
  @Test("dropdown with highlights, details and the highlighted row", .offThePool)
  func dropdownWithHighlights() {
    let model = PickerViewModel(
      title: "Pick a city", header: "Type to filter", prompt: "City: ", text: "par",
      rows: [
        row("Paris", matched: [0, 1, 2], detail: "France"),
        row("Parma", matched: [0, 1, 2], detail: "Italy"),
        row("Sopar", matched: [2, 3, 4], detail: "Somewhere"),
      ], highlightedRow: 1, isOpen: true, status: .count(shown: 3, total: 3),
      footer: "↑↓ move · Enter pick · Tab accept · Esc close")
    let result = renderPicker(model)
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.buffer.cursor == CursorPosition(row: 2, column: 9))
    #expect(result.buffer[4, 0].style.reverse)
    #expect(result.buffer[4, 2].style.bold)
    #expect(!result.buffer[3, 5].style.bold)
    #expect(result.buffer.plainLine(4) == "› Parma                           Italy")
  }

  @Test("scrolling: 20 rows in a 10-line window with the highlight at the end", .offThePool)
  func scrollingToTheEnd() {
    let model = PickerViewModel(
      text: "par", rows: twentyCities, highlightedRow: 19, isOpen: true,
      status: .count(shown: 20, total: 20))
    let result = renderPicker(model, columns: 30, rows: 12)
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.frame.visibleRows == 11..<20)
    #expect(result.buffer.plainLine(1) == "  ↑ 11 more")
    #expect(result.buffer.plainLine(10) == "› Parnaíba")
  }

  @Test("scrolling: in the middle, both indicators, and the window follows the hint", .offThePool)
  func scrollingMiddle() {
    var model = PickerViewModel(
      text: "par", rows: twentyCities, highlightedRow: 10, isOpen: true, firstVisibleRow: 0)
    let first = renderPicker(model, columns: 30, rows: 11)
    assertSnapshot(of: first.text, as: .lines)
    #expect(first.frame.visibleRows.contains(10))
    #expect(first.buffer.plainLine(1).hasPrefix("  ↑"))
    #expect(first.buffer.plainLine(10).hasPrefix("  ↓"))
    // Moving up one row keeps the window where it was.
    model.firstVisibleRow = first.frame.firstVisibleRow
    model.highlightedRow = 9
    let second = renderPicker(model, columns: 30, rows: 11)
    #expect(second.frame.firstVisibleRow == first.frame.firstVisibleRow)
    // Moving to the top scrolls back to the start without an "↑" line.
    model.highlightedRow = 0
    let third = renderPicker(model, columns: 30, rows: 11)
    #expect(third.frame.visibleRows.lowerBound == 0)
    #expect(third.buffer.plainLine(1) == "› Paris")
  }

  @Test("ghost text after the caret, dropdown closed (inline field)", .offThePool)
  func ghostText() {
    let model = PickerViewModel(prompt: "City: ", text: "Par", ghostSuffix: "is")
    let result = renderPicker(model, columns: 30, rows: 3)
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.buffer.styledLine(0) == "[b]City: [/b]Par[d]is[/d]")
    #expect(result.buffer.cursor == CursorPosition(row: 0, column: 9))
  }

  @Test("action row", .offThePool)
  func actionRow() {
    let model = PickerViewModel(
      text: "Xyzzy", rows: [row("Add “Xyzzy”…", isAction: true)], highlightedRow: 0, isOpen: true,
      status: .noResults)
    let result = renderPicker(model, columns: 30, rows: 4)
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.buffer.plainLine(1) == "› + Add “Xyzzy”…")
  }

  @Test(
    "each status",
    .offThePool,
    arguments: [
      ("none", PickerViewModel.Status.none), ("loading", .loading(frame: 3)), ("stalled", .stalled),
      ("noResults", .noResults), ("failed", .failed("Network down\nretrying")),
      ("count", .count(shown: 2, total: 120)), ("countUnknownTotal", .count(shown: 1, total: nil)),
    ])
  func statuses(name: String, status: PickerViewModel.Status) {
    let model = PickerViewModel(
      text: "pa", rows: [row("Paris", matched: [0, 1])], highlightedRow: nil, isOpen: true, status: status)
    let result = renderPicker(model, columns: 40, rows: 4)
    assertSnapshot(of: result.text, as: .lines, named: name)
    #expect(result.buffer.plainLine(3) == "")
  }

  @Test("dropdown opens above when the input is at the bottom", .offThePool)
  func dropdownAbove() {
    let model = PickerViewModel(
      title: "Pick", prompt: "> ", text: "par", rows: Array(twentyCities.prefix(4)), highlightedRow: 0,
      isOpen: true, status: .count(shown: 4, total: 20))
    let result = renderPicker(model, columns: 30, rows: 10, layout: PickerLayout(anchorRow: 9))
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.frame.placement == .above)
    #expect(result.buffer.plainLine(9) == "> par")
    #expect(result.buffer.plainLine(8) == "  Parla")
    #expect(result.buffer.plainLine(3) == "Pick")
  }

  @Test("CJK and emoji rows keep their widths", .offThePool)
  func wideRows() {
    let model = PickerViewModel(
      text: "東",
      rows: [
        row("東京", matched: [0], detail: "日本"), row("👍 Thumbs", detail: "emoji"),
        row("👨‍👩‍👧 Family"), row("🇫🇷 France", matched: [3]),
      ], highlightedRow: 0, isOpen: true)
    let result = renderPicker(model, columns: 24, rows: 6)
    assertSnapshot(of: result.text, as: .lines)
    #expect(result.buffer[1, 2].content == "東" && result.buffer[1, 3].isContinuation)
    #expect(result.buffer.plainLine(1) == "› 東京" + String(repeating: " ", count: 13) + "日本")
    #expect(result.buffer.cursor == CursorPosition(row: 0, column: 4))
  }

  @Test("long titles and details are cut with an ellipsis by display width", .offThePool)
  func truncation() {
    let model = PickerViewModel(
      text: "san",
      rows: [
        row("San Francisco de Campeche del Norte", matched: [0, 1, 2], detail: "Mexico"),
        row("東京都東京都東京都東京都東京都", matched: [0]),
        row("Santa", detail: "A very long detail that cannot fit"),
      ], highlightedRow: 2, isOpen: true)
    let result = renderPicker(model, columns: 30, rows: 5)
    assertSnapshot(of: result.text, as: .lines)
    for line in 1...3 { #expect(result.buffer.plainLine(line).displayWidth <= 29) }
  }

  @Test("a narrow 20-column screen", .offThePool)
  func narrowScreen() {
    let model = PickerViewModel(
      prompt: "City: ", text: "saint", ghostSuffix: "-Denis",
      rows: [row("Saint-Denis", matched: [0, 1, 2, 3, 4], detail: "Réunion"), row("Saint-Étienne")],
      highlightedRow: 0, isOpen: true, status: .count(shown: 2, total: 57), footer: "Enter pick · Esc close")
    let result = renderPicker(model, columns: 20, rows: 6)
    assertSnapshot(of: result.text, as: .lines)
    for line in 0..<6 { #expect(result.buffer.plainLine(line).displayWidth <= 20) }
  }

  @Test("the caret far right scrolls the input horizontally", .offThePool)
  func horizontalScroll() {
    let text = "The quick brown fox jumps over the lazy dog 東京"
    let atEnd = renderPicker(PickerViewModel(prompt: "> ", text: text), columns: 20, rows: 1)
    assertSnapshot(of: atEnd.text, as: .lines, named: "end")
    #expect(atEnd.buffer.plainLine(0) == "> …he lazy dog 東京")
    #expect(atEnd.buffer.cursor == CursorPosition(row: 0, column: 19))
    let atStart = renderPicker(PickerViewModel(prompt: "> ", text: text, caret: 0), columns: 20, rows: 1)
    assertSnapshot(of: atStart.text, as: .lines, named: "start")
    #expect(atStart.buffer.plainLine(0) == "> The quick brown f…")
    #expect(atStart.buffer.cursor == CursorPosition(row: 0, column: 2))
    for caret in 0...text.count {
      let result = renderPicker(PickerViewModel(prompt: "> ", text: text, caret: caret), columns: 20, rows: 1)
      let cursor = try! #require(result.buffer.cursor)
      #expect((2..<20).contains(cursor.column), "caret \(caret)")
      // The character right after the caret is drawn at the cursor.
      if caret < text.count {
        let character = text[text.index(text.startIndex, offsetBy: caret)]
        #expect(result.buffer[0, cursor.column].content == String(character), "caret \(caret)")
      }
    }
  }

  @Test("multi-line message composer wraps and keeps the caret visible", .offThePool)
  func multiLine() {
    let text = "Hello team,\nthe build is green again after the fix to the 東京 cache. 👍"
    let model = PickerViewModel(
      prompt: "✎ ", text: text, rows: [row("@alice"), row("@albert")], highlightedRow: 0, isOpen: true,
      inputStyle: .multiLine(maximumLines: 3))
    let result = renderPicker(model, columns: 24, rows: 8)
    assertSnapshot(of: result.text, as: .lines)
    let cursor = try! #require(result.buffer.cursor)
    #expect(cursor.row == 2)
    let first = renderPicker(
      PickerViewModel(prompt: "✎ ", text: text, caret: 0, inputStyle: .multiLine(maximumLines: 3)),
      columns: 24, rows: 4)
    #expect(first.buffer.cursor == CursorPosition(row: 0, column: 2))
    #expect(first.buffer.plainLine(0) == "✎ Hello team,")
  }

  @Test("bad input: empty, control characters, combining marks, RTL, tiny screens", .offThePool)
  func badInput() {
    let model = PickerViewModel(
      prompt: "", text: "a\u{0}b\u{1B}c\u{301}",
      rows: [row("\u{301}שלום\tעולם", matched: [0, 99]), row("")],
      highlightedRow: 99, isOpen: true, status: .failed(""))
    let result = renderPicker(model, columns: 20, rows: 5)
    assertSnapshot(of: result.text, as: .lines)
    for columns in 0...4 {
      for rows in 0...3 {
        var buffer = ScreenBuffer(columns: columns, rows: rows)
        PickerView(model: model).render(into: &buffer)
        if let cursor = buffer.cursor { #expect(buffer.contains(row: cursor.row, column: cursor.column)) }
      }
    }
  }
}
