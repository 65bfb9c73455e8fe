import AutocompleteCore

/// The options of an autocomplete field, with RVS_AutofillTextField's names and defaults (seed
/// 003), plus the match modes, pipeline and inline-completion switches of the core.
///
/// Every front end (UIKit field, SwiftUI modifier) keeps one of these and turns it into the
/// session's configuration with ``applied(to:)``; changing an option at run time reconfigures the
/// session, which asks again at once.
public struct AutofillOptions: Sendable, Hashable {
  /// The main switch: when off, the field is a plain text field. Default `true`.
  public var isAutoFillOn: Bool
  /// When `true`, case and diacritics count; when `false` (the default) "sao" finds "São".
  public var isCaseSensitive: Bool
  /// Characters may come before the match (a "contains" or "ends with" search). Default `false`.
  public var isWildcardBefore: Bool
  /// Characters may come after the match (a "begins with" search). Default `true`.
  public var isWildcardAfter: Bool
  /// At most this many suggestions; negative means no limit. Default 5.
  public var maximumAutofillCount: Int
  /// A mode that the two wildcard switches cannot express (`MatchMode.fuzzy`,
  /// `MatchMode.words`); `nil` (the default) uses the switches.
  public var matchMode: MatchMode?
  /// Queries shorter than this (in characters) do not search. Default 1.
  public var minimumQueryLength: Int
  /// Waits this long after the last keystroke before searching; `nil` (the default) searches at
  /// once.
  public var debounce: Duration?
  /// Shows the best prefix match as ghost text after the caret (seed 002). Default `false`.
  public var showsInlineCompletion: Bool
  /// How many typos a suggestion may have ("zurcih" finds Zürich with `TypoTolerance.automatic`).
  /// Default `TypoTolerance.off`.
  public var typoTolerance: TypoTolerance
  /// Whether items in other scripts are also found through their Latin readings ("beijing" for
  /// 北京) and queries typed on the wrong keyboard layout ("vjcrdf" for Москва): used by the lists a
  /// field builds from items and the sources that read it from the query (`SearchOptions.transliteration`:
  /// lists, and the retyped queries of an index). Default: `Transliteration.none`.
  public var transliteration: Transliteration

  /// Creates options; every option has the default described on its property.
  public init(
    isAutoFillOn: Bool = true, isCaseSensitive: Bool = false, isWildcardBefore: Bool = false,
    isWildcardAfter: Bool = true, maximumAutofillCount: Int = 5, matchMode: MatchMode? = nil,
    minimumQueryLength: Int = 1, debounce: Duration? = nil, showsInlineCompletion: Bool = false,
    typoTolerance: TypoTolerance = .off, transliteration: Transliteration = .none
  ) {
    self.transliteration = transliteration
    self.isAutoFillOn = isAutoFillOn
    self.isCaseSensitive = isCaseSensitive
    self.isWildcardBefore = isWildcardBefore
    self.isWildcardAfter = isWildcardAfter
    self.maximumAutofillCount = maximumAutofillCount
    self.matchMode = matchMode
    self.minimumQueryLength = minimumQueryLength
    self.debounce = debounce
    self.showsInlineCompletion = showsInlineCompletion
    self.typoTolerance = typoTolerance
  }

  /// The mode in effect: ``matchMode``, or the one the wildcard switches describe (after only:
  /// prefix; both: contains; before only: suffix; neither: exact).
  public var effectiveMode: MatchMode {
    matchMode ?? MatchMode(wildcardBefore: isWildcardBefore, wildcardAfter: isWildcardAfter)
  }

  /// The typo tolerance as `@IBInspectable` text: `off`, `auto`, `0`, `1` or `2` (see
  /// `TypoTolerance.init(_:)`); other text turns it off.
  public var typoToleranceText: String {
    get { typoTolerance.description }
    set { typoTolerance = TypoTolerance(newValue) ?? .off }
  }

  /// The core's search options for these switches.
  public var searchOptions: SearchOptions {
    SearchOptions(
      mode: effectiveMode, isCaseSensitive: isCaseSensitive, maximumCount: maximumAutofillCount,
      typoTolerance: typoTolerance, transliteration: transliteration)
  }

  /// `configuration` with these options applied; sources, triggers, the action row and the state
  /// reducer are kept.
  public func applied(to configuration: SessionConfiguration) -> SessionConfiguration {
    var configuration = configuration
    configuration.isAutoFillOn = isAutoFillOn
    configuration.searchOptions = searchOptions
    configuration.minimumQueryLength = max(0, minimumQueryLength)
    configuration.debounce = debounce
    configuration.showsInlineCompletion = showsInlineCompletion
    return configuration
  }

  /// A field's session configuration: these options applied to `base`, asking `dataSource` when
  /// there is one (RVS's data source takes over from every other source), else `sources` when
  /// there are any, else `base`'s sources; `actionRow` when set, else `base`'s. The UIKit and AppKit
  /// field controllers build their sessions with it.
  @MainActor
  public func configuration(
    base: SessionConfiguration, sources: [any SuggestionSource], dataSource: (any AutofillDataSource)?,
    actionRow: ActionRow?
  ) -> SessionConfiguration {
    var configuration = applied(to: base)
    if let dataSource {
      configuration.sources = [DataSourceSource(dataSource)]
    } else if !sources.isEmpty {
      configuration.sources = sources
    }
    configuration.actionRow = actionRow ?? base.actionRow
    return configuration
  }
}
