/// What a server answered for one query: the items, best first, and whether they are all the
/// server has for it.
public struct RemoteAnswer: Sendable {
  /// The items, in the server's order.
  public var items: [RemoteItem]
  /// Whether `items` is everything that matches, so that a longer query can be answered by
  /// filtering them without asking again. `nil` (the default) lets the source decide: complete when
  /// fewer items came than it asked for.
  public var isComplete: Bool?

  /// Creates an answer.
  public init(items: [RemoteItem], isComplete: Bool? = nil) {
    self.items = items
    self.isComplete = isComplete
  }
}
