/// Matches a folded query against one folded key while forgiving typos, mode by mode: what
/// ``SearchQuery`` and every scan of an index or a line filter run when ``TypoTolerance`` allows
/// typos. The index's sorted keys are searched by ``TypoTrieWalk`` instead, for prefix and exact.
///
/// - prefix: the least distance between the query and *some prefix* of the key; the kind is exact
///   when the whole key is that close, else prefix; the highlight is the longest such prefix.
/// - exact: the distance between the query and the whole key.
/// - words: every query word must start some word of the key, as without typos; with typos, the
///   last query word (still being typed) may start a key word with up to its budget of typos, and
///   each other query word may equal a key word with up to its budget. The typos add up.
/// - contains: the least distance between the query and some substring of the key; the kind is
///   that of the best such occurrence (at the start, at a word start, elsewhere).
///
/// A budget comes from the ``TypoTolerance`` and the length in folded grapheme clusters of the
/// query (or, in words mode, of each query word).
struct TypoMatcher: Sendable {
  let mode: MatchMode
  /// The whole query.
  let pattern: TypoPattern
  /// The query words (words mode).
  let words: [TypoPattern]
  /// The ends of a key whose whitespace the query ignores (``KeyTrimming``).
  let ends: KeyTrimming.Ends

  /// The matcher for `folded` in `mode`, or `nil` when `tolerance` allows no typo for this query
  /// (then the exact matchers answer) or the mode ignores typos (suffix, fuzzy).
  init?(query folded: [UInt8], mode: MatchMode, tolerance: TypoTolerance) {
    guard tolerance != .off, !folded.isEmpty else { return nil }
    switch mode {
    case .prefix, .exact, .contains:
      let count = folded.withUnsafeBufferPointer { ClusterBreaks.clusterStarts(of: $0).count - 1 }
      let budget = tolerance.maximumTypos(forLength: count)
      guard budget > 0 else { return nil }
      self.pattern = TypoPattern(folded, budget: budget)
      self.words = []
    case .words:
      let words = Self.words(of: folded).map { word in
        let count = word.withUnsafeBufferPointer { ClusterBreaks.clusterStarts(of: $0).count - 1 }
        return TypoPattern(word, budget: tolerance.maximumTypos(forLength: count))
      }
      guard words.contains(where: { $0.budget > 0 }) else { return nil }
      self.pattern = TypoPattern(folded, budget: 0)
      self.words = words
    case .suffix, .fuzzy:
      return nil
    }
    self.mode = mode
    self.ends = KeyTrimming.Ends(query: folded)
  }

  /// Whether an empty key matches (a query no longer than its budget, as prefix, exact or contains).
  var matchesEmptyKey: Bool {
    [UInt8]().withUnsafeBufferPointer { match($0, wantRanges: false) != nil }
  }

  /// The typo budget of the query, or of each query word in words mode.
  var budgets: [Int] { mode == .words ? words.map(\.budget) : [pattern.budget] }

  /// Whether a longer query with no larger budgets matches only keys that this one matches: true
  /// in prefix, words and contains mode (the distance to a key's best prefix, word or substring
  /// only grows as the query does), not in exact mode ("ab" is two typos from "abcd", "abc" one).
  var narrowsWhenExtended: Bool { mode != .exact }

  /// Whether the matches of a query with typo budgets `previous` (empty for no typos) contain
  /// those of an extension of it searched with `next` (or without typos): when no budget grew.
  static func narrows(from previous: [Int], to next: TypoMatcher?) -> Bool {
    guard let next else { return previous.isEmpty }
    let budgets = next.budgets
    guard !previous.isEmpty, next.narrowsWhenExtended, budgets.count >= previous.count else { return false }
    return zip(previous, budgets).allSatisfy { $1 <= $0 }
  }

  /// The query's words: maximal runs of clusters that start with a word byte (``ByteClass``).
  static func words(of folded: [UInt8]) -> [[UInt8]] {
    folded.withUnsafeBufferPointer { text in
      let starts = ClusterBreaks.clusterStarts(of: text)
      var words: [[UInt8]] = []
      var wordStart: Int?
      for index in 0..<(starts.count - 1) {
        let isWord = ByteClass(text[starts[index]]).isWord
        if isWord && wordStart == nil { wordStart = starts[index] }
        if !isWord, let start = wordStart {
          words.append(Array(text[start..<starts[index]]))
          wordStart = nil
        }
      }
      if let start = wordStart { words.append(Array(text[start..<text.count])) }
      return words
    }
  }

