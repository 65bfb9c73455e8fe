/// One search over one ``IndexStorage`` and the items its keys belong to: the part of a search that
/// ``SearchIndex`` (items in an array) and each segment of a ``DiskIndex`` (items decoded from the
/// file only for the results, some of them removed since) share.
///
/// The storage finds the best entries by key; this turns them into results: it skips owners that are
/// no longer live (asking the storage for as many more entries as there are such owners, so the
/// best `limit` live ones are among them), reads each result's item, computes its highlights, and
/// orders the results by a custom ranking when one is given.
struct StorageSearch<Item: AutocompleteSearchable> {
  /// The sorted (or one-shot) storage.
  let storage: IndexStorage
  /// Whether the storage keeps case and diacritics.
  let isCaseSensitive: Bool
  let folder: TextFolder
  /// The keys as they are, made on the first query with whitespace at an end when ``storage``
  /// dropped some keys' whitespace (``IndexStorage/droppedWhitespace``).
  let keysAsTheyAre: LazyStorage
  /// The item of an owner (its number in the storage).
  let item: (Int) throws -> Item
  /// The offset a result reports for an owner.
  let offset: (Int) -> Int
  /// Whether an owner is still in the collection; `nil` when every owner is.
  let isLive: ((Int) -> Bool)?
  /// How many owners are not live.
  let removedCount: Int
  /// Every owner's item, in order (live or not), for the answers that read them all.
  let allItems: () throws -> [Item]
  /// Whether the storage holds the items' Latin readings, numbered after their own keys.
  var transliteration: Transliteration = .none

  /// The results of a search, and what an ``IncrementalSearch`` keeps of it.
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
    throws -> Execution
  {
    try Task.checkCancellation()
    if query.matchesNothing { return Execution(results: [], matchedKeys: nil) }
    let options = query.options
    if options.isCaseSensitive == false && isCaseSensitive
      || (options.isCaseSensitive != isCaseSensitive && (query.typos != nil || query.pattern != nil))
    {
      // A sensitive index cannot find what folding would, and typos counted on the other folding
      // differ ("ß" is one character, folded "ss" two): match every item.
      let owners = try liveOwners(of: allItems())
      return Execution(
        results: owners.items.rankedByEngine(
          query, ranking: ranking, offsets: owners.offsets, transliteration: transliteration),
        matchedKeys: nil)
    }
    let verifies = options.isCaseSensitive != isCaseSensitive
    // Enough entries that the best `limit` live ones are among them.
    let extended = options.limit.map { min($0, Int.max - removedCount) + removedCount }
    let capacity = verifies || !ranking.isStandard ? nil : extended
    let folded = indexFolded(query)
    var (entries, matched, _, matchedScope) = try withAnsweringStorage(for: folded) {
      try $0.collect(
        folded, mode: options.mode, capacity: capacity, candidates: candidates, typos: query.typos,
        scope: scope, pattern: query.pattern)
    }
    if let isLive {
      entries.removeAll { !isLive(Int($0.owner)) }
      if let limit = options.limit, entries.count > limit, capacity != nil {
        entries.removeSubrange(limit...)
      }
    }
    return Execution(
      results: try results(for: entries, query: query, ranking: ranking, verifies: verifies),
      matchedKeys: matched,
      scope: matchedScope)
  }

  /// The live items among `items` (every owner's), with their offsets.
  private func liveOwners(of items: [Item]) -> (items: [Item], offsets: [Int]) {
    var live: [Item] = []
    var offsets: [Int] = []
    for (owner, item) in items.enumerated() where isLive?(owner) ?? true {
      live.append(item)
      offsets.append(offset(owner))
    }
    return (live, offsets)
  }

