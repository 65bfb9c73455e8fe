import ArgumentParser
import AutocompleteTerminal

/// `pick --height`: a number of lines (`20`) or, as in fzf, a share of the terminal's height
/// (`40%`), never fewer than 3 lines.
enum PickerHeight: Equatable, Sendable, ExpressibleByArgument {
  /// At most this many lines.
  case lines(Int)
  /// At most this percentage of the terminal's rows.
  case percent(Int)

  init?(argument: String) {
    if argument.hasSuffix("%") {
      guard let value = Int(argument.dropLast()), (1...100).contains(value) else { return nil }
      self = .percent(value)
    } else {
      guard let value = Int(argument), value >= 3 else { return nil }
      self = .lines(value)
    }
  }

  /// The lines for a terminal of `terminalRows` rows (`nil`: unknown, then 40% is taken of 24 rows).
  func lines(terminalRows: Int?) -> Int {
    switch self {
    case .lines(let lines): return lines
    case .percent(let percent): return max(3, (terminalRows ?? 24) * percent / 100)
    }
  }

  /// The picker's screen mode: inline under the cursor, `height` lines at most.
  static func mode(for height: PickerHeight?) -> TerminalScreen.Mode {
    guard let height else { return .fullScreen }
    let rows = (try? TerminalDevice.open())?.size()?.rows
    return .inline(maximumHeight: height.lines(terminalRows: rows))
  }
}
