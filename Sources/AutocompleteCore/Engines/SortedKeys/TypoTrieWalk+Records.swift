// What a ``TypoTrieWalk`` finds: ranges of sorted positions with their typos and kind, and their
// flattening into disjoint ranges, best first.

extension TypoTrieWalk {
  /// A range of sorted positions with how its keys match.
  struct Record {
    var range: Range<Int>
    var typos: Int
    var kind: MatchKind

    /// Whether this record's keys rank before `other`'s.
    func isBetter(than other: Record) -> Bool {
      MatchGrade(typos: typos, kind: kind) < MatchGrade(typos: other.typos, kind: other.kind)
    }
  }

  /// Whether `range` overlaps one of the sorted, disjoint `ranges`.
  static func overlaps(_ ranges: [Range<Int>], _ range: Range<Int>) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    return low < ranges.count && ranges[low].lowerBound < range.upperBound
  }

  /// The records flattened: disjoint ranges, each with the best typos and kind of the records that
  /// cover it, best first.
  func segments() -> [Record] {
    // Records nest like the trie, and an inner record is never worse than one around it, so the
    // innermost record covering a position is its best.
    let sorted = records.sorted {
      if $0.range.lowerBound != $1.range.lowerBound { return $0.range.lowerBound < $1.range.lowerBound }
      if $0.range.upperBound != $1.range.upperBound { return $0.range.upperBound > $1.range.upperBound }
      return $1.isBetter(than: $0)
    }
    // Each record emits at most two segments (before a record inside it, and after the last).
    var segments: [Record] = []
    segments.reserveCapacity(2 * sorted.count)
    var open: [Record] = []
    open.reserveCapacity(min(sorted.count, 32))
    var cursor = 0
    func emit(upTo position: Int, _ record: Record) {
      if cursor < position {
        segments.append(Record(range: cursor..<position, typos: record.typos, kind: record.kind))
      }
      cursor = max(cursor, position)
    }
    for record in sorted {
      while let top = open.last, top.range.upperBound <= record.range.lowerBound {
        emit(upTo: top.range.upperBound, top)
        open.removeLast()
      }
      if let top = open.last { emit(upTo: record.range.lowerBound, top) }
      cursor = max(cursor, record.range.lowerBound)
      open.append(record)
    }
    while let top = open.popLast() { emit(upTo: top.range.upperBound, top) }
    return segments.sorted { $0.isBetter(than: $1) }
  }
}