  /// Calls `body` with the storage that answers the index-folded `folded` query: the sorted one,
  /// unless the query must see whitespace that it dropped at the ends of keys (``KeyTrimming``);
  /// then unsorted storage of the keys as they are, with the same key numbers, made once.
  ///
  /// The sorted storage is lent, not returned: a returned copy retains each of its arrays (about
  /// thirty) and releases them after the search.
  private func withAnsweringStorage<Result>(for folded: [UInt8], _ body: (IndexStorage) throws -> Result)
    throws -> Result
  {
    guard storage.droppedWhitespace, KeyTrimming.Ends(query: folded).seesWhitespace else {
      return try body(storage)
    }
    let items = try allItems()
    return try body(
      keysAsTheyAre.value {
        IndexStorage(items: items, folder: folder, sortsKeys: false, transliteration: transliteration)
      })
  }

  /// Turns the kept entries into results, in ranking order.
  ///
  /// With the standard ranking the entries are already in order (key numbers encode the
  /// tie-breakers); a custom ranking sorts them, and a sensitive query on a folded index checks
  /// each candidate with the sensitive matcher.
  private func results(
    for entries: [TopResults.Entry], query: SearchQuery, ranking: SearchRanking, verifies: Bool
  ) throws -> [SearchResult<Item>] {
    let options = query.options
    if verifies {
      var candidates: [Item] = []
      var offsets: [Int] = []
      for entry in entries.sorted(by: { $0.owner < $1.owner }) {  // keep the items' order for ties
        candidates.append(try item(Int(entry.owner)))
        offsets.append(offset(Int(entry.owner)))
      }
      return candidates.rankedByEngine(
        query, ranking: ranking, offsets: offsets, transliteration: transliteration)
    }
    var results: [SearchResult<Item>] = []
    results.reserveCapacity(entries.count)
    for entry in entries {
      let item = try item(Int(entry.owner))
      let keyIndex = storage.keyIndex(Int(entry.key))
      if keyIndex > item.alternateSearchTexts.count {  // a Latin reading
        let key = ReadingKeys.readings(of: item)[keyIndex - item.alternateSearchTexts.count - 1]
        var match = TextMatch(
          kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: key.text,
          keyIndex: keyIndex)
        if options.includesHighlightRanges, let full = query.match(key.text) { match.ranges = full.ranges }
        match = ReadingKeys.mapped(match, of: key, in: item)
        results.append(SearchResult(item: item, offset: offset(Int(entry.owner)), match: match))
        continue
      }
      let text = keyIndex == 0 ? item.searchText : item.alternateSearchTexts[keyIndex - 1]
      var match = TextMatch(
        kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: text, keyIndex: keyIndex)
      if options.includesHighlightRanges, let full = query.match(text, keyIndex: keyIndex) {
        match.ranges = full.ranges
      }
      results.append(SearchResult(item: item, offset: offset(Int(entry.owner)), match: match))
    }
    guard !ranking.isStandard else { return results }
    return results.ranked(by: ranking, limit: options.limit)
  }
}

extension Array {
  /// The results in `ranking`'s order, the first `limit` of them.
  func ranked<Item: AutocompleteSearchable>(by ranking: SearchRanking, limit: Int?) -> [SearchResult<Item>]
  where Element == SearchResult<Item> {
    var keyed = map { result in
      (
        key: RankingKey(
          result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
          offset: result.offset),
        result: result
      )
    }
    keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map(\.result)
  }
}

extension Array where Element: AutocompleteSearchable {
  /// Ranks with the engine's matching (not the items' own overrides); `offsets` are the items'
  /// offsets in their collection (by default their positions here).
  func rankedByEngine(
    _ query: SearchQuery, ranking: SearchRanking, offsets: [Int]? = nil,
    transliteration: Transliteration = .none
  ) -> [SearchResult<Element>] {
    var keyed: [(key: RankingKey, result: SearchResult<Element>)] = []
    for (position, item) in enumerated() {
      guard
        let match = ReadingKeys.better(
          query.bestMatch(searchText: item.searchText, alternates: item.alternateSearchTexts),
          orReadingOf: item, query: query, transliteration: transliteration)
      else { continue }
      let offset = offsets?[position] ?? position
      let key = RankingKey(match, weight: item.weight, length: item.searchText.utf8.count, offset: offset)
      keyed.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    if let limit = query.options.limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map(\.result)
  }
}
