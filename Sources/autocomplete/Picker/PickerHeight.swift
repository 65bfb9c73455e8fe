import ArgumentParser
import AutocompleteTerminal

/// `pick --height`: a number of lines (`15`) or a percentage of the terminal's rows (`40%`), as fzf
/// takes it.
enum PickerHeight: Equatable, ExpressibleByArgument {
  /// At most this many lines.
  case lines(Int)
  /// This percentage of the window's rows.
  case percent(Int)

  init?(argument: String) {
    if argument.hasSuffix("%") {
      guard let percent = Int(argument.dropLast()), (1...100).contains(percent) else { return nil }
      self = .percent(percent)
    } else {
      guard let lines = Int(argument), lines >= 3 else { return nil }
      self = .lines(lines)
    }
  }

  /// The terminal screen mode drawing at this height.
  var mode: TerminalScreen.Mode {
    switch self {
    case .lines(let lines): .inline(maximumHeight: lines)
    case .percent(let percent): .inlinePercent(percent)
    }
  }
}
