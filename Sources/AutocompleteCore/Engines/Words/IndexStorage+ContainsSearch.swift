/// Contains mode answered from the storage's ``WordIndex`` for a query of one word without typos:
/// such a query never spans two words of a key, so each of its occurrences lies inside one word.
///
/// 1. The keys the whole query starts (prefix, exact) come from the sorted keys.
/// 2. Word-prefix matches: the keys holding a word the query starts (the dictionary words in its
///    range), best first, as in words mode.
/// 3. Contains matches: the keys holding a word the query occurs inside (found by a scan of the
///    dictionary, whose words are far fewer than the keys), best first, without those of step 2.
///
/// Each step stops once no later key could enter the top k. Queries of several words, with
/// whitespace or punctuation, or with typos still scan the keys (``collect(_:mode:capacity:candidates:typos:scope:pattern:restriction:)``).
extension IndexStorage {
  /// The best entries of the contains-mode query `folded` without typos, or `nil` when the word
  /// index cannot answer it (no word index, a query that is not one word, filter candidates given).
  func collectContains(
    _ folded: [UInt8], capacity: Int?, candidates: [UInt32]?, restriction: ResultRestriction?,
    prefixEntries: [TopResults.Entry]?
  ) throws -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int, scope: TypoScope?)? {
    guard candidates == nil, !folded.isEmpty, folded.allSatisfy({ ByteClass($0).isWord }),
      let index = try checkedWords(), let query = try WordsQuery(folded, typos: nil, index: index),
      query.words.count == 1
    else { return nil }
    let starts = query.words[0]
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts, ownersAreUnique: owners.isEmpty, restriction: restriction)
    let prefix =
      try prefixEntries
      ?? collect(folded, mode: .prefix, capacity: capacity, candidates: nil, restriction: restriction).entries
    for entry in prefix {
      top.add(kind: entry.kind, score: 0, rank: entry.rank, key: entry.key, owner: entry.owner)
    }
    let allowed = restriction?.allowed
    let keysByRank = index.keysByRank
    let check = KeyWordsCheck(query, index: index)
    let inside = try wordsContaining(folded, in: index.dictionary)
    try bytes.withUnsafeBufferPointer { buffer in
      try folded.withUnsafeBufferPointer { q in
        let ends = KeyTrimming.Ends(query: q)
        /// Whether the whole query starts the part of `text` it sees (a prefix or exact match).
        func startsWithQuery(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
          let view = UnsafeBufferPointer(rebasing: text[ends.view(of: text)])
          return ByteSearch.hasPrefix(view, q) && GraphemeBoundary.isBoundary(view, at: q.count)
        }
        /// The key of `rank` and its owner, unless a filter leaves it out or the whole query
        /// starts it (offered above).
        func candidate(_ rank: Int) -> (key: Int, owner: UInt32, text: UnsafeBufferPointer<UInt8>)? {
          let key = Int(keysByRank[rank])
          let owner = self.owner(key)
          if let allowed, !allowed.contains(Int(owner)) { return nil }
          let text = UnsafeBufferPointer(rebasing: buffer[keyRange(key)])
          if startsWithQuery(text) { return nil }
          return (key, owner, text)
        }
        // Word starts, and the irregular keys matched one by one whatever their kind.
        var merge = PostingMerge(
          index: index, words: starts.dictionaryWords(in: index.dictionary), withIrregular: true)
        var visited = 0
        while let (rank, isIrregular) = merge.next() {
          if capacity != nil, !top.accepts(kind: .wordPrefix, score: 0, rank: UInt32(rank)) { break }
          visited += 1
          if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
          guard let (key, owner, text) = candidate(rank) else { continue }
          var kind = MatchKind.wordPrefix
          if isIrregular {
            guard let hit = ByteSearch.firstIndex(of: q, in: text),
              let found = FoldedMatcher.bestOccurrence(q, in: text, firstHit: hit),
              found.kind == .wordPrefix || found.kind == .contains
            else { continue }
            kind = found.kind
          }
          top.add(kind: kind, score: 0, rank: UInt32(rank), key: UInt32(key), owner: owner)
        }
        // Occurrences inside words, in keys where the query starts no word.
        merge = PostingMerge(index: index, words: inside, withIrregular: false)
        while let (rank, _) = merge.next() {
          if capacity != nil, !top.accepts(kind: .contains, score: 0, rank: UInt32(rank)) { break }
          visited += 1
          if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
          guard let (key, owner, _) = candidate(rank), !check.holdsWord(rank: rank, of: 0) else { continue }
          top.add(kind: .contains, score: 0, rank: UInt32(rank), key: UInt32(key), owner: owner)
        }
      }
    }
    return (top.sorted(), nil, top.offered, nil)
  }

  /// The dictionary words that `folded` occurs in, on cluster boundaries, other than at their
  /// start: one memchr-driven pass over the dictionary.
  private func wordsContaining(_ folded: [UInt8], in dictionary: IndexStorage) throws -> [UInt32] {
    var found: [UInt32] = []
    try dictionary.bytes.withUnsafeBufferPointer { buffer in
      try folded.withUnsafeBufferPointer { q in
        try dictionary.forEachKey(containing: q, candidates: nil, buffer: buffer) { word, text, hit in
          if FoldedMatcher.bestOccurrence(q, in: text, firstHit: hit)?.kind == .contains {
            found.append(word)
          }
        }
      }
    }
    return found
  }
}
