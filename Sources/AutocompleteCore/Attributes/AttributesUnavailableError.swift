/// Thrown by a search whose options need attributes (a filter, a boost, `distinct`) from an index
/// that does not store them: answering without them would return items the filter excludes. (Every
/// ``SearchIndex``, ``ListSource`` and ``DiskIndex`` stores them.)
public struct AttributesUnavailableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// What happened and what to use instead.
  public var description: String {
    "this index does not store attributes: filter, boost and distinct need a SearchIndex, ListSource, IndexSource or DiskIndex"
  }
}
