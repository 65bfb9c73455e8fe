import AutocompleteCore

/// An item a server answered: the text to match, show and insert, an id, a detail line, a weight,
/// and the highlights the server computed, if any.
public struct RemoteItem: AutocompleteSearchable, Identifiable, Hashable, Sendable {
  /// The server's identity for the item (a row's `Suggestion.id`).
  public var id: String
  /// The text matched, shown and inserted.
  public var searchText: String
  /// A secondary line (a row's `Suggestion.detailText`).
  public var detail: String?
  /// Further texts that find the item (a city's other names), matched by the core like the text.
  public var alternates: [String]
  /// Popularity; higher ranks first among equal matches when the core ranks.
  public var weight: Double
  /// Ranges of ``searchText`` the server marked as matched (Typesense's highlights), used when the
  /// engine does not match the item itself.
  public var serverHighlights: [Range<String.Index>]

  /// Creates an item; the id defaults to the text.
  public init(
    _ text: String, id: String? = nil, detail: String? = nil, alternates: [String] = [], weight: Double = 0,
    serverHighlights: [Range<String.Index>] = []
  ) {
    self.searchText = text
    self.id = id ?? text
    self.detail = detail
    self.alternates = alternates
    self.weight = weight
    self.serverHighlights = serverHighlights
  }

  /// The ``alternates``.
  public var alternateSearchTexts: [String] { alternates }

  /// The ``searchText``.
  public var displayText: String { searchText }

  /// The engine's match of the text and the alternates (`SearchQuery.bestMatch(for:)`).
  public func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }

  /// The rows for `items` answering `query`: matched and ordered by the core (see
  /// `Sequence.suggestions(answering:ranking:)`), each with its detail line and, where the engine
  /// did not match it, the server's highlights.
  public static func rows(_ items: [RemoteItem], answering query: SuggestionQuery, ranking: SearchRanking)
    -> [Suggestion]
  {
    rows(items, answering: query, ranking: ranking, preferringServerHighlights: false)
  }

  /// The rows, with the server's highlights instead of the core's where it sent some and
  /// `preferringServerHighlights` (a search engine's own view of its match, typos included); the
  /// items of `boostedIDs` satisfy the query's boost.
  static func rows(
    _ items: [RemoteItem], answering query: SuggestionQuery, ranking: SearchRanking,
    preferringServerHighlights: Bool, boostedIDs: Set<String> = []
  ) -> [Suggestion] {
    items.suggestions(answering: query, ranking: ranking) { boostedIDs.contains($0.id) }.map { row in
      var row = row
      guard let item = row.payload(as: RemoteItem.self) else { return row }
      if row.detailText == nil { row.detailText = item.detail }
      if row.highlights.isEmpty || (preferringServerHighlights && !item.serverHighlights.isEmpty) {
        row.highlights = item.serverHighlights
      }
      return row
    }
  }
}
