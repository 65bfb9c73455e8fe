/// A value that can be offered as an autocomplete suggestion.
///
/// Conform your own model types to this protocol, or use ``AutocompleteItem``. The default
/// implementation of ``match(_:)`` runs the engine (folding, the query's ``MatchMode``, highlight
/// ranges) over ``searchText`` and every alternate key. Override it to bring your own predicate,
/// the way seed 000's `search(_:) -> Bool` or RVS_AutofillTextField's custom search method work.
public protocol AutocompleteSearchable: Sendable {
  /// The text the query is compared with (MJAutoComplete's `autoCompleteString`).
  var searchText: String { get }
  /// The text the user sees in the list (MJAutoComplete's `displayedString`).
  var displayText: String { get }
  /// Further keys that find this item, such as a city's other names.
  var alternateSearchTexts: [String] { get }
  /// How popular the item is; higher weights rank first among equally good matches.
  var weight: Double { get }
  /// Returns how this item matches `query`, or `nil` when it does not.
  func match(_ query: SearchQuery) -> TextMatch?
}

extension AutocompleteSearchable {
  /// By default the display text is the search text.
  public var displayText: String { searchText }
  /// By default there are no alternate keys.
  public var alternateSearchTexts: [String] { [] }
  /// By default every item weighs the same.
  public var weight: Double { 0 }

  /// Matches ``searchText`` and then each alternate key, keeping the best match.
  public func match(_ query: SearchQuery) -> TextMatch? {
    query.bestMatch(searchText: searchText, alternates: alternateSearchTexts)
  }
}
