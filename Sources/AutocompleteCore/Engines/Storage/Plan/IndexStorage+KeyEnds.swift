/// Prefix, exact and suffix queries over keys that are not sorted, or over given candidates
/// (``SearchPlan/Strategy/keyEnds``): only a key's ends matter, so each is compared there, with no
/// substring scan. (Sorted storage is given candidates only by a filter that keeps very few items:
/// checking them beats the lookup.)
extension IndexStorage {
  /// Offers each key (of `candidates`, or every key) that `matcher` matches.
  func collectKeyEnds(_ matcher: FoldedMatcher, candidates: [UInt32]?, into top: inout TopResults) throws {
    try bytes.withUnsafeBufferPointer { buffer in
      try self.forEachKey(in: candidates, buffer: buffer) { key, slice in
        guard let kind = matcher.match(slice, wantRanges: false)?.kind else { return }
        top.add(kind: kind, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
      }
    }
  }
}
