import AutocompleteTerminal

/// `pick --bind KEY:ACTION[+ACTION…][,KEY:ACTION…]` (repeatable, later bindings win): keys
/// (``FzfKey``) bound to chains of actions (``FzfAction``), run in order as fzf runs them; a chain
/// that finishes the picker (`accept`) stops there. An unknown key, event or action is refused with
/// a message naming it.
struct FzfBindings: Equatable, Sendable {
  /// The chain of each bound key.
  private(set) var actions: [KeyEvent: [FzfAction]] = [:]

  /// No bindings.
  init() {}

  /// Why a `--bind` is refused.
  struct Refusal: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    let reason: String

    var description: String { "--bind: " + reason }
  }

  /// Adds the bindings of `specification`.
  mutating func add(_ specification: String) -> Result<Void, Refusal> {
    for binding in Self.splitList(specification) {
      guard let colon = binding.dropFirst().firstIndex(of: ":") else {
        return .failure(Refusal(reason: "'\(binding)' is not KEY:ACTION"))
      }
      let keyName = String(binding[..<colon])
      let key: KeyEvent
      switch FzfKey.parse(keyName) {
      case .success(let parsed): key = parsed
      case .failure(let refusal): return .failure(Refusal(reason: refusal.description))
      }
      var chain: [FzfAction] = []
      for name in Self.split(String(binding[binding.index(after: colon)...]), on: "+", keepsEmpty: true) {
        guard !name.isEmpty else {
          return .failure(
            Refusal(reason: "'\(binding)' has an empty action (a `+` with no action beside it)"))
        }
        switch FzfAction.parse(name) {
        case .success(let action): chain.append(action)
        case .failure:
          let bare = String(name.prefix { $0 != "(" && $0 != ":" })
          return .failure(Refusal(reason: FzfAction.Refusal(name: bare.isEmpty ? name : bare).description))
        }
      }
      guard !chain.isEmpty else { return .failure(Refusal(reason: "'\(binding)' binds no action")) }
      actions[key] = chain
    }
    return .success(())
  }

  /// The bindings of every `--bind` given, in order.
  static func parse(_ specifications: [String]) -> Result<FzfBindings, Refusal> {
    var bindings = FzfBindings()
    for specification in specifications {
      if case .failure(let refusal) = bindings.add(specification) { return .failure(refusal) }
    }
    return .success(bindings)
  }

  /// `list` split at commas outside parentheses, empty pieces left out.
  static func splitList(_ list: String) -> [String] {
    split(list, on: ",")
  }

  /// `text` split at `separator` outside parentheses (fzf's `execute(a,b)`), empty pieces left out
  /// unless `keepsEmpty` (then only an empty `text` gives none).
  static func split(_ text: String, on separator: Character, keepsEmpty: Bool = false) -> [String] {
    guard !text.isEmpty else { return [] }
    var pieces: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if character == "(" { depth += 1 }
      if character == ")" { depth = max(0, depth - 1) }
      if character == separator && depth == 0 {
        if keepsEmpty || !current.isEmpty { pieces.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if keepsEmpty || !current.isEmpty { pieces.append(current) }
    return pieces
  }
}
