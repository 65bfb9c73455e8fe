/// One key press (or paste) decoded from the bytes a terminal sends.
///
/// Modifier variants of the navigation keys (for example `ESC [ 1 ; 5 C`, Ctrl-→) decode to the plain
/// key, except Shift-Delete (``shiftDelete``). Ctrl-C arrives as `.control("c")` because raw mode turns off the terminal's signal keys; the app
/// decides what it means.
public enum KeyEvent: Sendable, Equatable, Hashable {
  /// A printable character (one grapheme cluster of one read; never a control character).
  case character(Character)
  /// A bracketed paste, as one string: control characters removed, newlines and tabs turned into spaces.
  case paste(String)
  /// A control key, as its lowercase letter: Ctrl-A is `.control("a")`, Ctrl-C is `.control("c")`.
  /// Ctrl-\ , Ctrl-] , Ctrl-^ and Ctrl-_ use those punctuation characters.
  case control(Character)
  /// Alt (Meta) plus a printable ASCII character, sent as ESC followed by the character.
  case alt(Character)
  /// A function key, F1 to F12.
  case function(Int)
  /// ↑.
  case up
  /// ↓.
  case down
  /// ←.
  case left
  /// →.
  case right
  /// Home (also `ESC [ 1 ~`, `ESC [ 7 ~`, `ESC O H`).
  case home
  /// End (also `ESC [ 4 ~`, `ESC [ 8 ~`, `ESC O F`).
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete, `ESC [ 3 ~`).
  case delete
  /// Shift-Delete (`ESC [ 3 ; 2 ~`): where browsers forget the highlighted entry of their address
  /// bar's list, pickers forget a highlighted recent row; the line editor treats it as Delete.
  case shiftDelete
  /// Backspace (0x7F or 0x08).
  case backspace
  /// Tab.
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  /// Enter (CR or LF; CR LF counts once).
  case enter
  /// A lone Escape key press.
  case escape
  /// A mouse report (only while mouse reporting is on: ``MouseEvent/enableSequence``).
  case mouse(MouseEvent)
}
