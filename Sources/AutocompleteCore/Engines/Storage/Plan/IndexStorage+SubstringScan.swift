/// Contains queries the word index does not answer (``SearchPlan/Strategy/substringScan``): every
/// key (or candidate) is searched for the query's bytes with a cheap byte test first
/// (``forEachKey(containing:candidates:buffer:_:)``), and each occurrence checked for cluster
/// boundaries.
extension IndexStorage {
  /// Offers each key holding the folded query `q` on cluster boundaries; returns every key that
  /// matched, for the next keystroke to narrow.
  func collectSubstrings(_ q: UnsafeBufferPointer<UInt8>, candidates: [UInt32]?, into top: inout TopResults)
    throws -> [UInt32]
  {
    var keys: [UInt32] = []
    try bytes.withUnsafeBufferPointer { buffer in
      try self.forEachKey(containing: q, candidates: candidates, buffer: buffer) { key, slice, hit in
        guard let kind = FoldedMatcher.bestOccurrence(q, in: slice, firstHit: hit)?.kind else { return }
        keys.append(key)
        top.add(kind: kind, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
      }
    }
    return keys
  }
}
