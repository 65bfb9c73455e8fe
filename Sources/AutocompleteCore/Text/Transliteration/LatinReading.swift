/// One Latin reading of a key ("bei jing" for 北京) and which characters of the key each of its
/// parts reads, so that a match on the reading highlights the key's own characters.
struct LatinReading: Sendable, Hashable {
  /// A part of the reading and what it reads: UTF-8 offsets in ``LatinReading/text`` and in the key.
  struct Part: Sendable, Hashable {
    var reading: Range<Int>
    var source: Range<Int>
  }

  /// The reading: lower-case ASCII letters for what was read, the key's other characters as they are.
  var text: String
  /// The parts in order; the spaces put between syllables belong to none.
  var parts: [Part]

  /// The ranges of `key` (whole grapheme clusters, in order, adjacent ones merged) whose characters
  /// the reading's `ranges` read. A part that reads as nothing (a soft sign) is highlighted when
  /// a range covers the reading before it and reaches its place.
  func sourceRanges(of ranges: [Range<String.Index>], in key: String) -> [Range<String.Index>] {
    var covered: [Range<Int>] = []
    for range in ranges {
      let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
      let upper = text.utf8.distance(from: text.startIndex, to: range.upperBound)
      for part in parts {
        if part.reading.isEmpty {
          if part.reading.lowerBound > lower && part.reading.lowerBound <= upper {
            covered.append(part.source)
          }
        } else if part.reading.overlaps(lower..<upper) {
          covered.append(part.source)
        }
      }
    }
    guard !covered.isEmpty else { return [] }
    var result: [Range<String.Index>] = []
    var offset = 0
    var index = key.startIndex
    while index < key.endIndex {
      let next = key.index(after: index)
      let cluster = offset..<(offset + key.utf8.distance(from: index, to: next))
      if covered.contains(where: { $0.overlaps(cluster) }) {
        if let last = result.last, last.upperBound == index {
          result[result.count - 1] = last.lowerBound..<next
        } else {
          result.append(index..<next)
        }
      }
      offset = cluster.upperBound
      index = next
    }
    return result
  }
}