  // MARK: Matching one key

  /// Matches the folded `key` without the whitespace at the ends the query ignores
  /// (``KeyTrimming``); the ranges (when wanted) are byte ranges of `key`.
  func match(_ key: UnsafeBufferPointer<UInt8>, wantRanges: Bool = true) -> RawMatch? {
    let view = ends.view(of: key)
    guard view.lowerBound > 0 else {
      return match(view: UnsafeBufferPointer(rebasing: key[..<view.upperBound]), wantRanges: wantRanges)
    }
    guard var raw = match(view: UnsafeBufferPointer(rebasing: key[view]), wantRanges: wantRanges) else {
      return nil
    }
    raw.ranges = raw.ranges.map { ($0.lowerBound + view.lowerBound)..<($0.upperBound + view.lowerBound) }
    return raw
  }

  /// Matches the part of a key the query sees.
  private func match(view key: UnsafeBufferPointer<UInt8>, wantRanges: Bool) -> RawMatch? {
    switch mode {
    case .prefix, .exact:
      pattern.mayMatch(key, prefixClusters: pattern.count + pattern.budget)
        ? prefixMatch(key, wantRanges: wantRanges) : nil
    case .contains: pattern.mayMatch(key) ? containsMatch(key, wantRanges: wantRanges) : nil
    case .words: wordsMatch(key, wantRanges: wantRanges)
    case .suffix, .fuzzy: nil
    }
  }

  /// What the prefixes of a key (or of a piece of it) give: the least distance, the longest
  /// prefix (in clusters) at that distance, and the distance to the whole.
  struct PrefixDistance {
    var typos: Int
    var end: Int
    var whole: Int
  }

  /// ``prefixDistance(_:in:from:stopsAtWordEnd:wantsWhole:)`` without typos: 0 when the key
  /// starts with the pattern's clusters (its whole at 0 when nothing follows them, else 1), `nil`
  /// otherwise. A pattern without a budget may be of any length (a long query word), which the
  /// band's tables are not built for.
  private static func exactPrefixDistance(
    _ pattern: TypoPattern, in key: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtWordEnd: Bool
  ) -> PrefixDistance? {
    let m = pattern.count
    var matched = 0
    var position = start
    while position < key.count && !(stopsAtWordEnd && !ByteClass(key[position]).isWord) {
      let end = ClusterBreaks.clusterEnd(in: key, from: position)
      // A cluster past the pattern: the whole is one typo away.
      if matched == m { return PrefixDistance(typos: 0, end: m, whole: 1) }
      // Equal clusters have equal numbers: the bytes compare without looking a number up.
      let clusterStart = pattern.starts[matched]
      let length = pattern.starts[matched + 1] - clusterStart
      let equal =
        end - position == length
        && pattern.bytes.withUnsafeBufferPointer {
          memcmpFast($0.baseAddress! + clusterStart, key.baseAddress! + position, length)
        }
      guard equal else { return nil }
      matched += 1
      position = end
    }
    return matched == m ? PrefixDistance(typos: 0, end: m, whole: 0) : nil
  }

  /// The distance of `pattern` to the prefixes of `key[start...]`, or `nil` when none is within
  /// the pattern's budget. `stopsAtWordEnd` ends the key at its first non-word cluster (a key
  /// word). The distance to the whole is exact when `wantsWhole` (it keeps going while the whole
  /// could be within the budget); otherwise only when it equals the least distance.
  static func prefixDistance(
    _ pattern: TypoPattern, in key: UnsafeBufferPointer<UInt8>, from start: Int = 0,
    stopsAtWordEnd: Bool = false,
    wantsWhole: Bool = false
  ) -> PrefixDistance? {
    let k = pattern.budget
    guard k > 0 else {
      return exactPrefixDistance(pattern, in: key, from: start, stopsAtWordEnd: stopsAtWordEnd)
    }
    return pattern.withBand { band -> PrefixDistance? in
      var before = band.emptyRow
      var last = band.firstRow
      var best = PrefixDistance(
        typos: band.distance(last, row: 0), end: 0, whole: band.distance(last, row: 0))
      var previous = TypoPattern.absent
      var i = 0
      var position = start
      while position < key.count {
        let end = ClusterBreaks.clusterEnd(in: key, from: position)
        if stopsAtWordEnd && !ByteClass(key[position]).isWord { break }
        let a = pattern.id(of: key, position..<end)
        i += 1
        let row = band.step(before, last, row: i, cluster: a, previous: previous)
        (before, last, previous) = (last, row, a)
        let distance = band.distance(row, row: i)
        if distance <= best.typos { (best.typos, best.end) = (distance, i) }
        best.whole = distance
        position = end
        // Rows never get smaller: once over the best so far, no longer prefix can be as close.
        if band.minimum(row) > (wantsWhole ? k : min(best.typos, k)) {
          let isAtEnd = position == key.count || (stopsAtWordEnd && !ByteClass(key[position]).isWord)
          if !isAtEnd { best.whole = band.infinity }
          break
        }
      }
      return best.typos <= k ? best : nil
    }
  }

