/// A ready-made searchable item: a search text, what to display, alternate keys, a weight and a
/// payload of your own.
///
/// `AutocompleteItem` covers MJAutoComplete's `MJAutoCompleteItem` (`autoCompleteString`,
/// `displayedString`, `context`) and RVS_AutofillTextField's data source type (`value`, `refCon`).
///
/// Each item has a stable ``id``, which a ``DiskIndex`` updates and removes items by. Unless given,
/// it is the search text: items whose search texts are unique need no ids of their own.
///
/// Attributes (``attributes``) are what filters, facets and `distinct` look at:
/// `AutocompleteItem("Recife", attributes: ["country": "BR", "population": 1_653_000])`.
public struct AutocompleteItem: AttributedSearchable, Sendable {
  /// The item's identity: what ``DiskIndex/update(_:)`` and ``DiskIndex/remove(id:)`` find it by.
  /// Defaults to ``searchText`` when the initializer is given none.
  public var id: String
  /// The text the query is compared with.
  public var searchText: String
  /// The text shown to the user.
  public var displayText: String
  /// The text that replaces the typed token when the item is picked; by default the search text.
  public var completionText: String
  /// Further keys that find this item.
  public var alternateSearchTexts: [String]
  /// Popularity; higher ranks first among equally good matches.
  public var weight: Double
  /// Anything the app wants to carry along (RVS `refCon`, MJ `context`).
  public var payload: (any Sendable)?
  /// Values for filters, facets and `distinct` (``AttributeValue``); empty by default.
  public var attributes: Attributes

  /// Creates an item.
  /// - Parameters:
  ///   - searchText: The text the query is compared with.
  ///   - displayText: What the user sees; defaults to `searchText`.
  ///   - completionText: What replaces the typed text on pick; defaults to `searchText`.
  ///   - alternateSearchTexts: Further keys that find the item.
  ///   - weight: Popularity, higher first.
  ///   - payload: A value of your own.
  ///   - id: The item's identity; defaults to `searchText`.
  ///   - attributes: Values for filters, facets and `distinct`.
  public init(
    _ searchText: String,
    displayText: String? = nil,
    completionText: String? = nil,
    alternateSearchTexts: [String] = [],
    weight: Double = 0,
    payload: (any Sendable)? = nil,
    id: String? = nil,
    attributes: Attributes = [:]
  ) {
    self.attributes = attributes
    self.id = id ?? searchText
    self.searchText = searchText
    self.displayText = displayText ?? searchText
    self.completionText = completionText ?? searchText
    self.alternateSearchTexts = alternateSearchTexts
    self.weight = weight
    self.payload = payload
  }

  /// The engine's match of the search text and the alternate keys
  /// (``SearchQuery/bestMatch(for:)``).
  public func match(_ query: SearchQuery) -> TextMatch? { query.bestMatch(for: self) }
}

extension AutocompleteItem: ExpressibleByStringLiteral {
  /// Creates an item whose search and display text are the literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}
