/// How the line filters rank matched lines, for `RankedLine` (an index of lines) and the streaming
/// filter's hits: their ``MatchGrade`` with the criteria a line has — typos, kind, score, length
/// and position (a line number or a byte offset: earlier first); a line has no fields, boost or
/// weight. On the filters' hot path (every kept match is compared while the best ones are collected
/// and merged), so it is inlined into both callers.
@usableFromInline
enum LineRanking {
  /// How a matched line ranks: its typos, kind, score, length and position.
  @usableFromInline
  typealias Key = (typos: Int, kind: MatchKind, score: Int, length: Int, position: Int)

  /// The grade of a line that matched as `key` says, through a Latin reading when `isReading`, the
  /// query retyped when `isRetyped`.
  @inlinable @inline(__always)
  static func grade(_ key: Key, isRetyped: Bool = false, isReading: Bool = false) -> MatchGrade {
    MatchGrade(
      typos: key.typos, kind: key.kind, isRetyped: isRetyped, isReading: isReading, score: key.score,
      length: key.length, itemRank: key.position)
  }

  /// Whether `lhs` ranks before `rhs`.
  @inlinable @inline(__always)
  static func isBetter(_ lhs: Key, than rhs: Key) -> Bool {
    grade(lhs) < grade(rhs)
  }
}
