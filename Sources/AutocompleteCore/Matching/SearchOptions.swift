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
  /// Whether fuzzy and contains queries use fzf's extended search syntax: space-separated terms
  /// all match, `'exact`, `^prefix`, `suffix$`, `!not`, `a | b` (see Guides/Matching.md).
  /// Default: `false` (the whole query is one term, spaces included).
  public var usesExtendedSyntax: Bool
  /// Whether a query with an upper-case letter matches case-sensitively, as fzf's smart case
  /// (``resolvingSmartCase(for:)``); a lower-case query still ignores case. Default: `false`.
  public var usesSmartCase: Bool
  /// Only items that satisfy this filter are answered (Typesense's `filter_by`). Default: `nil`.
  public var filter: AttributeFilter?
  /// Items that satisfy this filter rank before those that do not among equally good matches;
  /// none are left out (Algolia's optional filters). Default: `nil`.
  public var boost: AttributeFilter?
  /// One result per value of this attribute: the best item of each value (Typesense's `group_by`
  /// with one hit per group). Items without the attribute are each their own. Default: `nil`.
  public var distinct: String?
  /// One result per display text (``AutocompleteSearchable/displayText``, compared as strings):
  /// the best item of each, so that five products shown as "Adidas rug" take one row of the top 5,
  /// not five. With ``distinct`` too, the best item of each of its values is kept first, then the
  /// first of each display text among those. A ``SearchIndex`` (and its ``IncrementalSearch``),
  /// a ``DiskIndex``, their sources and ``ListSource`` apply it; facet counts count every match
  /// as before. When many of the best matches share a display text, the search asks for more
  /// matches (four times as many each time) until the limit is filled. Default: `false`.
  public var keepsOneResultPerDisplayText: Bool
  /// Which keys are searched, with their weights; `nil` (the default) is ``SearchFields/all``.
  public var fields: SearchFields?
  /// The character between the fields of every text searched, when each query term must match
  /// inside one field, as fzf's `--nth` with several field ranges: a term is tried on each field in
  /// turn and the first field it matches gives its score and highlights; no match spans two
  /// fields; `^` and `$` anchor at each field's ends; a negated term must match in no field. An
  /// ASCII character that is neither a letter nor a digit (U+001F, the unit separator, suits
  /// texts that hold none); any other character, and words mode, keep a text one field.
  /// Default: `nil` (a text is one field).
  public var fieldSeparator: Unicode.Scalar?

  /// With ``Transliteration/latin``, the query is also tried retyped through other keyboard
  /// layouts, and a ``ListSource`` also matches its items' Latin readings, whatever the source's own
  /// setting: the session-level switch (`SessionConfiguration.searchOptions`). An index built
  /// without readings has none to match, so it answers only the retyped queries; it cannot turn
  /// off what it was built with. Default: ``Transliteration/none`` (each source's own setting).
  public var transliteration: Transliteration

  /// Creates options.
  public init(
    mode: MatchMode = .prefix, isCaseSensitive: Bool = false, maximumCount: Int? = 5,
    includesHighlightRanges: Bool = true, typoTolerance: TypoTolerance = .off,
    usesExtendedSyntax: Bool = false, usesSmartCase: Bool = false, transliteration: Transliteration = .none
  ) {
    self.transliteration = transliteration
    self.keepsOneResultPerDisplayText = false
    self.mode = mode
    self.isCaseSensitive = isCaseSensitive
    self.maximumCount = maximumCount
    self.includesHighlightRanges = includesHighlightRanges
    self.typoTolerance = typoTolerance
    self.usesExtendedSyntax = usesExtendedSyntax
    self.usesSmartCase = usesSmartCase
  }

  /// These options for `query`: with ``usesSmartCase`` and an upper-case letter in the query,
  /// case-sensitive (which also keeps diacritics), else unchanged.
  public func resolvingSmartCase(for query: String) -> SearchOptions {
    guard usesSmartCase, !isCaseSensitive, query.contains(where: { $0.isUppercase }) else { return self }
    var resolved = self
    resolved.isCaseSensitive = true
    resolved.usesSmartCase = false
    return resolved
  }

  /// Whether `query` is searched with the extended syntax: it is on, the mode is fuzzy or
  /// contains, and the query has more than one term or a marked one.
  func usesExtendedPattern(for query: String) -> Bool {
    usesExtendedSyntax && (mode == .fuzzy || mode == .contains)
      && ExtendedPattern.isExtended(query, fuzzy: mode == .fuzzy)
  }

  /// The byte of ``fieldSeparator`` in folded text, when it is one this mode can use.
  var fieldSeparatorByte: UInt8? {
    guard mode != .words, let scalar = fieldSeparator, scalar.isASCII,
      !scalar.properties.isAlphabetic, !(0x30...0x39).contains(scalar.value)
    else { return nil }
    return UInt8(scalar.value)
  }

  /// The limit as a number, or `nil` for unlimited.
  public var limit: Int? {
    guard let maximumCount, maximumCount >= 0 else { return nil }
    return maximumCount
  }
}
