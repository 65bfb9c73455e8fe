import AutocompleteTerminal

/// fzf's key names (`--bind`, `--expect`) as the keys the terminal decodes (``KeyEvent``):
/// `ctrl-a`…`ctrl-z`, `ctrl-\`, `ctrl-]`, `ctrl-^`, `ctrl-_` (`ctrl-/`), `alt-` and a printable
/// character, `f1`…`f12`, `enter` (`return`, `ctrl-m`, `ctrl-j`), `tab` (`ctrl-i`), `btab`
/// (`shift-tab`), `bspace` (`bs`, `backspace`, `ctrl-h`), `del` (`delete`), `shift-delete`, `esc`,
/// `space`, `up`, `down`, `left`, `right`, `home`, `end`, `insert`, `pgup` (`page-up`), `pgdn`
/// (`page-down`), and any single printable character. fzf's events (`change`, `start`, `load`…)
/// and the keys the terminal here does not tell apart (`shift-up`, `ctrl-alt-a`, mouse buttons) are
/// refused by name.
enum FzfKey {
  /// Why a key name is refused.
  struct Refusal: Error, Equatable, CustomStringConvertible {
    /// The name as given.
    let name: String
    /// Whether it names one of fzf's events rather than a key.
    let isEvent: Bool

    var description: String {
      isEvent
        ? "'\(name)' is an fzf event that autocomplete does not support (keys only)"
        : "'\(name)' is not a key autocomplete knows (ctrl-a…z, alt-x, f1…f12, enter, tab, btab, esc, "
          + "bspace, del, up, down, left, right, home, end, pgup, pgdn, space, or one character)"
    }
  }

  /// fzf's events, refused as such.
  static let events: Set<String> = [
    "change", "start", "load", "focus", "result", "one", "zero", "multi", "backward-eof", "jump",
    "jump-cancel", "click-header", "click-footer", "resize", "tab-completion",
  ]

  /// Named keys.
  static let named: [String: KeyEvent] = [
    "enter": .enter, "return": .enter, "ctrl-m": .enter, "ctrl-j": .enter, "tab": .tab, "ctrl-i": .tab,
    "btab": .backTab, "shift-tab": .backTab, "bspace": .backspace, "bs": .backspace,
    "backspace": .backspace, "ctrl-h": .backspace, "del": .delete, "delete": .delete,
    "shift-delete": .shiftDelete, "esc": .escape, "space": .character(" "), "up": .up, "down": .down,
    "left": .left, "right": .right, "home": .home, "end": .end, "insert": .insert, "pgup": .pageUp,
    "page-up": .pageUp, "pgdn": .pageDown, "page-down": .pageDown, "ctrl-/": .control("_"),
    "ctrl-6": .control("^"),
  ]

  /// The key `name` stands for (case-insensitive, as fzf's names are, but for a lone character).
  static func parse(_ name: String) -> Result<KeyEvent, Refusal> {
    if name.count == 1, let character = name.first, character.isASCII, !character.isWhitespace,
      character.asciiValue.map({ $0 >= 0x21 && $0 < 0x7F }) == true
    {
      return .success(.character(character))
    }
    if name.count == 1, let character = name.first, !character.isASCII {
      return .success(.character(character))
    }
    let lower = name.lowercased()
    if events.contains(lower) { return .failure(Refusal(name: name, isEvent: true)) }
    if let key = named[lower] { return .success(key) }
    if lower.hasPrefix("ctrl-"), lower.count == 6, let last = lower.last,
      ("a"..."z").contains(last) || "\\]^_".contains(last)
    {
      return .success(.control(last))
    }
    if lower.hasPrefix("alt-"), name.count == 5, let last = name.last, last.isASCII,
      last.asciiValue.map({ $0 >= 0x21 && $0 < 0x7F }) == true
    {
      return .success(.alt(last))
    }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
      return .success(.function(number))
    }
    return .failure(Refusal(name: name, isEvent: false))
  }
}