  private func prefixMatch(_ key: UnsafeBufferPointer<UInt8>, wantRanges: Bool) -> RawMatch? {
    guard let found = Self.prefixDistance(pattern, in: key, wantsWhole: mode == .exact) else { return nil }
    if mode == .exact {
      guard found.whole <= pattern.budget else { return nil }
      let ranges = wantRanges ? alignedRanges(pattern, in: key, clusters: nil) : []
      return RawMatch(kind: .exact, score: 0, ranges: ranges, typos: found.whole)
    }
    let kind: MatchKind = found.whole == found.typos ? .exact : .prefix
    let ranges = wantRanges ? alignedRanges(pattern, in: key, clusters: 0..<found.end) : []
    return RawMatch(kind: kind, score: 0, ranges: ranges, typos: found.typos)
  }

  // MARK: Contains

  private func containsMatch(_ key: UnsafeBufferPointer<UInt8>, wantRanges: Bool) -> RawMatch? {
    let k = pattern.budget
    // One pass over the key's cluster numbers, on the stack, rejects most keys.
    let typos = withUnsafeTemporaryAllocation(of: Int32.self, capacity: key.count) { buffer -> Int in
      var count = 0
      var position = 0
      while position < key.count {
        let end = ClusterBreaks.clusterEnd(in: key, from: position)
        buffer[count] = pattern.id(of: key, position..<end)
        count += 1
        position = end
      }
      return pattern.ids.withUnsafeBufferPointer {
        OSAAlignment.substringTypos(
          pattern: $0, key: UnsafeBufferPointer(rebasing: buffer[0..<count]), limit: k)
      }
    }
    guard typos <= k else { return nil }
    // The best occurrence: at the start, else at a word start, else the one that ends first.
    if let atStart = Self.prefixDistance(pattern, in: key), atStart.typos == typos {
      let kind: MatchKind = atStart.whole == typos ? .exact : .prefix
      let ranges = wantRanges ? alignedRanges(pattern, in: key, clusters: 0..<atStart.end) : []
      return RawMatch(kind: kind, score: 0, ranges: ranges, typos: typos)
    }
    let starts = ClusterBreaks.clusterStarts(of: key)
    for index in 1..<max(starts.count - 1, 1) where Self.isWordStart(key, starts, index) {
      if let found = Self.prefixDistance(pattern, in: key, from: starts[index]), found.typos == typos {
        let ranges =
          wantRanges
          ? alignedRanges(pattern, in: key, clusters: index..<(index + found.end), starts: starts) : []
        return RawMatch(kind: .wordPrefix, score: 0, ranges: ranges, typos: typos)
      }
    }
    guard wantRanges else { return RawMatch(kind: .contains, score: 0, ranges: [], typos: typos) }
    let ids = clusterIDs(pattern, key, starts)
    let aligned = pattern.ids.withUnsafeBufferPointer { p in
      ids.withUnsafeBufferPointer { OSAAlignment.alignment(pattern: p, key: $0, substring: true).aligned }
    }
    let ranges = FoldedMatcher.merged(aligned.map { starts[$0]..<starts[$0 + 1] })
    return RawMatch(kind: .contains, score: 0, ranges: ranges, typos: typos)
  }

  /// Whether cluster `index` of `key` starts a word: a word cluster after a non-word one.
  static func isWordStart(_ key: UnsafeBufferPointer<UInt8>, _ starts: [Int], _ index: Int) -> Bool {
    index == 0
      || (ByteClass(key[starts[index]]).isWord && !ByteClass(key[starts[index - 1]]).isWord)
  }

  // MARK: Words

