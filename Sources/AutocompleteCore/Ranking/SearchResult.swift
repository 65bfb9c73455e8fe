/// One ranked answer to a search: the item, where it stood in the input, and how it matched.
public struct SearchResult<Item: Sendable>: Sendable {
  /// The matching item.
  public var item: Item
  /// The item's position in the collection the index or source was built from.
  public var offset: Int
  /// How the item matched, with highlight ranges.
  public var match: TextMatch

  /// How many typos the match forgave (``TextMatch/typos``).
  public var typos: Int { match.typos }

  /// Creates a result.
  public init(item: Item, offset: Int, match: TextMatch) {
    self.item = item
    self.offset = offset
    self.match = match
  }
}
