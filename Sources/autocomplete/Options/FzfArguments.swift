/// The command line as fzf users write it: fzf's `+x`, `+i` and `+s` become this tool's long
/// options, and an fzf option this tool lacks is named as such, not answered with a guess.
enum FzfArguments {
  /// fzf's `+` flags and the options they stand for.
  static let plusFlags = ["+x": "--no-extended", "+i": "--no-ignore-case", "+s": "--no-sort"]

  /// fzf's options that this tool does not have (fzf 0.74), without their dashes.
  static let unsupported: Set<String> = [
    "algo", "scheme", "tiebreak", "literal", "accept-nth", "tail",
    "disabled", "sort", "track", "preview-label",
    "preview-border", "border", "border-label", "border-label-pos", "margin", "padding", "info",
    "info-command", "no-info", "separator", "no-separator", "scrollbar", "no-scrollbar", "pointer",
    "marker", "marker-multi-line", "header-lines", "header-first", "header-border", "header-label",
    "header-lines-border", "footer", "footer-border", "footer-label", "ellipsis", "tabstop", "ansi", "color",
    "no-bold", "black", "style", "gap", "gap-line", "highlight-line", "wrap", "wrap-sign", "no-multi-line",
    "raw", "jump-labels", "listen", "listen-unsafe", "sync", "no-hscroll", "hscroll-off", "filepath-word",
    "keep-right", "scroll-off", "tmux", "walker", "walker-root", "walker-skip", "with-shell",
    "min-height", "popup", "ghost", "input-border", "list-border", "list-label", "input-label", "no-input",
    "freeze-left", "freeze-right", "gutter", "id-nth", "no-unicode", "ambidouble", "bash", "zsh", "fish",
    "man", "filter", "no-multi", "no-cycle", "no-mouse-wheel", "no-clear",
  ]

  /// fzf's options that only `pick` has (they concern the screen), without their dashes.
  static let pickOnly: Set<String> = ["preview", "preview-window", "bind", "expect"]

  /// The first option in `arguments` (before `--`) that only `pick` has, when the command is not
  /// `pick`: `filter --preview cat` is told so rather than guessed at.
  static func firstPickOnly(in arguments: [String]) -> String? {
    guard arguments.first != "pick" else { return nil }
    for argument in arguments {
      if argument == "--" { return nil }
      guard argument.hasPrefix("--") else { continue }
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      if pickOnly.contains(name) { return "--" + name }
    }
    return nil
  }

  /// `arguments` (without the program's name) with fzf's `+` flags spelled as long options; a
  /// query after `--` is left alone.
  static func rewritten(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var isAfterDashes = false
    for argument in arguments {
      if argument == "--" { isAfterDashes = true }
      result.append(isAfterDashes ? argument : plusFlags[argument] ?? argument)
    }
    return result
  }

  /// The first fzf option in `arguments` (before `--`) that this tool does not have, among
  /// `known`'s complement: `--border`, `--preview=cat`.
  static func firstUnsupported(in arguments: [String], known: Set<String> = []) -> String? {
    for argument in arguments {
      if argument == "--" { return nil }
      guard argument.hasPrefix("--") else { continue }
      let name = String(argument.dropFirst(2).prefix { $0 != "=" })
      if unsupported.contains(name) && !known.contains(name) { return "--" + name }
    }
    return nil
  }

  /// The message for an unsupported fzf option.
  static func message(for option: String) -> String {
    "\(option) is an fzf option that autocomplete does not support (see `autocomplete help pick` for "
      + "the fzf options it has)"
  }
}
