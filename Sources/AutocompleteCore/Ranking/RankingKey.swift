/// What the ranking looks at for one candidate.
public struct RankingKey: Sendable, Hashable {
  /// How good the match is.
  public var kind: MatchKind
  /// The fuzzy score; higher is better.
  public var score: Int
  /// How many typos the match forgave; fewer is better, and none beats any.
  public var typos: Int
  /// The item's weight; higher is better.
  public var weight: Double
  /// The length (UTF-8 bytes) of the item's search text, whichever key matched; shorter is better.
  public var length: Int
  /// The item's position in its collection; earlier is better.
  public var offset: Int
  /// Which key matched: 0 for the item's search text, 1 and up for its alternate keys. The standard
  /// ranking puts a match on the search text before a match of the same kind on an alternate key.
  public var keyIndex: Int
  /// Whether the item satisfies the search's ``SearchOptions/boost``; the standard ranking puts a
  /// boosted item first among matches equal up to the fuzzy score.
  public var isBoosted = false

  /// Whether the match went through a Latin reading of the key (``TextMatch/reading``). The standard
  /// ranking puts it after a match of the same kind on the item's own search text or alternate keys.
  public var isReading: Bool
  /// Whether the query matched retyped through another keyboard layout (``TextMatch/retypedQuery``).
  /// The standard ranking puts it after a match of the same kind of the query as typed.
  public var isRetyped: Bool

  /// Whether an alternate key (or a searchable attribute's value) matched rather than the search
  /// text.
  public var isAlternate: Bool { keyIndex != 0 }
  /// The field that matched (``TextMatch/field``): 0 the search text, 1 an alternate key, 2 + i the
  /// i-th searchable attribute. The standard ranking orders matches of one kind by it (or by the
  /// search's ``SearchOptions/fields``).
  var field: Int

  /// Creates a ranking key.
  public init(
    kind: MatchKind, score: Int, weight: Double, length: Int, offset: Int, keyIndex: Int = 0, typos: Int = 0,
    isReading: Bool = false, isRetyped: Bool = false
  ) {
    self.isReading = isReading
    self.isRetyped = isRetyped
    self.kind = kind
    self.score = score
    self.typos = typos
    self.weight = weight
    self.length = length
    self.offset = offset
    self.keyIndex = keyIndex
    self.field = keyIndex == 0 ? 0 : 1
  }

  /// The ranking key of `match`, of an item of `weight` whose search text is `length` UTF-8 bytes.
  init(_ match: TextMatch, weight: Double, length: Int, offset: Int) {
    self.init(
      kind: match.kind, score: match.score, weight: weight, length: length, offset: offset,
      keyIndex: match.keyIndex,
      typos: match.typos, isReading: match.reading != nil, isRetyped: match.retypedQuery != nil)
    self.field = match.field
  }
}
