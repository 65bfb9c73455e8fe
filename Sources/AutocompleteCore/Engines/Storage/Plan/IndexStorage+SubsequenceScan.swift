/// Fuzzy queries (``SearchPlan/Strategy/subsequenceScan``): the keys holding the query's bytes in
/// order are found by a byte scan (``forEachKey(havingSubsequence:candidates:buffer:_:)``), then
/// each is scored by fzf's algorithm (``FuzzyScorer``) on the part of it the query sees.
extension IndexStorage {
  /// Offers each key (of `candidates`, or every key) that `matcher` matches fuzzily, scored with
  /// its camel humps; returns every key the byte scan let through (a superset of the matches, for
  /// the next keystroke to narrow).
  func collectSubsequences(
    _ q: UnsafeBufferPointer<UInt8>, matcher: FoldedMatcher, candidates: [UInt32]?, into top: inout TopResults
  ) throws -> [UInt32] {
    var keys: [UInt32] = []
    try bytes.withUnsafeBufferPointer { buffer in
      try humps.withUnsafeBufferPointer { humpWords in
        try self.forEachKey(havingSubsequence: q, candidates: candidates, buffer: buffer) { key, slice in
          keys.append(key)
          // The matcher decides on the part of the key the query sees (``KeyTrimming``): a
          // line's leading space may join the cluster after it (a space then a zero-width
          // joiner is one cluster, and the joiner alone a query's first).
          let humps = humpWords.isEmpty ? nil : HumpMask(words: humpWords, base: Int(self.starts[Int(key)]))
          guard let raw = matcher.match(slice, humps: humps, wantRanges: false) else { return }
          top.add(
            kind: raw.kind, score: raw.score, rank: self.ranks[Int(key)], key: key,
            owner: self.owner(Int(key)))
        }
      }
    }
    return keys
  }
}
