/// How a screen cell is drawn: SGR attributes and an optional foreground colour.
public struct CellStyle: Sendable, Hashable {
  /// Bold (SGR 1); used for matched characters.
  public var bold: Bool
  /// Dim (SGR 2); used for ghost text, hints and status.
  public var dim: Bool
  /// Underline (SGR 4).
  public var underline: Bool
  /// Reverse video (SGR 7); used for the highlighted row.
  public var reverse: Bool
  /// The foreground colour, or `nil` for the terminal's default.
  public var foreground: TerminalColor?

  /// Creates a style; the default is the terminal's plain text.
  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    foreground: TerminalColor? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.foreground = foreground
  }

  /// The terminal's plain text style.
  public static let plain = CellStyle()

  /// This style with `other`'s attributes added (and its colour, when it has one).
  public func merging(_ other: CellStyle) -> CellStyle {
    CellStyle(
      bold: bold || other.bold, dim: dim || other.dim, underline: underline || other.underline,
      reverse: reverse || other.reverse, foreground: other.foreground ?? foreground)
  }

  /// The SGR sequence that switches a terminal from any state to this style, for example `ESC[0;1;7m`.
  public var selectGraphicRendition: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if reverse { codes.append("7") }
    if let foreground { codes.append(String(30 + Int(foreground.rawValue))) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
