/// Answers a ``DiskIndex``'s searches and counts over one consistent ``DiskIndex/State``: each
/// part (segment or in-memory part) answers, then the answers are merged as a ``SearchIndex`` of
/// the same items would rank them.
struct DiskIndexReader {
  let settings: SegmentSettings

  /// The answer to `prepared` over `state`'s parts, as typed (no retyped queries).
  func search(_ prepared: SearchQuery, ranking: SearchRanking, in state: DiskIndex.State) throws
    -> [SearchResult<AutocompleteItem>]
  {
    let options = prepared.options
    var results: [SearchResult<AutocompleteItem>] = []
    var base = 0
    var answering = 0
    for part in state.allParts where part.liveCount > 0 {
      results += try part.segment.search(prepared, ranking: ranking, deletions: part.deletions, base: base)
      base += part.liveCount
      answering += 1
    }
    guard answering > 1 else { return results }
    guard options.boost != nil || options.distinct != nil || options.fields != nil else {
      return results.ranked(by: ranking, limit: options.limit)
    }
    // Each segment answered its best `limit` (boosted first among equal matches, one per
    // `distinct` value): the best `limit` of all are among them, the same boost and groups applied
    // across segments by the items' values.
    let keyed = results.map { result in
      let attributes = result.item.attributes
      var key = RankingKey(
        result.match, weight: result.item.weight, length: result.item.searchText.utf8.count,
        offset: result.offset)
      key.isBoosted = options.boost?.matches(attributes) ?? false
      return (key: key, result: result, group: options.distinct.flatMap { attributes[$0]?.distinctKey })
    }
    let order = try FieldOrder(options.fields, searchable: settings.searchable)
    guard !ranking.isStandard, options.distinct != nil else {
      return keyed.orderedDistinct(by: ranking, order: order, limit: options.limit)
    }
    // As in a `SearchIndex`, a `distinct` group's result is its best match in the standard order
    // (the one its top results keep), then the custom ranking orders those.
    let boosted = Set(keyed.filter(\.key.isBoosted).map(\.key.offset))
    return keyed.orderedDistinct(by: .standard, order: order, limit: nil)
      .ranked(by: ranking, limit: options.limit) { boosted.contains($0) }
  }

  /// How many of the matches of `prepared` in `state` have each value of `attribute`, most first.
  func facetCounts(of attribute: String, for prepared: SearchQuery, limit: Int?, in state: DiskIndex.State)
    throws -> [FacetCount]
  {
    var counts: [String: Int] = [:]
    for part in state.allParts where part.liveCount > 0 {
      for facet in try part.segment.facetCounts(of: attribute, for: prepared, deletions: part.deletions) {
        counts[facet.value, default: 0] += facet.count
      }
    }
    return counts.map { FacetCount(value: $0.key, count: $0.value) }.facetOrdered(limit: limit)
  }

  /// The names of the attributes any live item of `state` has.
  func attributeNames(in state: DiskIndex.State) throws -> Set<String> {
    var names = Set<String>()
    for part in state.allParts where part.liveCount > 0 {
      let live = part.deletions?.liveMask
      for (name, column) in try part.segment.attributes().columns where !names.contains(name) {
        var present = column.present
        if let live { present.formIntersection(live) }
        if present.setCount > 0 { names.insert(name) }
      }
    }
    return names
  }

  /// The first `count` live items of `state` that satisfy `filter` (all when `nil`), decoding only
  /// those.
  func items(prefix count: Int, matching filter: AttributeFilter?, in state: DiskIndex.State) throws
    -> [AutocompleteItem]
  {
    var items: [AutocompleteItem] = []
    for part in state.allParts where items.count < count {
      let allowed = try filter.map { try part.segment.attributes().mask(for: $0) }
      for owner in 0..<part.segment.itemCount where !(part.deletions?.contains(owner) ?? false) {
        guard items.count < count else { break }
        if let allowed, !allowed.contains(owner) { continue }
        items.append(try part.segment.item(owner))
      }
    }
    return items
  }

  /// How many live items of `state` satisfy `filter`.
  func count(matching filter: AttributeFilter, in state: DiskIndex.State) throws -> Int {
    var total = 0
    for part in state.allParts where part.liveCount > 0 {
      var allowed = try part.segment.attributes().mask(for: filter)
      if let live = part.deletions?.liveMask { allowed.formIntersection(live) }
      total += allowed.setCount
    }
    return total
  }
}
