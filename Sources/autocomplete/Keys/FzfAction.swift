import AutocompleteTerminal

/// An action of fzf's `--bind` that `pick` has: most are the action of one of the picker's keys
/// (`up` is ↑, `accept` Enter, `kill-line` Ctrl-K…); the rest act on the picker itself (the query,
/// the marks, the preview pane). Actions that take an argument (`execute(…)`, `reload(…)`…) and the
/// others fzf has are refused by name.
enum FzfAction: Equatable, Sendable {
  /// What this key does in the picker.
  case key(KeyEvent)
  /// Empty the query.
  case clearQuery
  /// Empty the query, or cancel when it is empty (fzf's `cancel`).
  case cancel
  /// Highlight the first (`true`) or last row.
  case jump(toFirst: Bool)
  /// Mark or unmark the highlighted row (`--multi`), without moving.
  case toggle
  /// Show or hide the preview pane.
  case togglePreview
  /// Scroll the preview by lines (negative: up).
  case scrollPreview(lines: Int)
  /// Scroll the preview by pages (negative: up).
  case scrollPreviewPages(Int)
  /// Do nothing.
  case ignore

  /// Why an action is refused.
  struct Refusal: Error, Equatable, CustomStringConvertible {
    /// The action as given.
    let name: String

    var description: String {
      "'\(name)' is an fzf action that autocomplete does not support (it has: "
        + FzfAction.named.keys.sorted().joined(separator: ", ") + ")"
    }
  }

  /// The actions by fzf's names.
  static let named: [String: FzfAction] = [
    "accept": .key(.enter), "abort": .key(.control("c")), "up": .key(.up), "down": .key(.down),
    "page-up": .key(.pageUp), "page-down": .key(.pageDown), "beginning-of-line": .key(.home),
    "end-of-line": .key(.end), "backward-char": .key(.left), "forward-char": .key(.right),
    "backward-delete-char": .key(.backspace), "delete-char": .key(.delete),
    "backward-kill-word": .key(.control("w")), "kill-line": .key(.control("k")),
    "unix-line-discard": .key(.control("u")), "backward-word": .key(.alt("b")),
    "forward-word": .key(.alt("f")), "kill-word": .key(.alt("d")), "previous-history": .key(.control("p")),
    "next-history": .key(.control("n")), "clear-query": .clearQuery, "cancel": .cancel,
    "first": .jump(toFirst: true), "last": .jump(toFirst: false), "toggle": .toggle,
    "toggle-preview": .togglePreview, "preview-up": .scrollPreview(lines: -1),
    "preview-down": .scrollPreview(lines: 1), "preview-page-up": .scrollPreviewPages(-1),
    "preview-page-down": .scrollPreviewPages(1), "preview-top": .scrollPreview(lines: -(1 << 40)),
    "preview-bottom": .scrollPreview(lines: 1 << 40), "ignore": .ignore, "clear-screen": .ignore,
  ]

  /// The action `name` stands for.
  static func parse(_ name: String) -> Result<FzfAction, Refusal> {
    named[name.lowercased()].map { .success($0) } ?? .failure(Refusal(name: name))
  }
}
