/// A search over ``IndexStorage``: planned (``SearchPlan``), then run by its strategy into a
/// ``TopResults``. Non-generic, so it runs specialized whatever the item type.
extension IndexStorage {
  /// Collects the best entries for the index-folded `folded` query.
  /// - Parameters:
  ///   - capacity: How many items to keep, or `nil` for all.
  ///   - candidates: Keys to rescan instead of everything (an extended query's previous matches).
  ///   - typos: The typo-tolerant matcher, when the query may have typos.
  ///   - scope: What a shorter typo query's walk of the sorted keys matched, to search within.
  ///   - pattern: The query's extended-syntax terms, which then decide alone (``ExtendedPattern``).
  ///   - restriction: The search's filter, fields, boost and `distinct` (``ResultRestriction``).
  /// - Returns: The entries best first; for scanning modes, every key that matched; how many
  ///   matches were offered to the top k (every match, for unsorted storage and a non-empty query);
  ///   and, for a typo walk of the sorted keys, everything it matched.
  func collect(
    _ folded: [UInt8], mode: MatchMode, capacity: Int?, candidates: [UInt32]?, typos: TypoMatcher? = nil,
    scope: TypoScope? = nil, pattern: ExtendedPattern? = nil, restriction: ResultRestriction? = nil
  ) throws -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int, scope: TypoScope?) {
    let plan = SearchPlan(
      folded, mode: mode, over: self, capacity: capacity, candidates: candidates, typos: typos,
      pattern: pattern)
    switch plan.strategy {
    case .pattern(let pattern):
      let (entries, offered) = try collect(pattern: pattern, capacity: capacity, restriction: restriction)
      return (entries, nil, offered, nil)
    case .typos(let typos):
      return try collect(
        forgiving: typos, folded, capacity: capacity, candidates: candidates, scope: scope,
        restriction: restriction)
    default: break
    }
    // Prefix matches outrank every word-prefix and contains match: when the sorted keys alone fill
    // the top k, no scan can change the answer. (Fuzzy matches rank by their score alone, as fzf's.)
    var prefixEntries: [TopResults.Entry]? = nil
    if plan.takesPrefixRangeFirst {
      let prefixOnly = try collect(
        folded, mode: .prefix, capacity: capacity, candidates: nil, restriction: restriction)
      if prefixOnly.entries.count == capacity { return (prefixOnly.entries, nil, prefixOnly.offered, nil) }
      prefixEntries = prefixOnly.entries
    }
    var strategy = plan.strategy
    switch strategy {
    case .wordIndex:
      if let answer = try collectWords(
        folded, capacity: capacity, candidates: candidates, typos: nil, restriction: restriction,
        prefixEntries: prefixEntries)
      {
        return answer
      }
    case .wordStarts:
      if let answer = try collectContains(
        folded, capacity: capacity, candidates: candidates, restriction: restriction,
        prefixEntries: prefixEntries)
      {
        return answer
      }
    default: break
    }
    strategy = plan.fallback ?? strategy
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts, ownersAreUnique: owners.isEmpty, restriction: restriction)
    let matcher = FoldedMatcher(query: folded, mode: mode)
    let matched = try folded.withUnsafeBufferPointer { q -> [UInt32]? in
      switch strategy {
      case .everyKey:
        collectEveryKey(into: &top)
      case .keyEnds:
        try collectKeyEnds(matcher, candidates: candidates, into: &top)
      case .sortedRange:
        try collectSortedRange(q, mode: mode, into: &top)
      case .backwardRange:
        try collectBackwardRange(q, matcher: matcher, into: &top)
      case .substringScan:
        return try collectSubstrings(q, candidates: candidates, into: &top)
      case .wordsScan:
        return try collectWordsScan(matcher, candidates: candidates, into: &top)
      case .subsequenceScan:
        return try collectSubsequences(q, matcher: matcher, candidates: candidates, into: &top)
      case .pattern, .typos, .wordIndex, .wordStarts:
        break  // answered above
      }
      return nil
    }
    return (top.sorted(), matched, top.offered, nil)
  }
}
