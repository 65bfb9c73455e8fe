import AutocompleteTerminal

/// A tiny terminal emulator for tests: understands the output of ``Renderer`` (cursor moves `CSI r;c H`,
/// `CSI n A/B/C`, CR, LF with scrolling, clears `CSI 2 J`, `CSI 2 K`, `CSI J`, SGR `CSI … m`, cursor
/// show/hide `CSI ? 25 h/l`) and keeps a ``ScreenBuffer``.
/// Anything else is recorded in ``unknownSequences`` so tests can fail on it.
struct TestTerminalEmulator {
  /// The emulated screen (styles and cursor included).
  var screen: ScreenBuffer
  /// Whether the cursor is shown.
  var isCursorVisible = true
  /// Escape sequences the emulator does not understand.
  var unknownSequences: [String] = []
  /// The cursor row while writing.
  var row = 0
  /// The cursor column while writing.
  var column = 0
  /// The current style.
  private var style = CellStyle.plain

  /// Creates an emulator with a blank screen.
  init(columns: Int, rows: Int) {
    screen = ScreenBuffer(columns: columns, rows: rows)
  }

  /// Applies terminal output.
  mutating func apply(_ output: String) {
    var scalars = Array(output.unicodeScalars)[...]
    var text = ""
    func flush() {
      if !text.isEmpty { column = screen.write(text, row: row, column: column, style: style) }
      text = ""
    }
    while let scalar = scalars.popFirst() {
      if scalar == "\r" || scalar == "\n" {
        flush()
        if scalar == "\r" { column = 0 } else if row + 1 < screen.rows { row += 1 } else { scrollUp() }
        continue
      }
      guard scalar == "\u{1B}" else {
        text.unicodeScalars.append(scalar)
        continue
      }
      flush()
      guard scalars.popFirst() == "[" else {
        unknownSequences.append("ESC")
        continue
      }
      var body = ""
      var final: Unicode.Scalar = "?"
      while let next = scalars.popFirst() {
        if (0x40...0x7E).contains(next.value) {
          final = next
          break
        }
        body.unicodeScalars.append(next)
      }
      switch (body, final) {
      case ("2", "J"): screen.clear()
      case ("", "H"):
        row = 0
        column = 0
      case (_, "H"):
        let parts = body.split(separator: ";").map { Int($0) ?? 1 }
        row = (parts.first ?? 1) - 1
        column = (parts.count > 1 ? parts[1] : 1) - 1
      case (_, "m"):
        style = .plain
        for code in body.split(separator: ";") {
          switch code {
          case "0": style = .plain
          case "1": style.bold = true
          case "2": style.dim = true
          case "4": style.underline = true
          case "7": style.reverse = true
          default:
            if let value = Int(code), (30...37).contains(value) {
              style.foreground = TerminalColor(rawValue: UInt8(value - 30))
            } else {
              unknownSequences.append("SGR \(code)")
            }
          }
        }
      case (_, "A"): row = max(0, row - (Int(body) ?? 1))
      case (_, "B"): row = min(screen.rows - 1, row + (Int(body) ?? 1))
      case (_, "C"): column = min(screen.columns - 1, column + (Int(body) ?? 1))
      case ("2", "K"): screen.fill(row: row, columns: 0..<screen.columns)
      case ("", "J"):
        screen.fill(row: row, columns: column..<screen.columns)
        for below in (row + 1)..<max(row + 1, screen.rows) {
          screen.fill(row: below, columns: 0..<screen.columns)
        }
      case ("?25", "l"): isCursorVisible = false
      case ("?25", "h"): isCursorVisible = true
      default: unknownSequences.append("CSI \(body)\(final)")
      }
    }
    flush()
    screen.cursor = isCursorVisible ? CursorPosition(row: row, column: column) : nil
  }

  /// Moves every line up by one, blanking the last (a line feed on the last row).
  private mutating func scrollUp() {
    var scrolled = ScreenBuffer(columns: screen.columns, rows: screen.rows)
    for line in 1..<max(1, screen.rows) {
      for cellColumn in 0..<screen.columns {
        let cell = screen[line, cellColumn]
        if !cell.isContinuation {
          scrolled.write(cell.content, row: line - 1, column: cellColumn, style: cell.style)
        }
      }
    }
    screen = scrolled
  }
}
