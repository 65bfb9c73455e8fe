import AutocompleteCore
import AutocompleteTerminal

/// The output of a preview command made safe to draw: split into lines, its colours and text
/// attributes (SGR: bold, dim, underline, reverse, the eight colours and their bright and 256-colour
/// spellings of them) kept as cell styles, every other escape sequence (cursor moves, screen clears,
/// window titles, OSC 52 clipboard writes…) dropped, and the remaining control characters shown as
/// visible escapes (``PrintableText``). Nothing of the output reaches the terminal as it came: it is
/// drawn cell by cell. Tabs become spaces to the next multiple of 8 columns; a carriage return
/// before a line break is dropped.
struct PreviewText: Equatable, Sendable {
  /// A run of text in one style.
  struct Run: Equatable, Sendable {
    /// The text (no control characters).
    var text: String
    /// Its style.
    var style: CellStyle
  }

  /// The lines, each a list of runs.
  private(set) var lines: [[Run]] = []

  /// Parses `bytes` (invalid UTF-8 shown as U+FFFD).
  init(_ bytes: some Collection<UInt8>) {
    var parser = Parser()
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { parser.consume(scalar) }
    lines = parser.finish()
  }

  /// The lines as plain text (for tests).
  var plainLines: [String] { lines.map { $0.map(\.text).joined() } }

  /// The escape-sequence state machine.
  private struct Parser {
    enum State { case text, escape, csi, osc, oscEscape }
    var state = State.text
    var parameters = ""
    var style = CellStyle.plain
    var lines: [[Run]] = []
    var runs: [Run] = []
    var pending = ""
    var column = 0

    mutating func consume(_ scalar: Unicode.Scalar) {
      switch state {
      case .text: text(scalar)
      case .escape:
        switch scalar {
        case "[": (state, parameters) = (.csi, "")
        case "]": state = .osc
        default: state = .text  // a two-byte sequence (ESC 7, ESC c…): dropped
        }
      case .csi:
        if (0x40...0x7E).contains(scalar.value) {
          if scalar == "m" { applySGR() }
          state = .text
        } else {
          parameters.unicodeScalars.append(scalar)
          if parameters.utf8.count > 64 { state = .text }  // not a sequence worth finishing
        }
      case .osc:
        if scalar == "\u{7}" { state = .text } else if scalar == "\u{1B}" { state = .oscEscape }
      case .oscEscape:
        state = scalar == "\\" ? .text : .osc
      }
    }

    mutating func text(_ scalar: Unicode.Scalar) {
      switch scalar {
      case "\u{1B}": state = .escape
      case "\n": endLine()
      case "\r": break
      case "\t":
        let spaces = 8 - column % 8
        pending += String(repeating: " ", count: spaces)
        column += spaces
      case " "..."~":
        pending.unicodeScalars.append(scalar)
        column += 1
      default:
        let shown = PrintableText.escaping(String(scalar))
        pending += shown
        column += shown.count == 1 ? DisplayWidth.of(Character(scalar)) : shown.count
      }
    }

    mutating func flush() {
      if !pending.isEmpty { runs.append(Run(text: pending, style: style)) }
      pending = ""
    }

    mutating func endLine() {
      flush()
      lines.append(runs)
      runs = []
      column = 0
    }

    mutating func finish() -> [[Run]] {
      flush()
      if !runs.isEmpty { lines.append(runs) }
      return lines
    }

    mutating func applySGR() {
      flush()
      var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
      if codes.isEmpty { codes = [0] }
      var index = 0
      while index < codes.count {
        let code = codes[index]
        switch code {
        case 0: style = .plain
        case 1: style.bold = true
        case 2: style.dim = true
        case 4: style.underline = true
        case 7: style.reverse = true
        case 22: (style.bold, style.dim) = (false, false)
        case 24: style.underline = false
        case 27: style.reverse = false
        case 30...37: style.foreground = TerminalColor(rawValue: UInt8(code - 30))
        case 90...97: style.foreground = TerminalColor(rawValue: UInt8(code - 90))
        case 39: style.foreground = nil
        case 38, 48:
          // 38;5;N (256 colours: the first 16 map to the eight) or 38;2;R;G;B (dropped).
          if index + 2 < codes.count, codes[index + 1] == 5 {
            if code == 38 {
              let colour = codes[index + 2]
              style.foreground = colour < 16 ? TerminalColor(rawValue: UInt8(colour % 8)) : nil
            }
            index += 2
          } else if index + 1 < codes.count, codes[index + 1] == 2 {
            index += 4
          }
        default: break  // backgrounds, italics, blinking: not drawn
        }
        index += 1
      }
    }
  }
}
