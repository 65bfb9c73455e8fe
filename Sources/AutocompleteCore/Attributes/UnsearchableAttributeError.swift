/// Thrown by a search whose ``SearchOptions/fields`` weigh an attribute that the index was not
/// built to search: the index holds no keys for it, and answering without it would silently drop
/// the matches asked for. Build the index with the attribute among its `searchableAttributes`.
public struct UnsearchableAttributeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The attribute the fields named.
  public var attribute: String
  /// The attributes the index searches, in its order.
  public var searchableAttributes: [String]

  /// Creates the error.
  public init(attribute: String, searchableAttributes: [String]) {
    self.attribute = attribute
    self.searchableAttributes = searchableAttributes
  }

  /// What happened and what the index searches.
  public var description: String {
    let known =
      searchableAttributes.isEmpty
      ? "it searches no attributes" : "it searches \(searchableAttributes.joined(separator: ", "))"
    return "attribute \(attribute) is not searchable in this index (\(known)): build it with "
      + "searchableAttributes: [\"\(attribute)\"]"
  }
}
