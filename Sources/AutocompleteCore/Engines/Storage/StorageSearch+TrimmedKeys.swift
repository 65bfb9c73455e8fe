/// Queries with whitespace at an end over sorted keys that lost theirs.
///
/// Sorted storage keeps keys without their leading and trailing whitespace (``KeyTrimming``); a
/// query with whitespace at an end must see it. Only the keys that lost some differ from what they
/// were, and ``IndexStorage/trimmedOwners`` lists their items, so such a query is answered in two
/// parts merged in the standard order: every other item from the sorted keys (the same search, with
/// room for as many more entries as there are listed items, whose entries are dropped), and the
/// listed items by matching their keys as they are (``Array/rankedByEngine(_:ranking:offsets:transliteration:searchable:isBoosted:)``),
/// the engine's own matching. Where the list is not known (an older segment) or long (over
/// ``StorageSearch/mostTrimmedOwnersMatched`` items), or the search reorders, verifies or uses an
/// extended pattern, the storage's keys as they are answer instead (``StorageSearch``'s unsorted
/// fallback, built once from every item).
extension StorageSearch {
  /// The most items whose keys lost whitespace that a query matches whole: about a microsecond an
  /// item in memory and four on disk (where each is decoded), so at most 4 to 16 ms a keystroke.
  /// With more, the keys as they are (built once, then scanned) cost less.
  static var mostTrimmedOwnersMatched: Int { 4096 }

  /// The items whose sorted keys lost whitespace that the index-folded query `folded` must see;
  /// `nil` when the sorted keys answer it as stored, or when those items are not known or too many
  /// (``mostTrimmedOwnersMatched``).
  func ownersOfTrimmedKeys(seenBy folded: [UInt8]) -> Column<UInt32>? {
    guard storage.dropsWhitespace(seenBy: folded), let owners = storage.trimmedOwners,
      owners.count <= Self.mostTrimmedOwnersMatched
    else { return nil }
    return owners
  }

  /// The results of `query` (index-folded `folded`, standard ranking, neither boost nor `distinct`
  /// nor an extended pattern) for every item: those of `trimmed` matched as they are, the others
  /// from the sorted keys.
  func executeAroundTrimmedKeys(
    _ trimmed: Column<UInt32>, query: SearchQuery, folded: [UInt8], capacity: Int?, candidates: [UInt32]?,
    scope: TypoScope?, restriction: ResultRestriction?
  ) throws -> Execution {
    let options = query.options
    // Enough entries that the best `limit` of the other items are among them.
    let widened = capacity.map { $0 > Int.max - trimmed.count ? Int.max : $0 + trimmed.count }
    // What the sorted keys matched narrows the next query with whitespace at the same ends
    // (``IncrementalSearch``): the listed items are matched whole again each time.
    var (entries, matched, _, matchedScope) = try storage.collect(
      folded, mode: options.mode, capacity: widened, candidates: candidates, typos: query.typos, scope: scope,
      restriction: restriction)
    entries.removeAll { !(isLive?(Int($0.owner)) ?? true) || trimmed.containsSorted($0.owner) }
    if let limit = options.limit, entries.count > limit { entries.removeSubrange(limit...) }
    let sorted = try results(
      for: entries, query: query, ranking: .standard, verifies: false, restriction: restriction)
    let asTheyAre = try matchedAsTheyAre(trimmed, query: query, allowed: restriction?.allowed) { offset($0) }
    return Execution(
      results: asTheyAre.isEmpty ? sorted : merged(sorted, asTheyAre, query: query), matchedKeys: matched,
      scope: matchedScope)
  }

  /// Every item that matches `query` (index-folded `folded`; no extended pattern), its filter and
  /// fields applied, each once: ``matchingOwners(_:)`` for a query that sees the whitespace the
  /// keys of `trimmed` lost.
  func matchingOwnersAroundTrimmedKeys(
    _ trimmed: Column<UInt32>, query: SearchQuery, folded: [UInt8], candidates: [UInt32]?,
    restriction: ResultRestriction?
  ) throws -> [Int] {
    var owners = try storage.collect(
      folded, mode: query.options.mode, capacity: nil, candidates: candidates, typos: query.typos,
      restriction: restriction
    ).entries.compactMap { entry -> Int? in
      let owner = Int(entry.owner)
      return isLive?(owner) ?? true && !trimmed.containsSorted(entry.owner) ? owner : nil
    }
    var unlimited = query.options
    (unlimited.maximumCount, unlimited.boost, unlimited.distinct) = (nil, nil, nil)
    // Numbered by owner, not by offset: the results' offsets are the owners.
    let matched = try matchedAsTheyAre(
      trimmed, query: SearchQuery(query.text, options: unlimited), allowed: restriction?.allowed
    ) { $0 }
    owners.append(contentsOf: matched.map(\.offset))
    return owners
  }

  /// The live items of `trimmed` that `allowed` lets through, matched by the engine against their
  /// keys as they are, best first; each result's offset is `offset` of its owner.
  private func matchedAsTheyAre(
    _ trimmed: Column<UInt32>, query: SearchQuery, allowed: ItemMask?, offset: (Int) -> Int
  ) throws -> [SearchResult<Item>] {
    var items: [Item] = []
    var offsets: [Int] = []
    for owner in trimmed {
      let owner = Int(owner)
      guard isLive?(owner) ?? true, allowed?.contains(owner) ?? true else { continue }
      items.append(try item(owner))
      offsets.append(offset(owner))
    }
    return items.rankedByEngine(
      query, ranking: .standard, offsets: offsets, transliteration: transliteration, searchable: searchable)
  }

  /// `sorted` and `asTheyAre`, each best first and of other items, merged best first (the order
  /// ``Array/rankedByEngine(_:ranking:offsets:transliteration:searchable:isBoosted:)`` sorts by),
  /// at most the query's limit.
  private func merged(_ sorted: [SearchResult<Item>], _ asTheyAre: [SearchResult<Item>], query: SearchQuery)
    -> [SearchResult<Item>]
  {
    let order = FieldOrder(resolved: query.options.fields, searchable: searchable)
    func key(_ result: SearchResult<Item>) -> RankingKey {
      RankingKey(
        result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
        offset: result.offset)
    }
    func precedes(_ lhs: SearchResult<Item>, _ rhs: SearchResult<Item>) -> Bool {
      order.precedes(key(lhs), key(rhs))
    }
    let limit = query.options.limit ?? Int.max
    var merged: [SearchResult<Item>] = []
    merged.reserveCapacity(Swift.min(limit, sorted.count + asTheyAre.count))
    var (i, j) = (0, 0)
    while merged.count < limit && (i < sorted.count || j < asTheyAre.count) {
      if j == asTheyAre.count || (i < sorted.count && !precedes(asTheyAre[j], sorted[i])) {
        merged.append(sorted[i])
        i += 1
      } else {
        merged.append(asTheyAre[j])
        j += 1
      }
    }
    return merged
  }
}
