extension Collection where Element: AutocompleteSearchable {
  /// Matches every element with its own ``AutocompleteSearchable/match(_:)`` (so custom predicates
  /// apply) and returns the results in ranking order, at most `query.options.limit` of them.
  ///
  /// The options' ``SearchOptions/filter`` (and `scope`, which the options cannot widen),
  /// ``SearchOptions/boost`` and ``SearchOptions/distinct`` read the attributes of elements that
  /// conform to ``AttributedSearchable`` (others have none);
  /// ``SearchOptions/keepsOneResultPerDisplayText`` keeps the first of each display text. With
  /// ``SearchOptions/fields`` the engine matches the chosen keys instead of the element's own
  /// `match(_:)`.
  ///
  /// This visits every element; use ``SearchIndex`` for large collections.
  public func rankedMatches(
    for query: SearchQuery, ranking: SearchRanking = .standard, scope: AttributeFilter? = nil
  ) -> [SearchResult<Element>] {
    rankedMatches(for: query, ranking: ranking, scope: scope, transliteration: .none)
  }

  /// ``rankedMatches(for:ranking:scope:)``, with ``Transliteration/latin`` also through the Latin
  /// readings of each element's keys (a reading's match counts when it is better than the element's
  /// own), and `searchable`'s string attributes searched as keys after the alternates. The options'
  /// ``SearchOptions/fields`` may weigh any attribute: one not in `searchable` is searched too (the
  /// elements are at hand), after those that are.
  func rankedMatches(
    for query: SearchQuery, ranking: SearchRanking, scope: AttributeFilter? = nil,
    transliteration: Transliteration, searchable: SearchableAttributes = .none
  ) -> [SearchResult<Element>] {
    let options = query.options
    let filter = [scope, options.filter].compactMap { $0 }
    let named = (options.fields?.attributes.keys).map { Array($0).sorted() } ?? []
    let searchable = SearchableAttributes(searchable.names + named)
    // Resolved over every named attribute, this cannot throw.
    let order = (try? FieldOrder(options.fields, searchable: searchable)) ?? FieldOrder(defaultFor: 0)
    let isDefault = options.fields.map { $0.isEveryField } ?? true
    let needsAttributes = !filter.isEmpty || options.boost != nil || options.distinct != nil
    var results: [(key: RankingKey, result: SearchResult<Element>, group: AttributeValue?)] = []
    for (offset, item) in enumerated() {
      let attributes = needsAttributes ? (item as? any AttributedSearchable)?.attributes ?? [:] : [:]
      if !filter.allSatisfy({ $0.matches(attributes) }) { continue }
      // By default the element's own match (a custom predicate applies), else the engine's over
      // the chosen keys; then its searchable attributes' values.
      let own =
        isDefault
        ? ReadingKeys.better(
          item.match(query), orReadingOf: item, query: query, transliteration: transliteration)
        : query.bestOwnMatch(of: item, order: order)
      let found = query.better(own, orAttributeMatchOf: item, searchable: searchable, order: order)
      guard let match = found else { continue }
      var key = RankingKey(match, weight: item.weight, length: item.searchText.utf8.count, offset: offset)
      key.isBoosted = options.boost?.matches(attributes) ?? false
      let group = options.distinct.flatMap { attributes[$0]?.distinctKey }
      results.append((key, SearchResult(item: item, offset: offset, match: match), group))
    }
    guard options.keepsOneResultPerDisplayText else {
      return results.orderedDistinct(by: ranking, order: order, limit: options.limit)
    }
    return results.orderedDistinct(by: ranking, order: order, limit: nil)
      .keepingOnePerDisplayText(limit: options.limit)
  }
}

extension Array {
  /// The results in `ranking`'s order (the standard one in the field order `order` gives; `nil` the
  /// default), the first of each `distinct` group (`nil`: a group of its own), at most `limit`: how
  /// a collection's matches and a ``DiskIndex``'s segments' answers end.
  func orderedDistinct<Item>(by ranking: SearchRanking, order: FieldOrder?, limit: Int?)
    -> [SearchResult<Item>]
  where Element == (key: RankingKey, result: SearchResult<Item>, group: AttributeValue?) {
    var results = self
    if let order, ranking.isStandard {
      results.sort { standardOrder($0.key, $1.key, fieldRank: { order.rank(of: $0.field) }) }
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

extension FieldOrder {
  /// The order of a search's `fields` that its restriction resolved already (they name only
  /// searchable attributes, so they cannot throw here).
  init(resolved fields: SearchFields?, searchable: SearchableAttributes) {
    self = (try? FieldOrder(fields, searchable: searchable)) ?? FieldOrder(defaultFor: searchable.names.count)
  }

  /// The rank of field `field`; past every searched field when it is not searched.
  func rank(of field: Int) -> Int {
    ranks.indices.contains(field) ? ranks[field] ?? .max : .max
  }

  /// Whether `lhs` comes before `rhs` in the standard order, their fields ranked by this order.
  func precedes(_ lhs: RankingKey, _ rhs: RankingKey) -> Bool {
    standardOrder(lhs, rhs, fieldRank: { rank(of: $0.field) })
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
  /// The best match among the search text and alternate keys that `order` searches, by kind and
  /// typos, then the better-ranked field, then score and the earlier key.
  func bestOwnMatch<Item: AutocompleteSearchable>(of item: Item, order: FieldOrder) -> TextMatch? {
    var best: TextMatch? = order.searches(0) ? match(item.searchText, keyIndex: 0) : nil
    guard order.searches(1) else { return best }
    for (index, alternate) in item.alternateSearchTexts.enumerated() {
      guard let candidate = match(alternate, keyIndex: index + 1) else { continue }
      if let current = best, !Self.isBetter(candidate, than: current, order: order) { continue }
      best = candidate
    }
    return best
  }

  /// `own`, or the best match on the values of `item`'s searchable attributes that `order` searches
  /// when that is better.
  func better<Item: AutocompleteSearchable>(
    _ own: TextMatch?, orAttributeMatchOf item: Item, searchable: SearchableAttributes, order: FieldOrder
  ) -> TextMatch? {
    guard order.searchesAttributes else { return own }
    var best = own
    let first = item.alternateSearchTexts.count + 1
    for (position, key) in searchable.keys(of: item).enumerated() {
      let field = FieldOrder.field(ofAttribute: key.attribute)
      guard order.searches(field), var candidate = match(key.text, keyIndex: first + position) else {
        continue
      }
      candidate.attribute = searchable.names[key.attribute]
      candidate.field = field
      if let current = best, !Self.isBetter(candidate, than: current, order: order) { continue }
      best = candidate
    }
    return best
  }

  /// Whether `a` is a better match than `b` of one item (``MatchGrade``, with `order`'s field
  /// ranks); a tie keeps the earlier key (`b`).
  static func isBetter(_ a: TextMatch, than b: TextMatch, order: FieldOrder) -> Bool {
    MatchGrade(a, fieldRank: order.rank(of: a.field)) < MatchGrade(b, fieldRank: order.rank(of: b.field))
  }
}
