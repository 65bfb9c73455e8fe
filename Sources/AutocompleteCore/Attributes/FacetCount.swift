/// How many of a search's matches have one value of an attribute: one row of a facet, such as
/// "BR: 211", for an "in Brazil (211)" suggestion.
public struct FacetCount: Sendable, Hashable {
  /// The value as text (``AttributeValue/facetValues``).
  public var value: String
  /// How many matching items have it.
  public var count: Int

  /// Creates a count.
  public init(value: String, count: Int) {
    self.value = value
    self.count = count
  }
}

extension Array where Element == FacetCount {
  /// Most first, ties by value; the first `limit` when given.
  func facetOrdered(limit: Int?) -> [FacetCount] {
    var sorted = self.sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
    if let limit, limit >= 0, sorted.count > limit { sorted.removeSubrange(limit...) }
    return sorted
  }
}
