/// A search's ``SearchFields`` resolved against the fields an index or list searches: per field, its
/// place in the ranking (smaller first) or `nil` when it is not searched.
///
/// Fields are numbered 0 (the search text), 1 (the alternate keys, and the Latin readings of both),
/// 2 + i (the i-th searchable attribute, ``SearchableAttributes/names``). The default order (no
/// fields, or ``SearchFields/all``) is the field numbers themselves: the name, the alternates, then
/// the attributes in the order they were made searchable. Weights become ranks densely: the heaviest
/// weight is rank 0, equal weights share a rank.
struct FieldOrder: Sendable, Hashable {
  /// Per field number, its rank; `nil` when not searched.
  let ranks: [Int?]

  private init(ranks: [Int?]) {
    self.ranks = ranks
  }

  /// The default order over `attributeCount` searchable attributes.
  init(defaultFor attributeCount: Int) {
    self.init(ranks: Array(0..<(2 + attributeCount)))
  }

  /// `fields` over `searchable`.
  /// - Throws: ``UnsearchableAttributeError`` when `fields` weigh an attribute not in `searchable`.
  init(_ fields: SearchFields?, searchable: SearchableAttributes) throws(UnsearchableAttributeError) {
    guard let fields, !fields.isEveryField else {
      self.init(defaultFor: searchable.names.count)
      return
    }
    for name in fields.attributes.keys.sorted() where !searchable.names.contains(name) {
      throw UnsearchableAttributeError(attribute: name, searchableAttributes: searchable.names)
    }
    let weights = [fields.name, fields.alternates] + searchable.names.map { fields.attributes[$0] }
    let distinct = Set(weights.compactMap { $0 }).sorted(by: >)
    self.init(ranks: weights.map { weight in weight.flatMap { distinct.firstIndex(of: $0) } })
  }

  /// The field number of attribute position `position`.
  static func field(ofAttribute position: Int) -> Int { 2 + position }

  /// Whether field `field` is searched.
  func searches(_ field: Int) -> Bool { ranks.indices.contains(field) && ranks[field] != nil }

  /// Whether any attribute is searched.
  var searchesAttributes: Bool { ranks.dropFirst(2).contains { $0 != nil } }

  /// Whether the searched fields rank in field-number order, each after the one before: then an
  /// index's key ranks (names, alternates, then each attribute's keys) already order the matches of
  /// one kind, and a search may stop early.
  var followsKeyOrder: Bool {
    let searched = ranks.compactMap { $0 }
    return zip(searched, searched.dropFirst()).allSatisfy { $0 < $1 }
  }
}
