/// Words queries without a word index (unsorted storage, a segment written without one, or a query
/// the word index declines: ``SearchPlan/Strategy/wordsScan``): the keys holding the query's
/// longest word are found by a byte scan, and each is matched word by word.
extension IndexStorage {
  /// Offers each key (of `candidates`, or every key) that `matcher` matches in words mode; returns
  /// every key that matched.
  func collectWordsScan(_ matcher: FoldedMatcher, candidates: [UInt32]?, into top: inout TopResults) throws
    -> [UInt32]
  {
    let longest = matcher.words.max { $0.count < $1.count } ?? []
    var keys: [UInt32] = []
    try bytes.withUnsafeBufferPointer { buffer in
      try longest.withUnsafeBufferPointer { word in
        try self.forEachKey(containing: word, candidates: candidates, buffer: buffer) { key, slice, _ in
          guard let raw = matcher.match(slice, wantRanges: false) else { return }
          keys.append(key)
          top.add(
            kind: raw.kind, score: raw.score, rank: self.ranks[Int(key)], key: key,
            owner: self.owner(Int(key)))
        }
      }
    }
    return keys
  }
}
