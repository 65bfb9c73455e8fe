/// How one match ranks: every criterion of the standard ranking order in one value, whose `<` is
/// the order — the only place the order is written. Every engine and collector (the standard
/// ``SearchRanking``, an index's top results, the line filters, the typo walk, the choice of an
/// item's best key) builds grades from what it has and compares them.
///
/// `a < b` when `a` ranks before `b`. The criteria, first difference wins (like fzf's
/// `sortCriteria`):
///
/// 1. **Typo bucket**: a match without typos before any match with typos.
/// 2. **Kind**: exact, prefix, word prefix, contains, fuzzy, custom (``MatchKind``).
/// 3. **Typos**: fewer first.
/// 4. **Retyped**: the query as typed before the query retyped through another keyboard layout
///    (``TextMatch/retypedQuery``).
/// 5. **Reading**: a key of the item's own before a Latin reading of one (``TextMatch/reading``).
/// 6. **Field rank**: smaller first — by default 0 for the search text, 1 for an alternate key,
///    2 + i for the i-th searchable attribute, or as the search's ``SearchOptions/fields`` weigh
///    them. A reading's field does not count (every reading ranks alike here).
/// 7. **Score**: the higher fuzzy score first.
/// 8. **Boost**: an item that satisfies ``SearchOptions/boost`` first.
/// 9. **Weight**: the heavier item first.
/// 10. **Length**: the shorter search text (or line) first.
/// 11. **Item rank**: the earlier item first: its offset in its collection, a line's number or byte
///     offset, or an index's rank of the item's key (which already orders heavier, then shorter,
///     then earlier items).
/// 12. **Key rank**: the earlier key, when one item's keys tie on everything else (the key's rank in
///     an index, or its ``TextMatch/keyIndex``).
///
/// Where an engine does not have a criterion it leaves the neutral value (`false`, 0), so the
/// criterion ties: the line filters have no fields, boost or weight; an index folds weight, length
/// and position into its ranks (item rank and key rank); the typo walk has only typos and kind.
@usableFromInline
struct MatchGrade: Comparable, Sendable {
  /// How many typos the match forgave (criteria 1 and 3).
  @usableFromInline var typos: Int
  /// The kind of match (criterion 2).
  @usableFromInline var kind: MatchKind
  /// Whether the query matched retyped through another keyboard layout (criterion 4).
  @usableFromInline var isRetyped: Bool
  /// Whether the match went through a Latin reading (criterion 5).
  @usableFromInline var isReading: Bool
  /// The matched field's rank, smaller first; 0 for a reading (criterion 6).
  @usableFromInline var fieldRank: Int
  /// The fuzzy score, higher first (criterion 7).
  @usableFromInline var score: Int
  /// Whether the item satisfies the search's boost (criterion 8).
  @usableFromInline var isBoosted: Bool
  /// The item's weight, higher first (criterion 9).
  @usableFromInline var weight: Double
  /// The length of the item's search text or of the line, shorter first (criterion 10).
  @usableFromInline var length: Int
  /// The item's place, earlier first (criterion 11).
  @usableFromInline var itemRank: Int
  /// The matched key's place among keys tied on everything else, earlier first (criterion 12).
  @usableFromInline var keyRank: Int

  /// A grade; every criterion not given is neutral. A reading's `fieldRank` is ignored (criterion 6).
  @inlinable @inline(__always)
  init(
    typos: Int, kind: MatchKind, isRetyped: Bool = false, isReading: Bool = false, fieldRank: Int = 0,
    score: Int = 0, isBoosted: Bool = false, weight: Double = 0, length: Int = 0, itemRank: Int = 0,
    keyRank: Int = 0
  ) {
    self.typos = typos
    self.kind = kind
    self.isRetyped = isRetyped
    self.isReading = isReading
    self.fieldRank = isReading ? 0 : fieldRank
    self.score = score
    self.isBoosted = isBoosted
    self.weight = weight
    self.length = length
    self.itemRank = itemRank
    self.keyRank = keyRank
  }

