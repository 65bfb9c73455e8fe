/// The demo's screens, in the order of their keys (F1–F5, or Alt-1 to Alt-5).
enum DemoScreen: Int, CaseIterable, Sendable {
  /// A dropdown field with RVS's options toggled live.
  case dropdown
  /// Inline completion (ghost text, seed 002).
  case inline
  /// A message composer with `@` and `#` triggers.
  case composer
  /// An async source with latency and failures.
  case async
  /// The extra action row ("Add “…”").
  case actionRow

  /// The short name in the footer.
  var name: String {
    switch self {
    case .dropdown: "Dropdown"
    case .inline: "Inline"
    case .composer: "Composer"
    case .async: "Async"
    case .actionRow: "Add"
    }
  }

  /// The title line.
  var title: String {
    switch self {
    case .dropdown: "1 · Dropdown field with live search options (RVS_AutofillTextField)"
    case .inline: "2 · Inline completion (seed 002): the dim text is the best prefix match"
    case .composer: "3 · Message composer: @ mentions people, # tags countries (MJAutoComplete)"
    case .async: "4 · Async source: simulated latency and failures, stale answers dropped"
    case .actionRow: "5 · Extra action row: “Add …” when nothing matches (seed 000)"
    }
  }

  /// The prompt.
  var prompt: String {
    switch self {
    case .dropdown, .inline, .async: "City: "
    case .composer: "Message: "
    case .actionRow: "Tag: "
    }
  }

  /// The screen of a number key (1 to 5).
  init?(number: Int) {
    self.init(rawValue: number - 1)
  }

  /// The footer: the screen keys, the current one in brackets, and the common keys.
  static func footer(current: DemoScreen) -> String {
    let screens = allCases.map { screen in
      let label = "F\(screen.rawValue + 1) \(screen.name)"
      return screen == current ? "[\(label)]" : label
    }
    return screens.joined(separator: " ") + " │ Esc close/quit · ^C quit"
  }
}
