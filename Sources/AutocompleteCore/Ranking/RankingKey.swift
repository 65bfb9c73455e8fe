/// What the ranking looks at for one candidate.
public struct RankingKey: Sendable, Hashable {
  /// How good the match is.
  public var kind: MatchKind
  /// The fuzzy score; higher is better.
  public var score: Int
  /// The item's weight; higher is better.
  public var weight: Double
  /// The length (UTF-8 bytes) of the item's search text, whichever key matched; shorter is better.
  public var length: Int
  /// The item's position in its collection; earlier is better.
  public var offset: Int

  /// Creates a ranking key.
  public init(kind: MatchKind, score: Int, weight: Double, length: Int, offset: Int) {
    self.kind = kind
    self.score = score
    self.weight = weight
    self.length = length
    self.offset = offset
  }
}
