/// One of the eight basic ANSI terminal colours (SGR 30–37), used as a foreground colour.
public enum TerminalColor: UInt8, Sendable, Hashable, CaseIterable {
  /// Black (SGR 30).
  case black = 0
  /// Red (SGR 31).
  case red
  /// Green (SGR 32).
  case green
  /// Yellow (SGR 33).
  case yellow
  /// Blue (SGR 34).
  case blue
  /// Magenta (SGR 35).
  case magenta
  /// Cyan (SGR 36).
  case cyan
  /// White (SGR 37).
  case white

  /// The lowercase name used in styled dumps, for example `red`.
  public var name: String {
    switch self {
    case .black: "black"
    case .red: "red"
    case .green: "green"
    case .yellow: "yellow"
    case .blue: "blue"
    case .magenta: "magenta"
    case .cyan: "cyan"
    case .white: "white"
    }
  }
}
