/// Searches of ``IndexStorage`` that forgive typos (see ``TypoMatcher`` for what each mode does).
extension IndexStorage {
  /// Collects the best entries for a query that may have typos: ``collect(_:mode:capacity:candidates:typos:)``
  /// with a ``TypoMatcher``.
  func collect(
    forgiving typos: TypoMatcher, _ folded: [UInt8], capacity: Int?, candidates: [UInt32]?, scope: TypoScope?,
    restriction: ResultRestriction? = nil
  ) throws -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int, scope: TypoScope?) {
    // Every match without a typo outranks every match with one: when those alone fill the top k,
    // typos cannot change the answer.
    if isSorted, let capacity, candidates == nil,
      matchesWithoutTyposMayFill(capacity, folded, mode: typos.mode)
    {
      let exact = try collect(
        folded, mode: typos.mode, capacity: capacity, candidates: nil, restriction: restriction)
      if exact.entries.count == capacity { return (exact.entries, nil, exact.offered, nil) }
    }
    if typos.mode == .words,
      let answer = try collectWords(
        folded, capacity: capacity, candidates: candidates, typos: typos, restriction: restriction)
    {
      return answer
    }
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts,
      ownersAreUnique: owners.isEmpty, restriction: restriction)
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
          typos: UInt8(clamping: raw.typos))
      }
    }
    return (top.sorted(), matched, top.offered, nil)
  }

  /// Whether the matches of `folded` without a typo may fill the top `capacity`: in prefix and
  /// exact mode, only when at least `capacity` sorted keys start with it — one look at the trie
  /// and a short binary search, where collecting them costs more, and a query with a typo seldom
  /// has that many. In the other modes, always (their matches are not found by prefix).
  private func matchesWithoutTyposMayFill(_ capacity: Int, _ folded: [UInt8], mode: MatchMode) -> Bool {
    guard mode == .prefix || mode == .exact else { return true }
    let range = bytes.withUnsafeBufferPointer { buffer in
      folded.withUnsafeBufferPointer { forwardRange(of: $0, in: buffer) }
    }
    return range.count >= capacity
  }

  /// Prefix and exact typo search over the sorted keys (``TypoTrieWalk``), then the keys matched one
  /// by one (complex keys, and for a query of ASCII characters the keys of other scripts that may
  /// reach it: ``SortedKeyTrie/ReachList``); within `scope` when given. Returns everything that
  /// matched.
  private func walk(
    _ trie: SortedKeyTrie, _ typos: TypoMatcher, within scope: TypoScope?, into top: inout TopResults
  ) throws -> TypoScope {
    let pattern = typos.pattern
    let k = pattern.budget
    var listed: [UInt32] = []
    // A query of ASCII characters pairs only with ASCII clusters: a key with too few is out, and one
    // of another script (led by a character that is not ASCII) matches only through its ASCII
    // bytes — the walk leaves that region to the listed keys, matched one by one below.
    let isASCII = pattern.bytes.allSatisfy { $0 < 0x80 }
    let needed = isASCII ? pattern.count - k : 0
    let skipsOtherScripts = needed > 0 && scope == nil  // a scoped walk covers the listed keys of before
    let classes = PatternClasses(pattern)
    let segments = try TypoTrieWalk.segments(
      trie: trie, forward: forward, starts: starts, bytes: bytes, pattern: pattern, classes: classes,
      isPrefix: typos.mode == .prefix,
      rootEnd: skipsOtherScripts ? trie.asciiLeadEnd : forward.count, within: scope?.ranges)
    // The bits alone: a closure that captured the trie would copy it on every call.
    let complexBits = trie.complexBits
    for segment in segments {
      let kind = segment.kind
      try collectSmallest(
        in: segment.range, of: forward, minima: forwardMinima, bestKind: kind,
        typos: UInt8(clamping: segment.typos), into: &top
      ) { SortedKeyTrie.isComplex($0, in: complexBits) ? nil : kind }
    }
    try bytes.withUnsafeBufferPointer { buffer in
      // A query of ASCII characters turns most listed keys down in one pass over their bytes.
      func matchOneByOne<Keys: Collection<UInt32>>(_ keys: Keys) throws {
        for (index, key) in keys.enumerated() {
          if index % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
          let text = UnsafeBufferPointer(rebasing: buffer[keyRange(Int(key))])
          if isASCII && !pattern.mayMatchASCII(text) { continue }
          if let raw = typos.match(text, wantRanges: false) {
            listed.append(key)
            top.add(
              kind: raw.kind, score: 0, rank: ranks[Int(key)], key: key, owner: owner(Int(key)),
              typos: UInt8(clamping: raw.typos))
          }
        }
      }
      if let scope {
        try matchOneByOne(scope.listedKeys)
      } else if skipsOtherScripts && (1...SortedKeyTrie.largestBudget).contains(k) {
        // Each query cluster whose class the key's ASCII characters lack is a typo: most keys are
        // turned down by that alone, one word each.
        let list = trie.reachList(forBudget: k)
        var kept: [UInt32] = []
        for index in 0..<list.count(reaching: pattern.count) {
          let mask = list.classes[index]
          // Each missing class is at least one missing cluster: most keys are out on that count.
          if (classes.classes & ~mask).nonzeroBitCount > k { continue }
          if classes.positions(missingFrom: mask).nonzeroBitCount <= k { kept.append(list.keys[index]) }
        }
        try matchOneByOne(kept)
      } else {
        try matchOneByOne(trie.complexKeys)
      }
    }
    let ranges = segments.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
    return TypoScope(ranges: ranges, listedKeys: listed)
  }
}

/// What a typo search of the sorted keys matched: the next, longer query (with no larger budget)
/// matches only within it, so its walk leaves every trie node outside alone.
struct TypoScope: Sendable {
  /// Sorted positions (of ``IndexStorage/forward``) whose keys matched, disjoint and in order;
  /// complex keys in them did not necessarily match.
  var ranges: [Range<Int>]
  /// The keys matched one by one, not by the walk: complex keys (``SortedKeyTrie/complexKeys``)
  /// and keys of other scripts (``SortedKeyTrie/reachLists``).
  var listedKeys: [UInt32]
}
