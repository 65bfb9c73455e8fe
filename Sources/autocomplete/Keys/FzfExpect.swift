import AutocompleteTerminal

/// `pick --expect KEYS`: keys that pick like Enter and are named on a line of their own before the
/// picked rows (after the query with `--print-query`), as fzf prints them; Enter prints an empty
/// line there. KEYS are fzf's key names separated by commas (``FzfKey``).
struct FzfExpect: Equatable, Sendable {
  /// The keys, each with its name as given.
  let keys: [(name: String, key: KeyEvent)]

  static func == (lhs: FzfExpect, rhs: FzfExpect) -> Bool {
    lhs.keys.map(\.name) == rhs.keys.map(\.name) && lhs.keys.map(\.key) == rhs.keys.map(\.key)
  }

  /// Parses `list` (`ctrl-a,f2,alt-x`).
  static func parse(_ list: String) -> Result<FzfExpect, FzfKey.Refusal> {
    var keys: [(name: String, key: KeyEvent)] = []
    for name in FzfBindings.splitList(list) {
      switch FzfKey.parse(name) {
      case .success(let key): keys.append((name, key))
      case .failure(let refusal): return .failure(refusal)
      }
    }
    return .success(FzfExpect(keys: keys))
  }

  /// The name of `key` when it is expected.
  func name(of key: KeyEvent) -> String? {
    keys.first { $0.key == key }?.name
  }
}