  /// The best grade any match of `kind` with `typos` typos can have: a grade is below it only when
  /// it is better in typos or kind, so a collector whose worst kept grade is not above it can stop
  /// looking at such matches.
  @inlinable
  static func best(typos: Int, kind: MatchKind) -> MatchGrade {
    MatchGrade(
      typos: typos, kind: kind, fieldRank: .min, score: .max, isBoosted: true, weight: .infinity,
      length: .min, itemRank: .min, keyRank: .min)
  }

  /// Whether `lhs` ranks before `rhs`: the ranking order (see the type's documentation).
  @inlinable @inline(__always)
  static func < (lhs: MatchGrade, rhs: MatchGrade) -> Bool {
    if lhs.typos != rhs.typos {
      if (lhs.typos == 0) != (rhs.typos == 0) { return lhs.typos == 0 }  // 1. typo bucket
      if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }  // 2. kind
      return lhs.typos < rhs.typos  // 3. typos
    }
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }  // 2. kind (typos equal)
    if lhs.isRetyped != rhs.isRetyped { return !lhs.isRetyped }  // 4. as typed first
    if lhs.isReading != rhs.isReading { return !lhs.isReading }  // 5. own key first
    if lhs.fieldRank != rhs.fieldRank { return lhs.fieldRank < rhs.fieldRank }  // 6. field
    if lhs.score != rhs.score { return lhs.score > rhs.score }  // 7. score
    if lhs.isBoosted != rhs.isBoosted { return lhs.isBoosted }  // 8. boost
    if lhs.weight != rhs.weight { return lhs.weight > rhs.weight }  // 9. weight
    if lhs.length != rhs.length { return lhs.length < rhs.length }  // 10. length
    if lhs.itemRank != rhs.itemRank { return lhs.itemRank < rhs.itemRank }  // 11. item
    return lhs.keyRank < rhs.keyRank  // 12. key
  }

  /// The bias that makes a score in `-scoreBias..<scoreBias` a field of ``packed``.
  static let scoreBias = 1 << 22

  /// The grade as one 64-bit key whose unsigned order is `<`'s — typo bucket (1 bit), kind (3),
  /// typos (3), reading (1), field rank (1), score (23, inverted), item rank (32) — for sorting
  /// many grades by radix; `nil` when the grade does not fit: more than 7 typos, retyped, a field
  /// rank past 1, a score outside `-scoreBias..<scoreBias`, boosted, a weight or length (which the
  /// key has no room for), an item rank outside `UInt32`, or a key rank other than 0 or the item
  /// rank (so that ordering by item rank orders by key rank too). Grades of equal keys tie.
  @inline(__always)
  var packed: UInt64? {
    // Unsigned comparisons check both ends of a range at once (a negative value wraps past it).
    guard UInt(bitPattern: typos) < 8, UInt(bitPattern: fieldRank) < 2,
      UInt(bitPattern: score &+ Self.scoreBias) < UInt(2 * Self.scoreBias),
      UInt(bitPattern: itemRank) <= UInt(UInt32.max), !isRetyped, !isBoosted, weight == 0, length == 0,
      keyRank == 0 || keyRank == itemRank
    else { return nil }
    let order =
      UInt64(typos == 0 ? 0 : 1) << 8 | UInt64(kind.rawValue) << 5 | UInt64(typos) << 2
      | UInt64(isReading ? 1 : 0) << 1 | UInt64(fieldRank)
    return order << 55 | UInt64(Self.scoreBias - 1 - score) << 32 | UInt64(itemRank)
  }
}

extension MatchGrade {
  /// The grade of `match` of one item, its field ranking `fieldRank`: what chooses an item's best
  /// key (the item's own criteria tie).
  init(_ match: TextMatch, fieldRank: Int, keyRank: Int = 0) {
    self.init(
      typos: match.typos, kind: match.kind, isRetyped: match.retypedQuery != nil,
      isReading: match.reading != nil, fieldRank: fieldRank, score: match.score, keyRank: keyRank)
  }
}
