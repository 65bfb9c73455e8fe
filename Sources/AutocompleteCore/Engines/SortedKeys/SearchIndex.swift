import Foundation

/// An index over a fixed collection that answers a keystroke on a million items within a frame.
///
/// The index folds every key (each item's ``AutocompleteSearchable/searchText`` and alternate keys)
/// once into one contiguous buffer and keeps two sorted orders of the keys:
/// - ``MatchMode/prefix`` and ``MatchMode/exact`` binary-search the sorted keys and take the top k
///   by rank without visiting every match;
/// - ``MatchMode/suffix`` does the same on keys read backwards;
/// - ``MatchMode/contains``, ``MatchMode/words`` and ``MatchMode/fuzzy`` scan the buffer with a cheap
///   byte test first. ``IncrementalSearch`` rescans only the previous matches when a query extends
///   the one before ("st" → "sta").
///
/// On Linux, an index with sorted keys asks the kernel to back its arrays with 2 MiB pages
/// (`madvise` `MADV_HUGEPAGE` and `MADV_COLLAPSE`) once built: a typo search reads a few thousand
/// scattered cache lines, and after the process was idle each of them would otherwise also cost a
/// page-table walk. The memory and what it holds stay the same.
///
/// Items that conform to ``AttributedSearchable`` keep their attributes in a column store
/// (one column per attribute): ``SearchOptions/filter``, ``SearchOptions/boost`` and
/// ``SearchOptions/distinct`` are applied while the best results are collected, a filter that keeps
/// few items is answered by scanning only those, and ``facetCounts(of:for:options:limit:)`` counts
/// the matches per value. A filter, boost, `distinct` or facet naming an attribute none of the items
/// has throws ``UnknownAttributeError``. ``scoped(to:)`` makes a view that no query can widen.
///
/// Searches stop with `CancellationError` when their task is cancelled, so a newer keystroke can
/// stop an older search. The index matches with the engine, not with an item's own
/// ``AutocompleteSearchable/match(_:)``; for custom predicates use
/// `Collection.rankedMatches(for:ranking:)`.
public final class SearchIndex<Item: AutocompleteSearchable>: Sendable {
  /// The items, in the order given.
  public let items: [Item]
  /// Whether the index keeps case and diacritics (`true`) or folds them away (`false`, the default).
  public let isCaseSensitive: Bool
  /// Whether keys also match through their Latin readings and queries also retyped through other
  /// keyboard layouts (``Transliteration``).
  public let transliteration: Transliteration
  /// The string attributes whose values are searched as keys of their items, after the alternate
  /// keys, each once, in the order given (``SearchFields``); empty for none.
  public var searchableAttributes: [String] { searchable.names }
  let searchable: SearchableAttributes
  let folder: TextFolder
  let storage: IndexStorage
  /// The keys as they are, for the queries with whitespace at an end when ``storage`` dropped some
  /// keys' (``IndexStorage/droppedWhitespace``) that cannot be answered around those keys (over
  /// 4,096 of their items, a custom ranking, a boost, `distinct`, an extended pattern): built on the
  /// first such query.
  let keysAsTheyAre: LazyValue<IndexStorage>
  /// Per filter, the keys of its items in ``storage`` (shared with the scoped views, which share the
  /// storage).
  private let filteredKeys: FilteredKeysCache
  /// The items' attributes by column.
  let attributes: AttributeTable
  /// The filter every search of this index is limited to (``scoped(to:)``); `nil` for none.
  public let scope: AttributeFilter?

