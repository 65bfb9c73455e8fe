/// Which keys of an item a search looks at, and how much a match on each counts
/// (``SearchOptions/fields``): Typesense's `query_by` with `query_by_weights`, Meilisearch's
/// `searchableAttributes`.
///
/// The fields are the item's search text (its name), its alternate keys, and each string attribute
/// the index was built to search (`SearchIndex(items, searchableAttributes: ["country"])`): a
/// string value, or each value of a list of strings, is then one more key of the item.
///
/// A match of a better kind always wins (an exact match on an alternate key before a prefix match on
/// the name); between matches of the same kind and typos, the heavier field ranks first, and fields
/// of equal weight tie (then the fuzzy score and the item decide). A field without a weight (`nil`,
/// or an attribute not in ``attributes``) is not searched.
///
/// ```swift
/// var options = SearchOptions()
/// options.fields = SearchFields(name: 2, attributes: ["country": 1])
/// ```
public struct SearchFields: Sendable, Hashable {
  /// The weight of the item's search text (its name), or `nil` to leave it out.
  public var name: Int?
  /// The weight of the item's alternate keys, or `nil` to leave them out.
  public var alternates: Int?
  /// The weights of searchable attributes, by attribute name; an attribute not listed is not
  /// searched. Naming one the index was not built to search makes its searches throw
  /// ``UnsearchableAttributeError``.
  public var attributes: [String: Int]
  /// Whether this is ``all``: every field, in the default order.
  private(set) var isEveryField = false

  /// Creates a field selection; give at least one field a weight.
  public init(name: Int? = nil, alternates: Int? = nil, attributes: [String: Int] = [:]) {
    self.name = name
    self.alternates = alternates
    self.attributes = attributes
  }

  /// Every field, as a search without ``SearchOptions/fields`` (the default): the name first, then
  /// the alternate keys, then each searchable attribute in the order the index lists them.
  public static let all: SearchFields = {
    var fields = SearchFields(name: 2, alternates: 1)
    fields.isEveryField = true
    return fields
  }()
  /// The name only.
  public static let name = SearchFields(name: 1)
  /// The alternate keys only.
  public static let alternates = SearchFields(alternates: 1)
}
