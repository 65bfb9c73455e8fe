/// The knobs of a search: mode, sensitivity and how many results.
public struct SearchOptions: Sendable, Hashable {
  /// How the query must occur in the text. Default: ``MatchMode/prefix``.
  public var mode: MatchMode
  /// When `true`, case and diacritics count (RVS `isCaseSensitive`). Default: `false`.
  public var isCaseSensitive: Bool
  /// At most this many results; `nil` or a negative number means no limit (RVS
  /// `maximumAutofillCount`). Default: 5.
  public var maximumCount: Int?
  /// Whether results carry highlight ranges (``TextMatch/ranges``). Computing them folds each
  /// result's text once more; turn it off when only the items matter, such as when printing
  /// every match of a large list. Default: `true`.
  public var includesHighlightRanges: Bool
  /// How many typos a match may have (prefix, exact, words and contains modes). Default:
  /// ``TypoTolerance/off``, so that nothing matches differently unless asked.
  public var typoTolerance: TypoTolerance

  /// Creates options.
  public init(
    mode: MatchMode = .prefix, isCaseSensitive: Bool = false, maximumCount: Int? = 5,
    includesHighlightRanges: Bool = true, typoTolerance: TypoTolerance = .off
  ) {
    self.mode = mode
    self.isCaseSensitive = isCaseSensitive
    self.maximumCount = maximumCount
    self.includesHighlightRanges = includesHighlightRanges
    self.typoTolerance = typoTolerance
  }

  /// The limit as a number, or `nil` for unlimited.
  public var limit: Int? {
    guard let maximumCount, maximumCount >= 0 else { return nil }
    return maximumCount
  }
}
