/// A token field's tokens, its selected token and what it can undo: ``SessionState/tokenState``.
///
/// Invariants every event keeps (the property test in `TokenPropertyTests` checks them): tokens are
/// unique by id and keep the order they were added in; ``selectedIndex`` is `nil` or a valid index;
/// the count never passes the configured maximum.
public struct TokenState: Sendable, Equatable {
  /// The tokens, in order.
  public internal(set) var tokens: [Token]
  /// The selected token (Backspace at the start of the text, ← →, a tap on a chip), or `nil` when
  /// the caret is in the text.
  public internal(set) var selectedIndex: Int?
  /// The last removal, which ``TokenEvent/undoRemoval`` puts back; `nil` after an undo or when
  /// nothing was removed.
  public internal(set) var lastRemoval: TokenRemoval?
  /// Why the last attempt to add a token was refused (a failed check, a duplicate, the maximum),
  /// until the next token change or edit; front ends show it and announce it.
  public internal(set) var refusal: String?
  /// What a screen reader announces after the last change ("Madrid added. 3 tokens."), or `nil`
  /// when the event changed no token.
  public internal(set) var announcement: String?

  /// No tokens.
  public init() {
    self.tokens = []
    self.selectedIndex = nil
    self.lastRemoval = nil
    self.refusal = nil
    self.announcement = nil
  }

  /// The ids of the tokens, in order: the form to store. ``TokenEvent/set(_:)`` with the tokens
  /// these ids name gives the same tokens back. A filter chip's id is its filter's text, which
  /// does not say it is one: a field with filter chips stores ``storedTokens`` instead.
  public var storedForm: [String] { tokens.map(\.id) }

  /// The selected token, if any.
  public var selectedToken: Token? { selectedIndex.map { tokens[$0] } }

  /// Whether a token with `id` is picked.
  public func contains(id: String) -> Bool { tokens.contains { $0.id == id } }

  /// "3 tokens." / "1 token." / "No tokens."
  static func countText(_ count: Int) -> String {
    switch count {
    case 0: "No tokens."
    case 1: "1 token."
    default: "\(count) tokens."
    }
  }

  /// Why `token` cannot be added now, or `nil` when it can.
  func refusal(toAdd token: Token, maximumCount: Int?) -> String? {
    if contains(id: token.id) { return "\u{201C}\(token.displayText)\u{201D} is already added." }
    if let maximumCount, tokens.count >= max(0, maximumCount) {
      return maximumCount == 1
        ? "Only 1 token is allowed." : "At most \(max(0, maximumCount)) tokens are allowed."
    }
    return nil
  }

  /// Adds `token` at the end unless refused; returns whether it was added.
  @discardableResult
  mutating func add(_ token: Token, maximumCount: Int?) -> Bool {
    if let reason = refusal(toAdd: token, maximumCount: maximumCount) {
      refusal = reason
      announcement = reason
      return false
    }
    tokens.append(token)
    selectedIndex = nil
    refusal = nil
    announcement = "\(token.displayText) added. " + Self.countText(tokens.count)
    return true
  }

  /// Removes the token at `index` (remembered for undo); the caret goes back to the text.
  mutating func remove(at index: Int) {
    guard tokens.indices.contains(index) else { return }
    let token = tokens.remove(at: index)
    lastRemoval = TokenRemoval(token: token, index: index)
    selectedIndex = nil
    refusal = nil
    announcement = "\(token.displayText) removed. " + Self.countText(tokens.count)
  }

  /// Replaces all tokens: duplicates after the first and tokens past the maximum are dropped.
  mutating func set(_ new: [Token], maximumCount: Int?) {
    var kept: [Token] = []
    var seen = Set<String>()
    for token in new where seen.insert(token.id).inserted {
      if let maximumCount, kept.count >= max(0, maximumCount) { break }
      kept.append(token)
    }
    tokens = kept
    selectedIndex = nil
    lastRemoval = nil
    refusal = nil
    announcement = Self.countText(kept.count)
  }

  /// Puts the last removed token back at its place; returns whether it did.
  mutating func undoRemoval(maximumCount: Int?) -> Bool {
    guard let removal = lastRemoval, refusal(toAdd: removal.token, maximumCount: maximumCount) == nil
    else { return false }
    tokens.insert(removal.token, at: min(removal.index, tokens.count))
    lastRemoval = nil
    selectedIndex = nil
    refusal = nil
    announcement = "\(removal.token.displayText) restored. " + Self.countText(tokens.count)
    return true
  }

  /// Selects the token at `index` (`nil` or out of range: none).
  mutating func select(_ index: Int?) {
    selectedIndex = index.flatMap { tokens.indices.contains($0) ? $0 : nil }
    if let selected = selectedIndex {
      announcement = "\(tokens[selected].displayText), \(selected + 1) of \(tokens.count), selected."
    }
  }

  /// Refuses typed text with `reason`.
  mutating func refuse(_ reason: String) {
    refusal = reason
    announcement = reason
  }
}

/// A removed token and the index it had, for undo.
public struct TokenRemoval: Sendable, Equatable {
  /// The removed token.
  public var token: Token
  /// Where it was.
  public var index: Int
}
