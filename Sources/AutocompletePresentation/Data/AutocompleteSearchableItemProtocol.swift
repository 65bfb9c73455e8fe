import AutocompleteCore

/// An item with its own search predicate, as in seed 000's Autocomplete Text Field: the item
/// decides whether it matches the typed text.
///
/// ```swift
/// struct Airport: AutocompleteSearchableItemProtocol {
///   let code: String, name: String
///   func search(_ searchText: String) -> Bool {
///     code.hasPrefix(searchText.uppercased()) || name.localizedCaseInsensitiveContains(searchText)
///   }
///   var autocompleteText: String { "\(code) – \(name)" }
/// }
/// ```
public protocol AutocompleteSearchableItemProtocol: Sendable {
  /// Whether this item matches `searchText` (the field's whole text).
  func search(_ searchText: String) -> Bool
  /// The text the default cell shows and that replaces the field's text on pick. Required, so
  /// that a near-miss (`var autocompleteText: String?`) is a compiler error rather than a member
  /// that is never read; `String(describing: self)` gives the item's description.
  var autocompleteText: String { get }
}

/// An ``AutocompleteSearchableItemProtocol`` item as the engine's `AutocompleteSearchable`:
/// the item's own `search(_:)` decides; matched characters are still emphasised where the engine
/// finds the text in ``AutocompleteSearchableItemProtocol/autocompleteText``, and the item is the
/// row's payload.
public struct SearchableItem: AutocompleteSearchable {
  /// The item.
  public var item: any AutocompleteSearchableItemProtocol

  /// Wraps `item`.
  public init(_ item: any AutocompleteSearchableItemProtocol) {
    self.item = item
  }

  /// The item's ``AutocompleteSearchableItemProtocol/autocompleteText``.
  public var searchText: String { item.autocompleteText }

  /// The item's ``AutocompleteSearchableItemProtocol/autocompleteText``.
  public var displayText: String { item.autocompleteText }

  /// None: the item's predicate decides.
  public var alternateSearchTexts: [String] { [] }

  /// Every item weighs the same: the engine's match and the list's order rank.
  public var weight: Double { 0 }

  /// A `MatchKind.custom` match when the item's predicate says yes (ranked by
  /// the engine's kind when the engine finds the text too), else `nil`.
  public func match(_ query: SearchQuery) -> TextMatch? {
    guard item.search(query.text) else { return nil }
    return query.match(searchText) ?? TextMatch(kind: .custom, matchedText: searchText)
  }
}

/// A source over items with their own predicate (seed 000): every item whose `search(_:)` says
/// yes, in the list's order, with the item as the row's payload.
public struct SearchableItemSource: SuggestionSource {
  /// The items.
  public var items: [any AutocompleteSearchableItemProtocol]
  /// The section title.
  public var title: String?

  /// Creates a source over `items`.
  public init(_ items: [any AutocompleteSearchableItemProtocol], title: String? = nil) {
    self.items = items
    self.title = title
  }

  /// Asks every item, keeping the list's order (the item decides what matches, so no ranking).
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    let prepared = query.prepared
    var rows: [Suggestion] = []
    for (offset, item) in items.enumerated() {
      if let limit = query.options.limit, rows.count >= limit { break }
      let wrapped = SearchableItem(item)
      guard let match = wrapped.match(prepared) else { continue }
      var row = Suggestion(item: wrapped, match: match, id: String(offset))
      row.payload = item
      rows.append(row)
    }
    return rows
  }

  /// `true`: the same query gets the same answer while the session runs.
  public var isCacheable: Bool { true }

  /// Asks every item.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return immediateSuggestions(for: query) ?? []
  }
}
