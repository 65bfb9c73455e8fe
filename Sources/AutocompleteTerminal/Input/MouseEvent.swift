/// A mouse report of a terminal in SGR mode (`ESC [ < b ; x ; y M` or `m`), which the picker turns
/// on while it runs (fzf-style: a click picks a row, the wheel moves through the list).
public struct MouseEvent: Sendable, Hashable {
  /// What the mouse did.
  public enum Action: Sendable, Hashable {
    /// A button went down: 0 left, 1 middle, 2 right.
    case press(button: Int)
    /// A button came up.
    case release(button: Int)
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// The pointer moved (with a button held, or any motion when the terminal reports it).
    case move
  }

  /// What the mouse did.
  public var action: Action
  /// The screen row, from 0.
  public var row: Int
  /// The screen column, from 0.
  public var column: Int

  /// Creates a mouse event.
  public init(action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }

  /// Decodes the parameters of an SGR report (`<b;x;y`, 1-based x and y) with its final byte
  /// (`M` press or motion, `m` release); `nil` when they are not one.
  public init?(sgrParameters text: String, final: Character) {
    guard text.hasPrefix("<"), final == "M" || final == "m" else { return nil }
    let fields = text.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    guard fields.count == 3, let code = fields[0], let x = fields[1], let y = fields[2], x >= 1, y >= 1
    else { return nil }
    let button = code & 0b11
    if code & 64 != 0 {
      guard button <= 1 else { return nil }  // horizontal wheels are not used
      action = button == 0 ? .wheelUp : .wheelDown
    } else if code & 32 != 0 {
      action = .move
    } else if final == "m" {
      action = .release(button: button)
    } else {
      action = .press(button: button)
    }
    row = y - 1
    column = x - 1
  }

  /// Turns SGR mouse reports on (button presses, releases and the wheel).
  public static let enableSequence = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Turns them off again.
  public static let disableSequence = "\u{1B}[?1006l\u{1B}[?1000l"
}
