/// Thrown by a ``SearchIndex`` or ``DiskIndex`` search whose ``SearchOptions/filter``,
/// ``SearchOptions/boost`` or ``SearchOptions/distinct`` names an attribute none of the index's
/// items has, and by their ``SearchIndex/facetCounts(of:for:options:limit:)`` and
/// ``DiskIndex/facetCounts(of:for:options:limit:)`` of such an attribute: a misspelt name
/// (`Attribute("categry") == "Shoes"`) would otherwise answer nothing, with no sign of why.
public struct UnknownAttributeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The attribute named.
  public var attribute: String
  /// The attributes the index's items have.
  public var knownAttributes: Set<String>

  /// Creates the error.
  public init(attribute: String, knownAttributes: Set<String>) {
    self.attribute = attribute
    self.knownAttributes = knownAttributes
  }

  /// The name and the known ones, as the filter parser says it: "unknown attribute `categry`
  /// (known: brand, category, price)".
  public var description: String {
    let known = knownAttributes.sorted().joined(separator: ", ")
    return "unknown attribute `\(attribute)`"
      + (known.isEmpty ? " (the items have none)" : " (known: \(known))")
  }
}
