/// Prefix and exact queries over sorted keys (``SearchPlan/Strategy/sortedRange``), and suffix
/// queries over the keys sorted by their reversed bytes (``SearchPlan/Strategy/backwardRange``):
/// the keys the query starts (ends) are one range of the sorted order, found by binary search, and
/// its best keys are taken by block minima (``collectSmallest(in:of:minima:bestKind:into:_:)``)
/// without reading the rest.
extension IndexStorage {
  /// Offers the keys equal to the folded query `q` as exact matches, then (in prefix mode) the best
  /// of the keys it starts as prefix matches.
  func collectSortedRange(_ q: UnsafeBufferPointer<UInt8>, mode: MatchMode, into top: inout TopResults) throws
  {
    try bytes.withUnsafeBufferPointer { buffer in
      let range = self.forwardRange(of: q, in: buffer)
      // Keys equal to the query sort first in the range: take them all as exact matches, then
      // the best of the rest as prefix matches.
      var exactEnd = range.lowerBound
      while exactEnd < range.upperBound, self.keyRange(Int(self.forward[exactEnd])).count == q.count {
        let key = self.forward[exactEnd]
        top.add(kind: .exact, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
        exactEnd += 1
      }
      guard mode == .prefix else { return }
      let lastByte = q[q.count - 1]
      try self.collectSmallest(
        in: exactEnd..<range.upperBound, of: self.forward, minima: self.forwardMinima, bestKind: .prefix,
        into: &top
      ) { key in
        // The byte after the match: the separator, or ASCII after an ASCII query end, is a
        // cluster boundary (bar CR LF); otherwise ask GraphemeBoundary.
        let next = buffer[Int(self.starts[Int(key)]) + q.count]
        if next == Self.separator || (next < 0x80 && lastByte < 0x80 && lastByte != 0x0D) {
          return .prefix
        }
        let slice = UnsafeBufferPointer(rebasing: buffer[self.keyRange(Int(key))])
        return GraphemeBoundary.isBoundary(slice, at: q.count) ? .prefix : nil
      }
    }
  }

  /// Offers the best of the keys the folded query `q` ends, as `matcher` classifies them.
  func collectBackwardRange(
    _ q: UnsafeBufferPointer<UInt8>, matcher: FoldedMatcher, into top: inout TopResults
  )
    throws
  {
    try bytes.withUnsafeBufferPointer { buffer in
      let range = self.backwardRange(of: q, in: buffer)
      try self.collectSmallest(
        in: range, of: self.backward, minima: self.backwardMinima, bestKind: .exact, into: &top
      ) { key in
        let slice = UnsafeBufferPointer(rebasing: buffer[self.keyRange(Int(key))])
        return matcher.match(slice, wantRanges: false)?.kind
      }
    }
  }
}
