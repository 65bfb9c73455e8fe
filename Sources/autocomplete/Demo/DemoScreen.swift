/// The demo's screens, in the order of their keys (F1–F5, or Alt-1 to Alt-5).
enum DemoScreen: Int, CaseIterable, Sendable {
  /// A dropdown field with RVS's options toggled live.
  case dropdown
  /// Inline completion (ghost text).
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

  /// The title line; `remote`: the async screen asks a real server (`--typesense`).
  func title(remote: Bool = false) -> String {
    switch self {
    case .dropdown: "1 · Dropdown field with live search options"
    case .inline: "2 · Inline completion: the dim text completes the highlighted row"
    case .composer: "3 · Message composer: @ mentions people, # tags countries"
    case .async:
      remote
        ? "4 · Async source: a real server, stale answers dropped"
        : "4 · Async source: simulated latency and failures, stale answers dropped"
    case .actionRow: "5 · Extra action row: “Add …” when nothing matches"
    }
  }

  /// The prompt; `itemName` names the items of the list screens ("City", or "Line" for `--data`).
  func prompt(itemName: String) -> String {
    switch self {
    case .dropdown, .inline, .async: "\(itemName): "
    case .composer: "Message: "
    case .actionRow: "Tag: "
    }
  }

  /// The screen of a number key (1 to 5).
  init?(number: Int) {
    self.init(rawValue: number - 1)
  }

  /// The footer: the screen keys, the current one in brackets, the common keys, and the last
  /// result of any screen (what quitting prints).
  static func footer(current: DemoScreen, result: DemoResult? = nil) -> String {
    let screens = allCases.map { screen in
      let label = "F\(screen.rawValue + 1) \(screen.name)"
      return screen == current ? "[\(label)]" : label
    }
    guard let result else { return screens.joined(separator: " ") + " │ Esc close/quit · ^C quit" }
    return screens.joined(separator: " ") + " │ \(result) · Esc close/quit prints it · ^C"
  }

  /// The footer for a narrow terminal: the screen keys without names, the current one in brackets.
  static func compactFooter(current: DemoScreen, result: DemoResult? = nil) -> String {
    let screens = allCases.map { $0 == current ? "[F\($0.rawValue + 1) \($0.name)]" : "F\($0.rawValue + 1)" }
    guard let result else { return screens.joined(separator: " ") + " │ Esc · ^C" }
    return screens.joined(separator: " ") + " │ \(result) · Esc prints it · ^C"
  }
}
