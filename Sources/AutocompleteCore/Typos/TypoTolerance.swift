/// How many typos a match may have: edits of the folded text (a substituted, inserted or deleted
/// character, or two neighbouring characters swapped) counted on grapheme clusters.
///
/// Folding comes first, so "e" for "é" or "ss" for "ß" is no typo where folding already equates
/// them. What a typo means in each ``MatchMode`` is in `Guides/Matching.md`: prefix, exact, words
/// and contains forgive typos; suffix and fuzzy ignore this setting. A query (in words mode, a
/// query word) longer than ``maximumQueryLength`` folded characters matches without typos, as
/// search engines cap typo tolerance on long input.
///
/// ```swift
/// let options = SearchOptions(typoTolerance: .automatic)
/// SearchQuery("zurcih", options: options).match("Zürich")?.typos  // 1
/// ```
public enum TypoTolerance: Sendable, Hashable {
  /// No typos: the matching of every mode as it was before typo tolerance existed (the default).
  case off
  /// Up to this many typos, whatever the query's length; clamped to 0…2.
  case fixed(Int)
  /// Algolia's thresholds: no typo below 4 folded characters, 1 typo from 4, 2 from 8.
  case automatic

  /// The most typos tolerance ever allows.
  public static let maximumTypos = 2

  /// The longest query (or query word), in folded grapheme clusters, that may have typos.
  public static let maximumQueryLength = 64

  /// The query length (in folded grapheme clusters) from which ``automatic`` allows one typo.
  public static let automaticOneTypoLength = 4

  /// The query length (in folded grapheme clusters) from which ``automatic`` allows two typos.
  public static let automaticTwoTyposLength = 8

  /// How many typos a query (or, in words mode, a query word) of `length` folded grapheme clusters
  /// may have (none past ``maximumQueryLength``).
  public func maximumTypos(forLength length: Int) -> Int {
    guard length <= Self.maximumQueryLength else { return 0 }
    return switch self {
    case .off: 0
    case .fixed(let typos): min(max(typos, 0), Self.maximumTypos)
    case .automatic:
      length >= Self.automaticTwoTyposLength ? 2 : length >= Self.automaticOneTypoLength ? 1 : 0
    }
  }
}

extension TypoTolerance: LosslessStringConvertible {
  /// Reads the forms ``description`` writes: `off`, `auto` (or `automatic`), `0`, `1` or `2`.
  public init?(_ description: String) {
    switch description.lowercased() {
    case "off": self = .off
    case "auto", "automatic": self = .automatic
    case "0", "1", "2": self = .fixed(Int(description)!)
    default: return nil
    }
  }

  /// `off`, `auto`, or the fixed number of typos.
  public var description: String {
    switch self {
    case .off: "off"
    case .automatic: "auto"
    case .fixed(let typos): String(min(max(typos, 0), Self.maximumTypos))
    }
  }
}
