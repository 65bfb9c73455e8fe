extension Collection where Element: AutocompleteSearchable {
  /// Matches every element with its own ``AutocompleteSearchable/match(_:)`` (so custom predicates
  /// apply) and returns the results in ranking order, at most `query.options.limit` of them.
  ///
  /// The options' ``SearchOptions/filter`` (and `scope`, which the options cannot widen),
  /// ``SearchOptions/boost`` and ``SearchOptions/distinct`` read the attributes of elements that
  /// conform to ``AttributedSearchable`` (others have none). With ``SearchOptions/fields`` the
  /// engine matches the chosen keys instead of the element's own `match(_:)`.
  ///
  /// This visits every element; use ``SearchIndex`` for large collections.
  public func rankedMatches(
    for query: SearchQuery, ranking: SearchRanking = .standard, scope: AttributeFilter? = nil
  ) -> [SearchResult<Element>] {
    rankedMatches(for: query, ranking: ranking, scope: scope, transliteration: .none)
  }

  /// ``rankedMatches(for:ranking:scope:)``, with ``Transliteration/latin`` also through the Latin
  /// readings of each element's keys (a reading's match counts when it is better than the element's
  /// own).
  func rankedMatches(
    for query: SearchQuery, ranking: SearchRanking, scope: AttributeFilter? = nil,
    transliteration: Transliteration
  ) -> [SearchResult<Element>] {
    let options = query.options
    let filter = [scope, options.filter].compactMap { $0 }
    let fields = options.fields.flatMap { $0 == .all ? nil : $0 }
    let needsAttributes = !filter.isEmpty || options.boost != nil || options.distinct != nil
    var results: [(key: RankingKey, result: SearchResult<Element>, group: AttributeValue?)] = []
    for (offset, item) in enumerated() {
      let attributes = needsAttributes ? (item as? any AttributedSearchable)?.attributes ?? [:] : [:]
      if !filter.allSatisfy({ $0.matches(attributes) }) { continue }
      let found =
        fields.map { query.bestMatch(of: item, fields: $0) }
        ?? ReadingKeys.better(
          item.match(query), orReadingOf: item, query: query, transliteration: transliteration)
      guard let match = found else { continue }
      var key = RankingKey(match, weight: item.weight, length: item.searchText.utf8.count, offset: offset)
      key.isBoosted = options.boost?.matches(attributes) ?? false
      let group = options.distinct.flatMap { attributes[$0]?.distinctKey }
      results.append((key, SearchResult(item: item, offset: offset, match: match), group))
    }
    return results.orderedDistinct(by: ranking, fields: fields, limit: options.limit)
  }
}

extension Array {
  /// The results in `ranking`'s order (the standard one in the key order `fields` asks for), the
  /// first of each `distinct` group (`nil`: a group of its own), at most `limit`: how a collection's
  /// matches and a ``DiskIndex``'s segments' answers end.
  func orderedDistinct<Item>(by ranking: SearchRanking, fields: SearchFields?, limit: Int?)
    -> [SearchResult<Item>]
  where Element == (key: RankingKey, result: SearchResult<Item>, group: AttributeValue?) {
    var results = self
    if let fields, fields.reordersKeys, ranking.isStandard {
      let alternatesFirst = fields.alternates != fields.name
      results.sort {
        standardOrder($0.key, $1.key, fieldRank: { $0.fieldRank(alternatesFirst: alternatesFirst) })
      }
    } else {
      results.sort { ranking.areInIncreasingOrder($0.key, $1.key) }
    }
    var seen = Set<AttributeValue>()
    var kept: [SearchResult<Item>] = []
    for entry in results {
      if let limit, kept.count >= limit { break }
      if let group = entry.group, !seen.insert(group).inserted { continue }
      kept.append(entry.result)
    }
    return kept
  }
}

extension RankingKey {
  /// Where the key's field goes when fields reorder keys: alternates first (0) or tied with names.
  func fieldRank(alternatesFirst: Bool) -> Int {
    alternatesFirst ? (isAlternate ? 0 : 1) : 0
  }
}

extension AttributeValue {
  /// What `distinct` compares: one string and a list of it are alike, a list's repeats count once.
  var distinctKey: AttributeValue {
    switch self {
    case .string(let value): return .strings([value])
    case .strings(let values):
      var unique: [String] = []
      for value in values where !unique.contains(value) { unique.append(value) }
      return .strings(unique)
    case .number(let value): return .number(value == 0 ? 0 : value)
    case .bool: return self
    }
  }
}

extension SearchQuery {
  /// The best match among the keys `fields` searches, by kind and typos, then the heavier field,
  /// then score and the earlier key.
  func bestMatch<Item: AutocompleteSearchable>(of item: Item, fields: SearchFields) -> TextMatch? {
    let alternatesFirst = fields.alternates.map { $0 > (fields.name ?? .min) } ?? false
    let tied = fields.alternates != nil && fields.alternates == fields.name
    func fieldRank(_ match: TextMatch) -> Int {
      if tied { return 0 }
      return (match.keyIndex == 0) != alternatesFirst ? 0 : 1
    }
    func isBetter(_ a: TextMatch, than b: TextMatch) -> Bool {
      if (a.typos == 0) != (b.typos == 0) { return a.typos == 0 }
      if a.kind != b.kind { return a.kind < b.kind }
      if a.typos != b.typos { return a.typos < b.typos }
      if fieldRank(a) != fieldRank(b) { return fieldRank(a) < fieldRank(b) }
      return a.score > b.score
    }
    var best: TextMatch? = fields.name == nil ? nil : match(item.searchText, keyIndex: 0)
    guard fields.alternates != nil else { return best }
    for (index, alternate) in item.alternateSearchTexts.enumerated() {
      guard let candidate = match(alternate, keyIndex: index + 1) else { continue }
      if let current = best, !isBetter(candidate, than: current) { continue }
      best = candidate
    }
    return best
  }
}
