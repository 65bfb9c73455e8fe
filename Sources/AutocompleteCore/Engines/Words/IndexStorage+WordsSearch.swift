/// Words mode answered from the storage's ``WordIndex`` instead of a scan of every key.
///
/// 1. The keys the whole query starts (prefix or exact, no typo) come from the sorted keys, as in
///    prefix mode: they outrank every word match.
/// 2. The query is planned (``WordsQuery``): each query word's dictionary words, and the query word
///    with the fewest postings leads.
/// 3. The leading word's postings are merged in rank order (best keys first); each key is checked
///    against every query word through its own words (``WordIndex/keyWords``), and offered to the
///    top k as a word-prefix match with the typos it adds up to. A filter is checked before that.
///    A top k stops once no later key could enter; a search that keeps every match (facets, a
///    boost, reordered fields) reads every candidate. Irregular keys are matched one by one.
/// 4. When a filter left few candidate keys (fewer than the leading word's postings), those are
///    checked instead.
extension IndexStorage {
  /// The best entries of the words-mode query `folded` (with `typos`, when it may have typos) from
  /// the word index, or `nil` when there is none or the query has no words (then the caller scans).
  /// `prefixEntries` are the keys the whole query starts, when the caller collected them already.
  func collectWords(
    _ folded: [UInt8], capacity: Int?, candidates: [UInt32]?, typos: TypoMatcher?,
    restriction: ResultRestriction?, prefixEntries: [TopResults.Entry]? = nil
  ) throws -> (entries: [TopResults.Entry], matched: [UInt32]?, offered: Int, scope: TypoScope?)? {
    guard let index = try checkedWords(), let query = try WordsQuery(folded, typos: typos, index: index)
    else {
      return nil
    }
    var top = TopResults(
      capacity: capacity, primaryCount: primaryCount, readingStart: readingStart,
      attributeStarts: attributeStarts, ownersAreUnique: owners.isEmpty, restriction: restriction)
    let prefix =
      try prefixEntries
      ?? collect(folded, mode: .prefix, capacity: capacity, candidates: nil, restriction: restriction).entries
    for entry in prefix {
      top.add(kind: entry.kind, score: 0, rank: entry.rank, key: entry.key, owner: entry.owner)
    }
    let fewestTypos = UInt8(clamping: query.fewestTypos)
    let allowed = restriction?.allowed
    let irregular = IrregularMatcher(folded: folded, typos: typos)
    let check = KeyWordsCheck(query, index: index)
    let keysByRank = index.keysByRank
    try bytes.withUnsafeBufferPointer { buffer in
      try folded.withUnsafeBufferPointer { q in
        let ends = KeyTrimming.Ends(query: q)
        /// Whether the whole query starts the part of `text` it sees (a prefix or exact match).
        func startsWithQuery(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
          let view = UnsafeBufferPointer(rebasing: text[ends.view(of: text)])
          return ByteSearch.hasPrefix(view, q) && GraphemeBoundary.isBoundary(view, at: q.count)
        }
        /// Offers the key of rank `rank`, unless the whole query starts it (offered above).
        func offer(rank: Int, isIrregular: Bool) {
          let key = Int(keysByRank[rank])
          let owner = self.owner(key)
          if let allowed, !allowed.contains(Int(owner)) { return }
          let typos: Int
          if isIrregular {
            let text = UnsafeBufferPointer(rebasing: buffer[keyRange(key)])
            guard let raw = irregular.match(text), raw.kind == .wordPrefix else { return }
            typos = raw.typos
          } else {
            guard let found = check.typos(ofKeyAt: rank) else { return }
            if check.mayStartWithQuery(rank: rank),
              startsWithQuery(UnsafeBufferPointer(rebasing: buffer[keyRange(key)]))
            {
              return
            }
            typos = found
          }
          top.add(
            kind: .wordPrefix, score: 0, rank: UInt32(rank), key: UInt32(key), owner: owner,
            typos: UInt8(clamping: typos))
        }
        let leading = query.words[query.leading]
        let leadingWords = leading.dictionaryWords(in: index.dictionary)
        // The size bounds the count: only a close call counts the leading word's postings.
        if let candidates, candidates.count < leading.postingSize,
          candidates.count < index.postingCount(of: leadingWords)
        {
          let irregularRanks = Set(index.irregularRanks)
          for (count, key) in candidates.enumerated() {
            if count % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
            let rank = Int(ranks[Int(key)])
            offer(rank: rank, isIrregular: irregularRanks.contains(UInt32(rank)))
          }
          return
        }
        var merge = PostingMerge(index: index, words: leadingWords, withIrregular: true)
        var visited = 0
        while let (rank, isIrregular) = merge.next() {
          if capacity != nil,
            !top.accepts(kind: .wordPrefix, score: 0, rank: UInt32(rank), typos: fewestTypos)
          {
            break
          }
          offer(rank: rank, isIrregular: isIrregular)
          visited += 1
          if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        }
      }
    }
    return (top.sorted(), nil, top.offered, nil)
  }
}

/// The matcher of the keys a word index cannot read (``WordIndex/irregularRanks``): words mode's own.
private struct IrregularMatcher {
  let folded: FoldedMatcher
  let typos: TypoMatcher?

  init(folded query: [UInt8], typos: TypoMatcher?) {
    self.folded = FoldedMatcher(query: query, mode: .words)
    self.typos = typos
  }

  func match(_ text: UnsafeBufferPointer<UInt8>) -> RawMatch? {
    typos.map { $0.match(text, wantRanges: false) } ?? folded.match(text, wantRanges: false)
  }
}

/// The ranks in the postings of some dictionary words (and the irregular keys), ascending, each
/// once: a k-way merge through a heap of each list's next rank.
struct PostingMerge {
  private let index: WordIndex
  /// Per list, its next position, its end and its last rank, in ``WordIndex/postings`` (the last
  /// list, when the irregular keys are merged too, in ``WordIndex/irregularRanks``).
  private var cursors: [(next: Int, end: Int, rank: UInt32)]
  private var heap: MinHeap
  private let irregularList: Int?
  private var last = -1

  init(index: WordIndex, words: [UInt32], withIrregular: Bool) {
    self.index = index
    cursors = words.map {
      let range = index.postingRange(Int($0))
      return (range.lowerBound, range.upperBound, .max)
    }
    if withIrregular, !index.irregularRanks.isEmpty {
      irregularList = cursors.count
      cursors.append((0, index.irregularRanks.count, 0))
    } else {
      irregularList = nil
    }
    heap = MinHeap(capacity: cursors.count)
    for list in cursors.indices { push(list) }
  }

  private mutating func push(_ list: Int) {
    let (next, end, previous) = cursors[list]
    guard next < end else { return }
    let rank: UInt32
    if list == irregularList {
      rank = index.irregularRanks[next]
      cursors[list].next = next + 1
    } else {
      var position = next
      let step = index.postings.withUnsafeBufferPointer { PostingCoding.read($0, at: &position, end: end) }
      rank = previous == .max ? step &- 1 : previous &+ step  // the first is stored plus one
      cursors[list].next = position
      cursors[list].rank = rank
    }
    heap.push(UInt64(rank) << 32 | UInt64(list))
  }
  /// The next rank, and whether it is an irregular key's; `nil` after the last.
  mutating func next() -> (Int, Bool)? {
    while let top = heap.pop() {
      let rank = Int(top >> 32)
      let list = Int(UInt32(truncatingIfNeeded: top))
      push(list)
      if rank == last { continue }
      last = rank
      return (rank, list == irregularList)
    }
    return nil
  }
}
