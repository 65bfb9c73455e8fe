/// A value that can be offered as an autocomplete suggestion.
///
/// Conform your own model types to this protocol, or use ``AutocompleteItem``. Every member is
/// required, so a near-miss — `var weight: Int`, `var displayText: String?`,
/// `func match(query:)` — is a compiler error rather than a member that is never called. The
/// usual ``match(_:)`` forwards to ``SearchQuery/bestMatch(for:)``, which runs the engine (folding,
/// the query's ``MatchMode``, highlight ranges) over ``searchText`` and every alternate key; write
/// your own predicate there instead, the way seed 000's `search(_:) -> Bool` or
/// RVS_AutofillTextField's custom search method work.
///
/// ```swift
/// struct City: AutocompleteSearchable {
///   let name: String, country: String, population: Int
///   var searchText: String { name }
///   var displayText: String { "\(name), \(country)" }
///   var alternateSearchTexts: [String] { [] }
///   var weight: Double { Double(population) }
///   func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }
/// }
/// ```
public protocol AutocompleteSearchable: Sendable {
  /// The text the query is compared with (MJAutoComplete's `autoCompleteString`).
  var searchText: String { get }
  /// The text the user sees in the list (MJAutoComplete's `displayedString`); often
  /// ``searchText``.
  var displayText: String { get }
  /// Further keys that find this item, such as a city's other names; often `[]`.
  var alternateSearchTexts: [String] { get }
  /// How popular the item is; higher weights rank first among equally good matches. Give every
  /// item the same weight (`0`) to rank by the match alone.
  var weight: Double { get }
  /// Returns how this item matches `query`, or `nil` when it does not: usually
  /// `query.bestMatch(for: self)` (``SearchQuery/bestMatch(for:)``).
  func match(_ query: SearchQuery) -> TextMatch?
}

extension SearchQuery {
  /// The engine's match of `item`: ``bestMatch(searchText:alternates:)`` over its
  /// ``AutocompleteSearchable/searchText`` and ``AutocompleteSearchable/alternateSearchTexts``.
  /// What an item's ``AutocompleteSearchable/match(_:)`` forwards to unless it brings its own
  /// predicate.
  public func bestMatch(for item: some AutocompleteSearchable) -> TextMatch? {
    bestMatch(searchText: item.searchText, alternates: item.alternateSearchTexts)
  }
}
