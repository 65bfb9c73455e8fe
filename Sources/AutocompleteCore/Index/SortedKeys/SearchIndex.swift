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
/// Searches stop with `CancellationError` when their task is cancelled, so a newer keystroke can
/// stop an older search. The index matches with the engine, not with an item's own
/// ``AutocompleteSearchable/match(_:)``; for custom predicates use
/// `Collection.rankedMatches(for:ranking:)`.
public final class SearchIndex<Item: AutocompleteSearchable>: Sendable {
  /// The items, in the order given.
  public let items: [Item]
  /// Whether the index keeps case and diacritics (`true`) or folds them away (`false`, the default).
  public let isCaseSensitive: Bool
  let folder: TextFolder
  let storage: IndexStorage
  /// The keys as they are, for the queries with whitespace at an end when ``storage`` dropped some
  /// keys' (``IndexStorage/droppedWhitespace``): built on the first such query.
  private let keysAsTheyAre = LazyStorage()

  /// Builds the index.
  /// - Parameters:
  ///   - items: The items; their order is the last tie-breaker of the ranking.
  ///   - isCaseSensitive: Build for case- and diacritic-sensitive searches. An insensitive index
  ///     (the default) answers sensitive queries too, by checking its candidates.
  ///   - sortsKeys: Sort the keys for fast prefix, exact and suffix lookups (the default). Pass
  ///     `false` for a one-shot search, such as `autocomplete filter`, where one scan of the
  ///     buffer costs less than sorting it.
  public init(_ items: [Item], isCaseSensitive: Bool = false, sortsKeys: Bool = true) {
    self.items = items
    self.isCaseSensitive = isCaseSensitive
    self.folder = TextFolder(isCaseSensitive: isCaseSensitive)
    self.storage = IndexStorage(items: items, folder: folder, sortsKeys: sortsKeys)
    // Built once to answer many searches: huge pages take the cold page walks off them.
    if sortsKeys { storage.adviseHugePages() }
  }

  /// The bytes the index itself keeps (folded keys, sorted orders, ranks and their tables), not
  /// counting the items: what an app pays in memory for fast search over its collection.
  public var storageByteCount: Int { storage.byteCount }

  /// The number of keys (search texts plus alternate keys) in the index.
  public var keyCount: Int { storage.keyCount }

  /// Answers `query` with up to `options.limit` results, best first.
  /// - Throws: `CancellationError` when the calling task is cancelled mid-search.
  public func search(
    _ query: String, options: SearchOptions = SearchOptions(), ranking: SearchRanking = .standard
  ) throws -> [SearchResult<Item>] {
    try execute(SearchQuery(query, options: options), ranking: ranking, candidates: nil).results
  }

  /// Makes a searcher that remembers its last answer, so that a query extending the previous one
  /// rescans only the previous matches.
  public func makeSearcher() -> IncrementalSearch<Item> {
    IncrementalSearch(index: self)
  }

  // MARK: Execution

  struct Execution {
    var results: [SearchResult<Item>]
    /// Every key that matched the index-folded query, when the mode scans; `nil` otherwise.
    var matchedKeys: [UInt32]?
    /// What a typo walk of the sorted keys matched; `nil` otherwise.
    var scope: TypoScope? = nil
  }

  /// The index-folded form of a query.
  func indexFolded(_ query: SearchQuery) -> [UInt8] {
    if query.options.isCaseSensitive == isCaseSensitive { return query.folded }
    return SearchQuery.fold(query.text, with: folder, mode: query.options.mode)
  }

  func execute(_ query: SearchQuery, ranking: SearchRanking, candidates: [UInt32]?, scope: TypoScope? = nil)
    throws
    -> Execution
  {
    try Task.checkCancellation()
    if query.matchesNothing { return Execution(results: [], matchedKeys: nil) }
    let options = query.options
    if options.isCaseSensitive == false && isCaseSensitive
      || (options.isCaseSensitive != isCaseSensitive && (query.typos != nil || query.pattern != nil))
    {
      // A sensitive index cannot find what folding would, and typos counted on the other folding
      // differ ("ß" is one character, folded "ss" two): match every item.
      return Execution(results: items.rankedByEngine(query, ranking: ranking), matchedKeys: nil)
    }
    let verifies = options.isCaseSensitive != isCaseSensitive
    let capacity = verifies || !ranking.isStandard ? nil : options.limit
    let folded = indexFolded(query)
    let (entries, matched, _, matchedScope) = try withAnsweringStorage(for: folded) {
      try $0.collect(
        folded, mode: options.mode, capacity: capacity, candidates: candidates, typos: query.typos,
        scope: scope, pattern: query.pattern)
    }
    return Execution(
      results: results(for: entries, query: query, ranking: ranking, verifies: verifies),
      matchedKeys: matched,
      scope: matchedScope)
  }