  /// Builds the index.
  /// - Parameters:
  ///   - items: The items; their order is the last tie-breaker of the ranking.
  ///   - isCaseSensitive: Build for case- and diacritic-sensitive searches. An insensitive index
  ///     (the default) answers sensitive queries too, by checking its candidates.
  ///   - sortsKeys: Sort the keys for fast prefix, exact and suffix lookups (the default). Pass
  ///     `false` for a one-shot search, such as `autocomplete filter`, where one scan of the
  ///     buffer costs less than sorting it.
  ///   - transliteration: With ``Transliteration/latin``, also index the keys' Latin readings
  ///     ("beijing" for 北京) and try queries retyped through other keyboard layouts. Default:
  ///     ``Transliteration/none``.
  ///   - searchableAttributes: String attributes (of items that are ``AttributedSearchable``) whose
  ///     values are searched too: a string value, or each value of a list of strings, becomes a key
  ///     of its item after the alternate keys. By default they rank after the alternate keys, each
  ///     after the one before; ``SearchOptions/fields`` chooses and weighs them per search. Repeats
  ///     count once; past 65,000 names the rest are left out. Default: none.
  public init(
    _ items: [Item], isCaseSensitive: Bool = false, sortsKeys: Bool = true,
    transliteration: Transliteration = .none, searchableAttributes: [String] = []
  ) {
    self.items = items
    self.isCaseSensitive = isCaseSensitive
    self.transliteration = transliteration
    self.searchable = SearchableAttributes(searchableAttributes)
    self.folder = TextFolder(isCaseSensitive: isCaseSensitive)
    self.storage = IndexStorage(
      items: items, folder: folder, sortsKeys: sortsKeys, transliteration: transliteration,
      searchable: searchable)
    self.keysAsTheyAre = LazyValue()
    self.filteredKeys = FilteredKeysCache()
    self.attributes = Self.attributeTable(of: items)
    self.scope = nil
    // Built once to answer many searches: the word index now rather than on the first words-mode
    // keystroke, and huge pages take the cold page walks off them.
    if sortsKeys {
      _ = storage.words
      storage.adviseHugePages()
    }
  }

  /// The items' attributes by column; empty unless `Item` is ``AttributedSearchable``. The type is
  /// asked once, not each item (a cast per item would box each one).
  private static func attributeTable(of items: [Item]) -> AttributeTable {
    guard let type = Item.self as? any AttributedSearchable.Type else {
      return AttributeTable(count: items.count) { _ in [:] }
    }
    return attributeTable(of: items, as: type)
  }

  private static func attributeTable<Attributed: AttributedSearchable>(
    of items: [Item], as type: Attributed.Type
  ) -> AttributeTable {
    // `Attributed` is `Item` itself: the array is reinterpreted, not converted.
    let attributed = unsafeBitCast(items, to: [Attributed].self)
    return AttributeTable(count: attributed.count) { attributed[$0].attributes }
  }

  /// A view of `index` limited to `scope`.
  private init(_ index: SearchIndex, scope: AttributeFilter) {
    self.items = index.items
    self.isCaseSensitive = index.isCaseSensitive
    self.transliteration = index.transliteration
    self.searchable = index.searchable
    self.folder = index.folder
    self.storage = index.storage
    self.keysAsTheyAre = index.keysAsTheyAre
    self.filteredKeys = index.filteredKeys
    self.attributes = index.attributes
    self.scope = AttributeFilter.combined(index.scope, scope)
  }

  /// This index limited to the items that satisfy `scope` (a user's or a team's items): every
  /// search of the view, whatever its options' filter, answers only those. The view shares this
  /// index's storage; scoping a view narrows it further.
  public func scoped(to scope: AttributeFilter) -> SearchIndex {
    SearchIndex(self, scope: scope)
  }

  /// The names of the attributes any item has, for ``AttributeFilter/init(parsing:knownAttributes:)``.
  public var attributeNames: Set<String> { attributes.names }

  /// How many of the matches of `query` have each value of `attribute`: most first, ties by value,
  /// the first `limit` when given. `options` are those of the search the counts go with, so that
  /// they count what it finds: their mode, typos, fields and filter (and the scope) apply; their
  /// limit, boost and `distinct` do not (every match counts).
  /// - Throws: `CancellationError` when the calling task is cancelled mid-search;
  ///   ``UnknownAttributeError`` when `attribute`, or the options' filter, boost or `distinct`,
  ///   names an attribute none of the items has (an index without items accepts any).
  public func facetCounts(
    of attribute: String, for query: String, options: SearchOptions, limit: Int? = nil
  ) throws -> [FacetCount] {
    try checkAttributes(of: options, facet: attribute)
    guard let owners = try storageSearch.facetOwners(SearchQuery(query, options: options)) else {
      return attributes.facetCounts(of: attribute, among: 0..<items.count, limit: limit)
    }
    return attributes.facetCounts(of: attribute, among: owners, limit: limit)
  }