  private func wordsMatch(_ key: UnsafeBufferPointer<UInt8>, wantRanges: Bool) -> RawMatch? {
    // The whole query starting the key, with no typo, is a prefix (or exact) match, as without typos.
    let whole = pattern.bytes.count
    if pattern.bytes.withUnsafeBufferPointer({ ByteSearch.hasPrefix(key, $0) })
      && GraphemeBoundary.isBoundary(key, at: whole)
    {
      return RawMatch(
        kind: key.count == whole ? .exact : .prefix, score: 0, ranges: wantRanges ? [0..<whole] : [])
    }
    if words.isEmpty { return RawMatch(kind: .wordPrefix, score: 0, ranges: []) }
    guard words.allSatisfy({ $0.mayMatch(key) }) else { return nil }
    let starts = ClusterBreaks.clusterStarts(of: key)
    let wordStarts = (0..<(starts.count - 1)).filter {
      Self.isWordStart(key, starts, $0) && ByteClass(key[starts[$0]]).isWord
    }
    var typos = 0
    var ranges: [Range<Int>] = []
    for (index, word) in words.enumerated() {
      let isLast = index == words.count - 1
      var best: (typos: Int, start: Int, end: Int)?
      for start in wordStarts {
        guard
          let found = Self.prefixDistance(
            word, in: key, from: starts[start], stopsAtWordEnd: true, wantsWhole: !isLast)
        else { continue }
        // A word before the last must equal its key word (or start it with no typo).
        let candidate = isLast || found.typos == 0 ? found.typos : found.whole
        let wordEnd = isLast || found.typos == 0 ? found.end : Self.wordLength(key, starts, from: start)
        guard candidate <= word.budget, candidate < (best?.typos ?? .max) else { continue }
        best = (candidate, start, start + wordEnd)
        if candidate == 0 { break }
      }
      guard let best else { return nil }
      typos += best.typos
      if wantRanges {
        ranges += alignedRanges(word, in: key, clusters: best.start..<best.end, starts: starts)
      }
    }
    return RawMatch(kind: .wordPrefix, score: 0, ranges: FoldedMatcher.merged(ranges), typos: typos)
  }

  /// How many clusters the key word starting at cluster `index` has.
  static func wordLength(_ key: UnsafeBufferPointer<UInt8>, _ starts: [Int], from index: Int) -> Int {
    var end = index
    while end < starts.count - 1 && ByteClass(key[starts[end]]).isWord { end += 1 }
    return end - index
  }

  // MARK: Highlights

  /// The cluster numbers of `key`'s clusters (by `starts`): all of them, or those of `clusters`.
  func clusterIDs(
    _ pattern: TypoPattern, _ key: UnsafeBufferPointer<UInt8>, _ starts: [Int], clusters: Range<Int>? = nil
  ) -> [Int32] {
    (clusters ?? 0..<(starts.count - 1)).map { pattern.id(of: key, starts[$0]..<starts[$0 + 1]) }
  }

  /// The byte ranges of the clusters of `key` (all of them, or `clusters`) that an optimal
  /// alignment pairs with `pattern`'s clusters.
  func alignedRanges(
    _ pattern: TypoPattern, in key: UnsafeBufferPointer<UInt8>, clusters: Range<Int>?, starts: [Int]? = nil
  ) -> [Range<Int>] {
    // The clusters past the span are not needed.
    let starts = starts ?? ClusterBreaks.clusterStarts(of: key, limit: clusters?.upperBound ?? .max)
    let span = clusters ?? 0..<(starts.count - 1)
    // Without a budget the span starts with the pattern's clusters, one for one — and the pattern
    // may be long (a query word past the longest that may have typos): no alignment table.
    if pattern.budget == 0 {
      let end = span.lowerBound + min(pattern.count, span.count)
      return end > span.lowerBound ? [starts[span.lowerBound]..<starts[end]] : []
    }
    let ids = clusterIDs(pattern, key, starts, clusters: span)
    let aligned = pattern.ids.withUnsafeBufferPointer { p in
      ids.withUnsafeBufferPointer { OSAAlignment.alignment(pattern: p, key: $0).aligned }
    }
    // The aligned clusters come in order, each once: neighbours join into one range.
    var ranges: [Range<Int>] = []
    for cluster in aligned {
      let range = starts[span.lowerBound + cluster]..<starts[span.lowerBound + cluster + 1]
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    return ranges
  }
}
