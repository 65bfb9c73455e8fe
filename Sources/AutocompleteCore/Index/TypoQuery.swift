/// Searches of ``IndexStorage`` that forgive typos (see ``TypoMatcher`` for what each mode does).
extension IndexStorage {
  /// Collects the best entries for a query that may have typos: ``collect(_:mode:capacity:candidates:typos:)``
  /// with a ``TypoMatcher``.
  func collect(forgiving typos: TypoMatcher, _ folded: [UInt8], capacity: Int?, candidates: [UInt32]?) throws
    -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int)
  {
    // Every match without a typo outranks every match with one: when those alone fill the top k,
    // typos cannot change the answer.
    if isSorted, let capacity, candidates == nil {
      let exact = try collect(folded, mode: typos.mode, capacity: capacity, candidates: nil)
      if exact.entries.count == capacity { return (exact.entries, nil, exact.offered) }
    }
    var top = TopResults(capacity: capacity, primaryCount: primaryCount, ownersAreUnique: owners.isEmpty)
    var matched: [UInt32] = []
    try bytes.withUnsafeBufferPointer { buffer in
      try forEachKey(in: candidates, buffer: buffer) { key, slice in
        guard let raw = typos.match(slice, wantRanges: false) else { return }
        matched.append(key)
        top.add(
          kind: raw.kind, score: 0, rank: ranks[Int(key)], key: key, owner: owner(Int(key)),
          typos: UInt8(raw.typos))
      }
    }
    return (top.sorted(), matched, top.offered)
  }
}
