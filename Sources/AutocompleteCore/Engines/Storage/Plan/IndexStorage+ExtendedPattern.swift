/// A search of ``IndexStorage`` with fzf's extended syntax (``ExtendedPattern``): every key is
/// matched term by term. No sorted lookup or earlier answer narrows it (a negated or OR'ed term
/// can let a longer query match a line a shorter one did not), so it scans every key.
extension IndexStorage {
  /// The best entries for `pattern` (terms folded as the storage is), at most `capacity`; how many
  /// keys matched.
  func collect(pattern: ExtendedPattern, capacity: Int?, restriction: ResultRestriction? = nil) throws -> (
    entries: [TopResults.Entry], offered: Int
  ) {
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts,
      ownersAreUnique: owners.isEmpty, restriction: restriction)
    try bytes.withUnsafeBufferPointer { buffer in
      try humps.withUnsafeBufferPointer { humpWords in
        try self.forEachKey(in: nil, buffer: buffer) { key, slice in
          let humps = humpWords.isEmpty ? nil : HumpMask(words: humpWords, base: Int(self.starts[Int(key)]))
          guard let raw = pattern.match(slice, humps: humps, wantRanges: false) else { return }
          top.add(
            kind: raw.kind, score: raw.score, rank: self.ranks[Int(key)], key: key,
            owner: self.owner(Int(key)), typos: UInt8(clamping: raw.typos))
        }
      }
    }
    return (top.sorted(), top.offered)
  }
}
