/// Searches of ``IndexStorage`` that forgive typos (see ``TypoMatcher`` for what each mode does).
extension IndexStorage {
  /// Collects the best entries for a query that may have typos: ``collect(_:mode:capacity:candidates:typos:)``
  /// with a ``TypoMatcher``.
  func collect(
    forgiving typos: TypoMatcher, _ folded: [UInt8], capacity: Int?, candidates: [UInt32]?, scope: TypoScope?
  ) throws -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int, scope: TypoScope?) {
    // Every match without a typo outranks every match with one: when those alone fill the top k,
    // typos cannot change the answer.
    if isSorted, let capacity, candidates == nil {
      let exact = try collect(folded, mode: typos.mode, capacity: capacity, candidates: nil)
      if exact.entries.count == capacity { return (exact.entries, nil, exact.offered, nil) }
    }
    var top = TopResults(capacity: capacity, primaryCount: primaryCount, ownersAreUnique: owners.isEmpty)
    if let trie, candidates == nil, typos.mode == .prefix || typos.mode == .exact {
      let matched = try walk(trie, typos, within: scope, into: &top)
      return (top.sorted(), nil, top.offered, matched)
    }
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
    return (top.sorted(), matched, top.offered, nil)
  }

  /// Prefix and exact typo search over the sorted keys (``TypoTrieWalk``), then the keys matched one
  /// by one (complex keys, and those the split below hands to a substring scan); within `scope`
  /// when given. Returns everything that matched.
  ///
  /// A walk's cost is its fan-out near the root, where any character can be a typo: with a budget
  /// of two, every two-character prefix of the collection is a node to expand. A fresh walk of a
  /// long enough query is therefore split by the pigeonhole principle. The walk allows one typo
  /// fewer on the first `k` characters of a key (k being the budget); a match it leaves out spends
  /// its whole budget there and matches the rest of the query exactly — in particular its tail
  /// from character `2k` on, which then starts within the key's first `3k` characters. A
  /// substring scan for that tail (``forEachKey(containing:candidates:buffer:_:)``, a `memchr` pass)
  /// finds those keys, and each is matched on its own. A scoped (narrowing) walk needs no split.
  private func walk(
    _ trie: SortedKeyTrie, _ typos: TypoMatcher, within scope: TypoScope?, into top: inout TopResults
  ) throws -> TypoScope {
    let pattern = typos.pattern
    let k = pattern.budget
    let tailStart = 2 * k
    let splits = scope == nil && k >= 2 && pattern.count - tailStart >= Self.minimumTypoTail
    var scanned = Set<UInt32>()
    var listed: [UInt32] = []
    func add(_ key: UInt32, _ raw: RawMatch) {
      listed.append(key)
      top.add(
        kind: raw.kind, score: 0, rank: ranks[Int(key)], key: key, owner: owner(Int(key)),
        typos: UInt8(raw.typos))
    }
    if splits {
      let tail = Array(pattern.bytes[pattern.starts[tailStart]...])
      // Simple keys' clusters are scalars, at most four bytes each.
      let latestStart = 4 * 3 * k
      try bytes.withUnsafeBufferPointer { buffer in
        try tail.withUnsafeBufferPointer { tail in
          try forEachKey(containing: tail, candidates: nil, buffer: buffer) { key, slice, hit in
            guard hit <= latestStart, !trie.isComplex(key) else { return }
            scanned.insert(key)
            if let raw = typos.match(slice, wantRanges: false) { add(key, raw) }
          }
        }
      }
    }
    let segments = try TypoTrieWalk.segments(
      trie: trie, forward: forward, starts: starts, bytes: bytes, pattern: pattern,
      isPrefix: typos.mode == .prefix, earlyDepth: splits ? k : 0, within: scope?.ranges)
    for segment in segments {
      try collectSmallest(
        in: segment.range, of: forward, minima: forwardMinima, bestKind: segment.kind,
        typos: UInt8(segment.typos), into: &top
      ) { trie.isComplex($0) || scanned.contains($0) ? nil : segment.kind }
    }
    // A query of ASCII characters pairs only with ASCII clusters: a key with too few is out.
    let needed = pattern.bytes.allSatisfy { $0 < 0x80 } ? pattern.count - k : 0
    let keys =
      scope?.listedKeys
      ?? (needed <= 0
        ? trie.complexKeys
        : zip(trie.complexKeys, trie.complexASCIICounts).filter { Int($1) >= needed }.map { $0.0 })
    try bytes.withUnsafeBufferPointer { buffer in
      try forEachKey(in: keys, buffer: buffer) { key, slice in
        if let raw = typos.match(slice, wantRanges: false) { add(key, raw) }
      }
    }
    let ranges = segments.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
    return TypoScope(ranges: ranges, listedKeys: listed)
  }

  /// The fewest characters the query's tail must have for a fresh walk to be split (see
  /// ``walk(_:_:within:into:)``): a shorter tail would occur in too many keys.
  static let minimumTypoTail = 4
}

/// What a typo search of the sorted keys matched: the next, longer query (with no larger budget)
/// matches only within it, so its walk leaves every trie node outside alone.
struct TypoScope: Sendable {
  /// Sorted positions (of ``IndexStorage/forward``) whose keys matched, disjoint and in order;
  /// complex keys in them did not necessarily match.
  var ranges: [Range<Int>]
  /// The keys matched one by one, not by the walk: complex keys (``SortedKeyTrie/complexKeys``)
  /// and keys found by the substring scan of a split walk.
  var listedKeys: [UInt32]
}
