import AutocompleteCore

/// Algolia's "in Category" suggestions: rows such as "in BR (211)" that count the matches of the
/// typed text per value of an attribute (`SearchIndex.facetCounts(of:for:options:limit:)`).
/// Picking one narrows the session to that value (`AutocompleteSession.applyCategory(_:)`); in a
/// token field (`SessionConfiguration.tokens`), picking one makes a filter chip ("in BR") that
/// narrows the search until it is removed (its payload is a `FilterChipPayload`).
///
/// ```swift
/// let index = SearchIndex(cities)
/// let session = AutocompleteSession(configuration: SessionConfiguration(sources: [
///   IndexSource(index), CategorySource(index, attribute: "country", title: "Countries"),
/// ]))
/// session.onOutput = { output in
///   if case .picked(let row) = output { session.applyCategory(row) }
/// }
/// ```
public struct CategorySource<Item: AutocompleteSearchable>: SuggestionSource {
  /// The index whose matches are counted.
  public let index: SearchIndex<Item>
  /// The attribute whose values become rows.
  public var attribute: String
  /// The section title.
  public var title: String?
  /// At most this many rows, the values with the most matches first.
  public var limit: Int
  /// A row's text for a value and its count; by default "in BR (211)".
  public var label: @Sendable (FacetCount) -> String
  /// The text of the filter chip a row makes in a token field, for a value; by default "in BR".
  public var chipLabel: @Sendable (String) -> String
  /// Whether an empty query shows rows too (the values among every item); `false` by default.
  public var showsForEmptyQuery: Bool

  /// Creates a source of category rows.
  /// - Parameters:
  ///   - index: The index whose matches are counted.
  ///   - attribute: The attribute whose values become rows.
  ///   - title: The section title.
  ///   - limit: At most this many rows (3 by default).
  ///   - label: A row's text for a value and its count.
  ///   - chipLabel: The text of the filter chip a row makes in a token field, for a value.
  ///   - showsForEmptyQuery: Whether an empty query shows rows too.
  public init(
    _ index: SearchIndex<Item>, attribute: String, title: String? = nil, limit: Int = 3,
    label: @escaping @Sendable (FacetCount) -> String = { "in \($0.value) (\($0.count))" },
    chipLabel: @escaping @Sendable (String) -> String = { "in \($0)" }, showsForEmptyQuery: Bool = false
  ) {
    self.index = index
    self.attribute = attribute
    self.title = title
    self.limit = limit
    self.label = label
    self.chipLabel = chipLabel
    self.showsForEmptyQuery = showsForEmptyQuery
  }

  /// The rows for a non-empty query (or any, with ``showsForEmptyQuery``): one per value among its
  /// matches (the query's filter applied), each carrying a ``CategoryPick`` as its payload and
  /// keeping the typed text on pick.
  public func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    guard showsForEmptyQuery || !query.text.isEmpty,
      let counts = try? index.facetCounts(
        of: attribute, for: query.text, options: query.options, limit: limit)
    else { return [] }
    return counts.map { count in
      Suggestion(
        label(count), completionText: query.text, id: "category:\(attribute)=\(count.value)",
        cellStyle: "category",
        payload: CategoryPick(attribute: attribute, value: count.value, title: chipLabel(count.value)))
    }
  }

  /// `true`: the same query gets the same answer while the session runs.
  public var isCacheable: Bool { true }

  /// The same rows as ``immediateSuggestions(for:)``.
  public func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    try Task.checkCancellation()
    return immediateSuggestions(for: query) ?? []
  }
}

/// What a category row (``CategorySource``) stands for: one value of one attribute, and in a token
/// field the filter chip it makes.
public struct CategoryPick: Sendable, Hashable, FilterChipPayload {
  /// The attribute.
  public var attribute: String
  /// The value.
  public var value: String
  /// The text of the filter chip the row makes in a token field ("in BR").
  public var title: String

  /// Creates a pick; `title` defaults to "in " and the value.
  public init(attribute: String, value: String, title: String? = nil) {
    self.attribute = attribute
    self.value = value
    self.title = title ?? "in \(value)"
  }

  /// The filter the row applies: the attribute equals the value.
  public var filter: AttributeFilter { .isIn(attribute, [.string(value)]) }

  /// The filter chip the row makes in a token field: ``filter`` titled ``title``; `nil` for a
  /// value with a backquote, which Typesense's syntax (the chip's stored form) cannot say.
  public var filterToken: Token? { Token(filter: filter, displayText: title) }
}

extension AutocompleteSession {
  /// When `row` is a category row (its payload a ``CategoryPick``), narrows `searchFilter` to its
  /// value (with the filter already set, both hold) and searches the text again with the list
  /// open; returns whether it was one. In a token field the row is a filter chip instead: the
  /// chip is added unless it is there (a pick of the row already added it).
  @discardableResult
  public func applyCategory(_ row: Suggestion) -> Bool {
    guard let pick = row.payload(as: CategoryPick.self) else { return false }
    if configuration.tokens != nil {
      if let chip = pick.filterToken, !state.tokenState.contains(id: chip.id) {
        send(.tokens(.add(chip)))
      }
    } else {
      searchFilter = AttributeFilter.combined(searchFilter, pick.filter)
    }
    send(.textSet(state.input, opensList: true))
    return true
  }
}