  /// Calls `body` with the storage that answers the index-folded `folded` query: the sorted one,
  /// unless the query must see whitespace that it dropped at the ends of keys (``KeyTrimming``);
  /// then unsorted storage of the keys as they are, with the same key numbers, made once.
  ///
  /// The sorted storage is lent, not returned: a returned copy retains each of its arrays (about
  /// thirty) and releases them after the search.
  private func withAnsweringStorage<Result>(for folded: [UInt8], _ body: (IndexStorage) throws -> Result)
    rethrows -> Result
  {
    guard storage.droppedWhitespace, KeyTrimming.Ends(query: folded).seesWhitespace else {
      return try body(storage)
    }
    return try body(keysAsTheyAre.value { IndexStorage(items: items, folder: folder, sortsKeys: false) })
  }

  /// Turns the kept entries into results, in ranking order.
  ///
  /// With the standard ranking the entries are already in order (key numbers encode the
  /// tie-breakers); a custom ranking sorts them, and a sensitive query on a folded index checks
  /// each candidate with the sensitive matcher.
  private func results(
    for entries: [TopResults.Entry], query: SearchQuery, ranking: SearchRanking, verifies: Bool
  ) -> [SearchResult<Item>] {
    let options = query.options
    if verifies {
      var candidates: [Item] = []
      var offsets: [Int] = []
      for entry in entries.sorted(by: { $0.owner < $1.owner }) {  // keep the items' order for ties
        candidates.append(items[Int(entry.owner)])
        offsets.append(Int(entry.owner))
      }
      return candidates.rankedByEngine(query, ranking: ranking).map {
        SearchResult(item: $0.item, offset: offsets[$0.offset], match: $0.match)
      }
    }
    var results: [SearchResult<Item>] = []
    results.reserveCapacity(entries.count)
    for entry in entries {
      let offset = Int(entry.owner)
      let item = items[offset]
      let keyIndex = storage.keyIndex(Int(entry.key))
      let text = keyIndex == 0 ? item.searchText : item.alternateSearchTexts[keyIndex - 1]
      var match = TextMatch(
        kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: text, keyIndex: keyIndex)
      if options.includesHighlightRanges, let full = query.match(text, keyIndex: keyIndex) {
        match.ranges = full.ranges
      }
      results.append(SearchResult(item: item, offset: offset, match: match))
    }
    guard !ranking.isStandard else { return results }
    var keyed = results.map { result in
      (
        key: RankingKey(
          kind: result.match.kind, score: result.match.score, weight: result.item.weight,
          length: result.item.searchText.utf8.count, offset: result.offset, keyIndex: result.match.keyIndex,
          typos: result.match.typos),
        result: result
      )
    }
    keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = options.limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map(\.result)
  }
}

extension Array where Element: AutocompleteSearchable {
  /// Ranks with the engine's matching (not the items' own overrides).
  func rankedByEngine(_ query: SearchQuery, ranking: SearchRanking) -> [SearchResult<Element>] {
    var keyed: [(key: RankingKey, result: SearchResult<Element>)] = []
    for (offset, item) in enumerated() {
      guard let match = query.bestMatch(searchText: item.searchText, alternates: item.alternateSearchTexts)
      else { continue }
      let key = RankingKey(
        kind: match.kind, score: match.score, weight: item.weight, length: item.searchText.utf8.count,
        offset: offset, keyIndex: match.keyIndex, typos: match.typos)
      keyed.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = query.options.limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map(\.result)
  }
}

/// Storage made on first use, once, whichever task asks first.
final class LazyStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: IndexStorage?

  /// The storage, made by `make` on the first call.
  func value(_ make: () -> IndexStorage) -> IndexStorage {
    lock.lock()
    defer { lock.unlock() }
    if let storage { return storage }
    let made = make()
    storage = made
    return made
  }
}