  /// The counts of ``facetCounts(of:for:options:limit:)`` with the default options (prefix mode,
  /// no filter), whatever options the search they go with used: a `.words` search for "running"
  /// finds "Trail running shoe" where these count nothing.
  /// - Throws: as ``facetCounts(of:for:options:limit:)``.
  @available(
    *, deprecated,
    message: "pass the options of the search the counts go with: facetCounts(of:for:options:limit:)"
  )
  public func facetCounts(of attribute: String, for query: String, limit: Int? = nil) throws -> [FacetCount] {
    try facetCounts(of: attribute, for: query, options: SearchOptions(), limit: limit)
  }

  /// Throws ``UnknownAttributeError`` when `options` (their filter, boost or `distinct`) or
  /// `facet` name an attribute that none of the items has; an index without items accepts any.
  func checkAttributes(of options: SearchOptions, facet: String? = nil) throws {
    guard !items.isEmpty else { return }
    for name in options.attributeNames + (facet.map { [$0] } ?? []) where attributes.columns[name] == nil {
      throw UnknownAttributeError(attribute: name, knownAttributes: attributes.names)
    }
  }

  /// The bytes the index itself keeps (folded keys, sorted orders, ranks and their tables), not
  /// counting the items: what an app pays in memory for fast search over its collection.
  public var storageByteCount: Int { storage.byteCount }

  /// The number of keys (search texts plus alternate keys) in the index.
  public var keyCount: Int { storage.keyCount }

  /// Answers `query` with up to `options.limit` results, best first.
  /// - Throws: `CancellationError` when the calling task is cancelled mid-search;
  ///   ``UnsearchableAttributeError`` when the options' fields weigh an attribute that is not among
  ///   ``searchableAttributes``; ``UnknownAttributeError`` when their filter, boost or `distinct`
  ///   names an attribute none of the items has (a misspelt `categry` would otherwise answer
  ///   nothing; an index without items accepts any).
  public func search(
    _ query: String, options: SearchOptions = SearchOptions(), ranking: SearchRanking = .standard
  ) throws -> [SearchResult<Item>] {
    try checkAttributes(of: options)
    return try options.answering { options in
      let results = try execute(SearchQuery(query, options: options), ranking: ranking, candidates: nil)
        .results
      return try addingRetypedMatches(to: results, of: query, options: options, ranking: ranking)
    }
  }

  /// `results` with the matches of `query` retyped through other keyboard layouts, with
  /// ``Transliteration/latin`` on the index or in `options`.
  func addingRetypedMatches(
    to results: [SearchResult<Item>], of query: String, options: SearchOptions, ranking: SearchRanking
  ) throws -> [SearchResult<Item>] {
    guard transliteration == .latin || options.transliteration == .latin else { return results }
    let byteCounts = storage.byteCounts
    return try RetypedQueries.merged(
      results, query: query, options: options, ranking: ranking,
      isWorthTrying: { RetypedQueries.scriptOccurs($0, byteCounts: byteCounts) },
      search: { try execute(SearchQuery($0, options: options), ranking: ranking, candidates: nil).results })
  }

  /// Makes a searcher that remembers its last answer, so that a query extending the previous one
  /// rescans only the previous matches.
  public func makeSearcher() -> IncrementalSearch<Item> {
    IncrementalSearch(index: self)
  }

  // MARK: Execution

  typealias Execution = StorageSearch<Item>.Execution

  /// The search over ``storage`` and ``items``.
  private var storageSearch: StorageSearch<Item> {
    let items = items
    return StorageSearch(
      storage: storage, isCaseSensitive: isCaseSensitive, folder: folder, keysAsTheyAre: keysAsTheyAre,
      item: { items[$0] }, offset: { $0 }, isLive: nil, removedCount: 0, allItems: { items },
      transliteration: transliteration, searchable: searchable, attributes: attributes, scope: scope,
      filteredKeys: filteredKeys)
  }

  /// The index-folded form of a query.
  func indexFolded(_ query: SearchQuery) -> [UInt8] {
    storageSearch.indexFolded(query)
  }

  func execute(_ query: SearchQuery, ranking: SearchRanking, candidates: [UInt32]?, scope: TypoScope? = nil)
    throws
    -> Execution
  {
    try storageSearch.execute(query, ranking: ranking, candidates: candidates, scope: scope)
  }
}
