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
  /// dropped some keys' whitespace (``IndexStorage/droppedWhitespace``) that is not answered around
  /// those keys (``ownersOfTrimmedKeys(seenBy:)``).
  let keysAsTheyAre: LazyValue<IndexStorage>
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
  /// The string attributes whose values the storage holds as keys, numbered after each item's
  /// alternates (``SearchableAttributes``).
  var searchable: SearchableAttributes = .none
  /// The owners' attributes; `nil` when the storage keeps none (then a filter, boost or `distinct`
  /// throws ``AttributesUnavailableError``).
  var attributes: AttributeTable? = nil
  /// A filter every search is limited to, whatever its options say.
  var scope: AttributeFilter? = nil
  /// The live owners, when some are not (``isLive``): a `distinct` search admits only them, so a
  /// removed item never takes its group's place.
  var liveOwners: (() -> ItemMask)? = nil
  /// Per filter, its item count and its items' keys in ``storage``, kept across searches; `nil`
  /// lists them for every search.
  var filteredKeys: FilteredKeysCache? = nil

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
    let restriction = try self.restriction(for: options)
    if options.isCaseSensitive == false && isCaseSensitive
      || (options.isCaseSensitive != isCaseSensitive && (query.typos != nil || query.pattern != nil))
    {
      // A sensitive index cannot find what folding would, and typos counted on the other folding
      // differ ("ß" is one character, folded "ss" two): match every item.
      let owners = try liveOwners(of: allItems(), allowed: restriction?.allowed)
      return Execution(
        results: owners.items.rankedByEngine(
          query, ranking: ranking, offsets: owners.offsets, owners: owners.owners, restriction: restriction,
          transliteration: transliteration, searchable: searchable),
        matchedKeys: nil)
    }
    let verifies = options.isCaseSensitive != isCaseSensitive
    let reorders = restriction?.reorders ?? false
    // Enough entries that the best `limit` live ones are among them.
    let extended = options.limit.map { min($0, Int.max - removedCount) + removedCount }
    let capacity = verifies || !ranking.isStandard || reorders ? nil : extended
    let folded = indexFolded(query)
    let candidates = candidates ?? restriction.flatMap { filteredCandidates($0, query: query) }
    if !verifies, ranking.isStandard, !reorders, restriction?.groups == nil, query.pattern == nil,
      let trimmed = ownersOfTrimmedKeys(seenBy: folded)
    {
      return try executeAroundTrimmedKeys(
        trimmed, query: query, folded: folded, capacity: capacity, candidates: candidates, scope: scope,
        restriction: restriction)
    }
    var (entries, matched, _, matchedScope) = try withAnsweringStorage(for: folded) {
      try $0.collect(
        folded, mode: options.mode, capacity: capacity, candidates: candidates, typos: query.typos,
        scope: scope, pattern: query.pattern, restriction: restriction)
    }
    if let isLive { entries.removeAll { !isLive(Int($0.owner)) } }
    if let limit = options.limit, entries.count > limit,
      capacity != nil || (reorders && !verifies && ranking.isStandard)
    {
      entries.removeSubrange(limit...)
    }
    return Execution(
      results: try results(
        for: entries, query: query, ranking: ranking, verifies: verifies, restriction: restriction),
      matchedKeys: matched,
      scope: matchedScope)
  }

  /// Every owner that matches `query` (its filter, scope and fields applied; not its limit, boost
  /// or `distinct`), each once: what facet counts count.
  func matchingOwners(_ query: SearchQuery) throws -> [Int] {
    try Task.checkCancellation()
    if query.matchesNothing { return [] }
    let options = query.options
    guard options.isCaseSensitive == isCaseSensitive else {
      // Answered by matching the items themselves: take every result.
      var unlimited = options
      (unlimited.maximumCount, unlimited.boost, unlimited.distinct) = (nil, nil, nil)
      let all = try execute(SearchQuery(query.text, options: unlimited), ranking: .standard, candidates: nil)
      return all.results.map(\.offset)
    }
    let restriction = try self.restriction(for: options)
    let folded = indexFolded(query)
    if storage.isSorted, query.typos == nil, query.pattern == nil, !folded.isEmpty,
      options.mode == .prefix || options.mode == .exact,
      !storage.dropsWhitespace(seenBy: folded)
    {
      // The matches are a range of the sorted keys: read their owners, no top k.
      let owners = storage.owners(matching: folded, isExact: options.mode == .exact, restriction: restriction)
      guard let isLive else { return owners }
      return owners.filter { isLive($0) }
    }
    let candidates = restriction.flatMap { filteredCandidates($0, query: query) }
    if query.pattern == nil, let trimmed = ownersOfTrimmedKeys(seenBy: folded) {
      return try matchingOwnersAroundTrimmedKeys(
        trimmed, query: query, folded: folded, candidates: candidates, restriction: restriction)
    }
    let entries = try withAnsweringStorage(for: folded) {
      try $0.collect(
        folded, mode: options.mode, capacity: nil, candidates: candidates, typos: query.typos, scope: nil,
        pattern: query.pattern, restriction: restriction
      ).entries
    }
    return entries.compactMap { entry in isLive?(Int(entry.owner)) ?? true ? Int(entry.owner) : nil }
  }

  /// What the options' filter, boost, `distinct` and fields (and the scope) restrict; `nil` when
  /// nothing.
  func restriction(for options: SearchOptions) throws -> ResultRestriction? {
    let filter = AttributeFilter.combined(scope, options.filter)  // the scope and the filter, both
    let fields = options.fields.flatMap { $0.isEveryField ? nil : $0 }
    guard filter != nil || options.boost != nil || options.distinct != nil || fields != nil else {
      return nil
    }
    var restriction = ResultRestriction()
    if filter != nil || options.boost != nil || options.distinct != nil {
      guard let attributes else { throw AttributesUnavailableError() }
      restriction.allowed = filter.map { attributes.mask(for: $0) }
      restriction.boosted = options.boost.map { attributes.mask(for: $0) }
      restriction.groups = options.distinct.map { attributes.groups(of: $0) }
      if restriction.groups != nil, let live = liveOwners?() {
        var allowed = restriction.allowed ?? live
        allowed.formIntersection(live)
        restriction.allowed = allowed
      }
    }
    if let fields {
      let order = try FieldOrder(fields, searchable: searchable)
      restriction.fieldRanks = order.ranks.map {
        $0.map { UInt16(clamping: $0) } ?? ResultRestriction.notSearched
      }
      restriction.reordersFields = !order.followsKeyOrder
      let searched = order.ranks.compactMap { $0 }
      if Set(searched).count != searched.count {
        let storage = storage
        restriction.itemRank = { storage.itemRank(of: $0) }
      }
    }
    return restriction
  }

  /// For a filter that keeps few items, the keys of those items: a scanning search then reads them
  /// instead of every key, so it never costs more than scanning the filtered items. `nil` when the
  /// search looks keys up in sorted order or the filter keeps many.
  private func filteredCandidates(_ restriction: ResultRestriction, query: SearchQuery) -> [UInt32]? {
    guard let allowed = restriction.allowed, query.pattern == nil else { return nil }
    let mode = query.options.mode
    let scans = !storage.isSorted || mode == .contains || mode == .words || mode == .fuzzy
    // A sorted lookup or a typo walk of the sorted keys is fast whatever the filter: check the
    // filtered keys instead only when they are very few.
    let share = scans && query.typos == nil ? 8 : 256
    guard let filteredKeys, let filter = AttributeFilter.combined(scope, query.options.filter) else {
      guard allowed.setCount * share < allowed.count else { return nil }
      return storage.keys(ofOwnersIn: allowed)
    }
    guard filteredKeys.setCount(of: filter, mask: allowed) * share < allowed.count else { return nil }
    return filteredKeys.keys(of: filter, mask: allowed) { storage.keys(ofOwnersIn: allowed) }
  }

  /// The live items among `items` (every owner's) that `allowed` lets through, with their offsets
  /// and owners.
  private func liveOwners(of items: [Item], allowed: ItemMask?) -> (
    items: [Item], offsets: [Int], owners: [UInt32]
  ) {
    var live: [Item] = []
    var offsets: [Int] = []
    var owners: [UInt32] = []
    for (owner, item) in items.enumerated() where isLive?(owner) ?? true {
      if let allowed, !allowed.contains(owner) { continue }
      live.append(item)
      offsets.append(offset(owner))
      owners.append(UInt32(owner))
    }
    return (live, offsets, owners)
  }

  /// Calls `body` with the storage that answers the index-folded `folded` query: the sorted one,
  /// unless the query must see whitespace that it dropped at the ends of keys (``KeyTrimming``) and
  /// cannot be answered around those keys (``ownersOfTrimmedKeys(seenBy:)``); then unsorted storage
  /// of the keys as they are, with the same key numbers, made once.
  ///
  /// The sorted storage is lent, not returned: a returned copy retains each of its arrays (about
  /// thirty) and releases them after the search.
  private func withAnsweringStorage<Result>(for folded: [UInt8], _ body: (IndexStorage) throws -> Result)
    throws -> Result
  {
    guard storage.dropsWhitespace(seenBy: folded) else {
      return try body(storage)
    }
    // The items are read only the first time: a disk segment decodes every record for them.
    return try body(
      keysAsTheyAre.value {
        IndexStorage(
          items: try allItems(), folder: folder, sortsKeys: false, transliteration: transliteration,
          searchable: searchable)
      })
  }

  /// Turns the kept entries into results, in ranking order.
  ///
  /// With the standard ranking the entries are already in order (key numbers encode the
  /// tie-breakers); a custom ranking sorts them, and a sensitive query on a folded index checks
  /// each candidate with the sensitive matcher.
  func results(
    for entries: [TopResults.Entry], query: SearchQuery, ranking: SearchRanking, verifies: Bool,
    restriction: ResultRestriction?
  ) throws -> [SearchResult<Item>] {
    let options = query.options
    if verifies {
      var candidates: [Item] = []
      var offsets: [Int] = []
      var owners: [UInt32] = []
      for entry in entries.sorted(by: { $0.owner < $1.owner }) {  // keep the items' order for ties
        candidates.append(try item(Int(entry.owner)))
        offsets.append(offset(Int(entry.owner)))
        owners.append(entry.owner)
      }
      return candidates.rankedByEngine(
        query, ranking: ranking, offsets: offsets, owners: owners, restriction: restriction,
        transliteration: transliteration, searchable: searchable)
    }
    var results: [SearchResult<Item>] = []
    results.reserveCapacity(entries.count)
    for entry in entries {
      let item = try item(Int(entry.owner))
      let keyIndex = storage.keyIndex(Int(entry.key))
      let firstAttributeKey = item.alternateSearchTexts.count + 1
      let attributeKeys = keyIndex >= firstAttributeKey ? searchable.keys(of: item) : []
      if keyIndex >= firstAttributeKey + attributeKeys.count {  // a Latin reading
        let key = try readingKey(
          Int(entry.key), keyIndex: keyIndex, firstReading: firstAttributeKey + attributeKeys.count, of: item,
          owner: Int(entry.owner))
        var match = TextMatch(
          kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: key.text,
          keyIndex: keyIndex)
        if options.includesHighlightRanges, let full = query.match(key.text) { match.ranges = full.ranges }
        match = ReadingKeys.mapped(match, of: key, in: item)
        results.append(SearchResult(item: item, offset: offset(Int(entry.owner)), match: match))
        continue
      }
      if keyIndex >= firstAttributeKey {  // a searchable attribute's value
        results.append(
          SearchResult(
            item: item, offset: offset(Int(entry.owner)),
            match: attributeMatch(
              entry, query: query, key: attributeKeys[keyIndex - firstAttributeKey], keyIndex: keyIndex)))
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
    guard let restriction, restriction.boosted != nil || restriction.groups != nil else {
      return results.ranked(by: ranking, limit: options.limit)
    }
    let owners = entries.map(\.owner)
    let positions = Dictionary(zip(results.map(\.offset), owners), uniquingKeysWith: { a, _ in a })
    return results.ranked(by: ranking, limit: nil) {
      restriction.boosted?.contains(Int(positions[$0]!)) ?? false
    }
    .distinct(limit: options.limit) { restriction.groups?[Int(positions[$0.offset]!)] }
  }
}

extension StorageSearch {
  /// The match of `entry`, on the value `key` of a searchable attribute (key number `keyIndex`).
  private func attributeMatch(
    _ entry: TopResults.Entry, query: SearchQuery, key: SearchableAttributes.Key, keyIndex: Int
  ) -> TextMatch {
    var match = TextMatch(
      kind: entry.kind, score: entry.score, typos: Int(entry.typos), matchedText: key.text, keyIndex: keyIndex
    )
    match.attribute = searchable.names[key.attribute]
    match.field = FieldOrder.field(ofAttribute: key.attribute)
    if query.options.includesHighlightRanges, let full = query.match(key.text, keyIndex: keyIndex) {
      match.ranges = full.ranges
    }
    return match
  }
}

extension Array {
  /// The results in `ranking`'s order, the first `limit` of them.
  func ranked<Item: AutocompleteSearchable>(
    by ranking: SearchRanking, limit: Int?, isBoosted: (Int) -> Bool = { _ in false }
  ) -> [SearchResult<Item>]
  where Element == SearchResult<Item> {
    var keyed = map { result in
      var key = RankingKey(
        result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
        offset: result.offset)
      key.isBoosted = isBoosted(result.offset)
      return (key: key, result: result)
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
    transliteration: Transliteration = .none, searchable: SearchableAttributes = .none,
    isBoosted: (Int) -> Bool = { _ in false }
  ) -> [SearchResult<Element>] {
    var keyed: [(key: RankingKey, result: SearchResult<Element>)] = []
    let fields = query.options.fields.flatMap { $0.isEveryField ? nil : $0 }
    let order = FieldOrder(resolved: fields, searchable: searchable)
    for (position, item) in enumerated() {
      let own =
        fields == nil
        ? ReadingKeys.better(
          query.bestMatch(searchText: item.searchText, alternates: item.alternateSearchTexts),
          orReadingOf: item, query: query, transliteration: transliteration)
        : query.bestOwnMatch(of: item, order: order)
      guard let match = query.better(own, orAttributeMatchOf: item, searchable: searchable, order: order)
      else {
        continue
      }
      let offset = offsets?[position] ?? position
      var key = RankingKey(match, weight: item.weight, length: item.searchText.utf8.count, offset: offset)
      key.isBoosted = isBoosted(offset)
      keyed.append((key, SearchResult(item: item, offset: offset, match: match)))
    }
    if ranking.isStandard {
      keyed.sort { order.precedes($0.key, $1.key) }
    } else {
      keyed.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    }
    if let limit = query.options.limit, keyed.count > limit { keyed.removeSubrange(limit...) }
    return keyed.map(\.result)
  }
}

extension Array where Element: AutocompleteSearchable {
  /// ``rankedByEngine(_:ranking:offsets:transliteration:isBoosted:)`` with the search's boost and `distinct`
  /// (`owners` are the items' numbers in the restriction's masks and groups).
  func rankedByEngine(
    _ query: SearchQuery, ranking: SearchRanking, offsets: [Int], owners: [UInt32],
    restriction: ResultRestriction?, transliteration: Transliteration = .none,
    searchable: SearchableAttributes = .none
  ) -> [SearchResult<Element>] {
    guard let restriction, restriction.boosted != nil || restriction.groups != nil else {
      return rankedByEngine(
        query, ranking: ranking, offsets: offsets, transliteration: transliteration, searchable: searchable)
    }
    var options = query.options
    options.maximumCount = nil
    let unlimited = SearchQuery(query.text, options: options)
    let ownerOfOffset = Dictionary(zip(offsets, owners), uniquingKeysWith: { a, _ in a })
    return rankedByEngine(
      unlimited, ranking: ranking, offsets: offsets, transliteration: transliteration, searchable: searchable
    ) {
      restriction.boosted?.contains(Int(ownerOfOffset[$0] ?? 0)) ?? false
    }.distinct(limit: query.options.limit) { restriction.groups?[Int(ownerOfOffset[$0.offset] ?? 0)] }
  }
}

extension Array {
  /// The first result of each group (`group` returning `nil`: a group of its own), at most `limit`.
  func distinct<Item>(limit: Int?, group: (SearchResult<Item>) -> UInt32?) -> [SearchResult<Item>]
  where Element == SearchResult<Item> {
    var seen = Set<UInt32>()
    var kept: [SearchResult<Item>] = []
    for result in self {
      if let limit, kept.count >= limit { break }
      if let group = group(result), !seen.insert(group).inserted { continue }
      kept.append(result)
    }
    return kept
  }
}
