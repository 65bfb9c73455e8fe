/// How the query must occur in an item's text.
public enum MatchMode: String, Sendable, Hashable, CaseIterable, Codable {
  /// The text starts with the query (RVS defaults: wildcard after only). Like `fzf --filter ^q`.
  case prefix
  /// The query occurs anywhere (wildcards before and after). Like `fzf --filter --exact q`.
  case contains
  /// The text ends with the query (wildcard before only).
  case suffix
  /// The text equals the query (no wildcards).
  case exact
  /// Every query word is a prefix of some word of the text, in any order: "paulo sao" finds
  /// "São Paulo".
  case words
  /// The query's characters occur in order, scored fzf-style. Like `fzf --filter q`.
  case fuzzy

  /// The mode RVS_AutofillTextField's two wildcard switches describe.
  /// - Parameters:
  ///   - wildcardBefore: Characters may come before the match.
  ///   - wildcardAfter: Characters may come after the match.
  public init(wildcardBefore: Bool, wildcardAfter: Bool) {
    switch (wildcardBefore, wildcardAfter) {
    case (false, true): self = .prefix
    case (true, true): self = .contains
    case (true, false): self = .suffix
    case (false, false): self = .exact
    }
  }

  /// Whether characters may come before the match, as RVS's `isWildcardBefore`.
  public var isWildcardBefore: Bool {
    self == .contains || self == .suffix || self == .fuzzy || self == .words
  }

  /// Whether characters may come after the match, as RVS's `isWildcardAfter`.
  public var isWildcardAfter: Bool { self != .suffix && self != .exact }
}
