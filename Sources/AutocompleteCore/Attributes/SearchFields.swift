/// Which keys of an item a search looks at, and how much a match on each counts
/// (``SearchOptions/fields``): Typesense's `query_by` with `query_by_weights`.
///
/// A match of a better kind always wins (an exact match on an alternate key before a prefix match on
/// the name); between matches of the same kind and typos, the heavier field ranks first. A field
/// without a weight (`nil`) is not searched.
public struct SearchFields: Sendable, Hashable {
  /// The weight of the item's search text (its name), or `nil` to leave it out.
  public var name: Int?
  /// The weight of the item's alternate keys, or `nil` to leave them out.
  public var alternates: Int?

  /// Creates a field selection; give at least one field a weight.
  public init(name: Int? = nil, alternates: Int? = nil) {
    self.name = name
    self.alternates = alternates
  }

  /// Both, the name first (the default).
  public static let all = SearchFields(name: 2, alternates: 1)
  /// The name only.
  public static let name = SearchFields(name: 1)
  /// The alternate keys only.
  public static let alternates = SearchFields(alternates: 1)

  /// Whether a match on an alternate key outranks or ties one on the name: then an index cannot use
  /// its key order (names first) to stop early.
  var reordersKeys: Bool {
    guard let name, let alternates else { return false }
    return alternates >= name
  }
}
