/// The order the line filters rank matched lines by, written once for `RankedLine` (an index of
/// lines) and the streaming filter's hits: no typo before typos, then kind, then fewer typos, then
/// score (higher first), then shorter, then earlier. On the filters' hot path (every kept match is
/// compared while the best ones are collected and merged), so it is inlined into both callers.
@usableFromInline
enum LineRanking {
  /// How a matched line ranks: its typos, kind, score, length and position (a line number or a
  /// byte offset: earlier first).
  @usableFromInline
  typealias Key = (typos: Int, kind: MatchKind, score: Int, length: Int, position: Int)

  /// Whether `lhs` ranks before `rhs`.
  @inlinable @inline(__always)
  static func isBetter(_ lhs: Key, than rhs: Key) -> Bool {
    if lhs.typos != rhs.typos {
      if (lhs.typos == 0) != (rhs.typos == 0) { return lhs.typos == 0 }
      if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
      return lhs.typos < rhs.typos
    }
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    if lhs.score != rhs.score { return lhs.score > rhs.score }
    if lhs.length != rhs.length { return lhs.length < rhs.length }
    return lhs.position < rhs.position
  }
}
