/// The mode dispatch of a search over ``IndexStorage``: which lookup or scan finds the candidates,
/// and how each candidate is classified. Non-generic, so it runs specialized whatever the item type.
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
    if let pattern {
      let (entries, offered) = try collect(pattern: pattern, capacity: capacity, restriction: restriction)
      return (entries, nil, offered, nil)
    }
    if let typos {
      return try collect(
        forgiving: typos, folded, capacity: capacity, candidates: candidates, scope: scope,
        restriction: restriction)
    }
    // Prefix matches outrank every word-prefix and contains match: when the sorted keys alone fill
    // the top k, no scan can change the answer. (Fuzzy matches rank by their score alone, as fzf's.)
    var prefixEntries: [TopResults.Entry]? = nil
    if isSorted, capacity != nil, !folded.isEmpty, mode == .contains || mode == .words {
      let prefixOnly = try collect(
        folded, mode: .prefix, capacity: capacity, candidates: nil, restriction: restriction)
      if prefixOnly.entries.count == capacity { return (prefixOnly.entries, nil, prefixOnly.offered, nil) }
      prefixEntries = prefixOnly.entries
    }
    // Words mode reads the keys holding the query's words from the word index, where there is one.
    if mode == .words, !folded.isEmpty,
      let answer = try collectWords(
        folded, capacity: capacity, candidates: candidates, typos: nil, restriction: restriction,
        prefixEntries: prefixEntries)
    {
      return answer
    }
    if mode == .contains,
      let answer = try collectContains(
        folded, capacity: capacity, candidates: candidates, restriction: restriction,
        prefixEntries: prefixEntries)
    {
      return answer
    }
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts,
      ownersAreUnique: owners.isEmpty, restriction: restriction)
    let matcher = FoldedMatcher(query: folded, mode: mode)
    var matched: [UInt32]? = nil
    try bytes.withUnsafeBufferPointer { buffer in
      try humps.withUnsafeBufferPointer { humpWords in
        try folded.withUnsafeBufferPointer { q in
          switch mode {
          case _ where q.isEmpty:
            for key in 0..<self.keyCount where top.accepts(kind: .prefix, score: 0, rank: self.ranks[key]) {
              top.add(
                kind: .prefix, score: 0, rank: self.ranks[key], key: UInt32(key), owner: self.owner(key))
            }
          case .prefix where !self.isSorted || candidates != nil,
            .exact where !self.isSorted || candidates != nil,
            .suffix where !self.isSorted || candidates != nil:
            // Only the key's ends matter: compare them, no substring scan. (Sorted storage is given
            // candidates only by a filter that keeps very few items: checking them beats the lookup.)
            try self.forEachKey(in: candidates, buffer: buffer) { key, slice in
              guard let kind = matcher.match(slice, wantRanges: false)?.kind else { return }
              top.add(kind: kind, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
            }
          case .prefix, .exact:
            let range = self.forwardRange(of: q, in: buffer)
            // Keys equal to the query sort first in the range: take them all as exact matches, then
            // the best of the rest as prefix matches.
            var exactEnd = range.lowerBound
            while exactEnd < range.upperBound, self.keyRange(Int(self.forward[exactEnd])).count == q.count {
              let key = self.forward[exactEnd]
              top.add(
                kind: .exact, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
              exactEnd += 1
            }
            if mode == .prefix {
              let lastByte = q[q.count - 1]
              try self.collectSmallest(
                in: exactEnd..<range.upperBound, of: self.forward, minima: self.forwardMinima,
                bestKind: .prefix,
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
          case .suffix:
            let range = self.backwardRange(of: q, in: buffer)
            try self.collectSmallest(
              in: range, of: self.backward, minima: self.backwardMinima, bestKind: .exact, into: &top
            ) { key in
              let slice = UnsafeBufferPointer(rebasing: buffer[self.keyRange(Int(key))])
              return matcher.match(slice, wantRanges: false)?.kind
            }
          case .contains:
            var keys: [UInt32] = []
            try self.forEachKey(containing: q, candidates: candidates, buffer: buffer) { key, slice, hit in
              guard let kind = FoldedMatcher.bestOccurrence(q, in: slice, firstHit: hit)?.kind else { return }
              keys.append(key)
              top.add(kind: kind, score: 0, rank: self.ranks[Int(key)], key: key, owner: self.owner(Int(key)))
            }
            matched = keys
          case .words:
            let longest = matcher.words.max { $0.count < $1.count } ?? []
            var keys: [UInt32] = []
            try longest.withUnsafeBufferPointer { word in
              try self.forEachKey(containing: word, candidates: candidates, buffer: buffer) { key, slice, _ in
                guard let raw = matcher.match(slice, wantRanges: false) else { return }
                keys.append(key)
                top.add(
                  kind: raw.kind, score: raw.score, rank: self.ranks[Int(key)], key: key,
                  owner: self.owner(Int(key)))
              }
            }
            matched = keys
          case .fuzzy:
            var keys: [UInt32] = []
            try self.forEachKey(havingSubsequence: q, candidates: candidates, buffer: buffer) { key, slice in
              keys.append(key)
              // The matcher decides on the part of the key the query sees (``KeyTrimming``): a
              // line's leading space may join the cluster after it (a space then a zero-width
              // joiner is one cluster, and the joiner alone a query's first).
              let humps =
                humpWords.isEmpty ? nil : HumpMask(words: humpWords, base: Int(self.starts[Int(key)]))
              guard let raw = matcher.match(slice, humps: humps, wantRanges: false) else { return }
              top.add(
                kind: raw.kind, score: raw.score, rank: self.ranks[Int(key)], key: key,
                owner: self.owner(Int(key)))
            }
            matched = keys
          }
        }
      }
    }
    return (top.sorted(), matched, top.offered, nil)
  }
}
