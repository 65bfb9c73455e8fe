/// The outcome of matching folded bytes: kind, score and the matched byte ranges.
struct RawMatch {
  var kind: MatchKind
  var score: Int
  var ranges: [Range<Int>]
  /// How many typos the match forgave.
  var typos = 0
}

/// Matches a folded query against folded text, one mode at a time. Everything here works on
/// bytes; ``SearchQuery`` maps the ranges back to the original text. Every match starts and ends
/// on a grapheme-cluster boundary (``GraphemeBoundary``).
struct FoldedMatcher: Sendable {
  /// The folded query.
  let query: [UInt8]
  /// The folded query's words, for ``MatchMode/words``.
  let words: [[UInt8]]
  let mode: MatchMode
  /// Whether the query has non-ASCII bytes: then a fuzzy match must also align with the clusters.
  let isASCII: Bool
  /// Whether the query is not ASCII and one grapheme cluster: then a fuzzy match is an occurrence
  /// of it whole.
  let isSingleCluster: Bool

  /// The ends of a key whose whitespace the query ignores (``KeyTrimming``).
  let ends: KeyTrimming.Ends

  init(query: [UInt8], mode: MatchMode) {
    self.query = query
    self.mode = mode
    self.ends = KeyTrimming.Ends(query: query)
    // Only words mode uses them (a 1 MB fuzzy query is not split on every search).
    self.words = mode == .words ? query.split(whereSeparator: { !ByteClass($0).isWord }).map(Array.init) : []
    self.isASCII = query.allSatisfy { $0 < 0x80 }
    self.isSingleCluster = !isASCII && query.withUnsafeBufferPointer(GraphemeBoundary.isSingleCluster)
  }

  /// Matches `key` — without the whitespace at the ends the query ignores (``KeyTrimming``) — and
  /// gives ranges of `key`; `humps` marks camel-case starts for the fuzzy score.
  func match(_ key: UnsafeBufferPointer<UInt8>, humps: HumpMask? = nil, wantRanges: Bool = true)
    -> RawMatch?
  {
    let view = ends.view(of: key)
    guard view.lowerBound > 0 else {
      return match(
        view: UnsafeBufferPointer(rebasing: key[..<view.upperBound]), humps: humps, wantRanges: wantRanges)
    }
    let text = UnsafeBufferPointer(rebasing: key[view])
    let shifted = humps.map { HumpMask(words: $0.words, base: $0.base + view.lowerBound) }
    guard var raw = match(view: text, humps: shifted, wantRanges: wantRanges) else { return nil }
    raw.ranges = raw.ranges.map { ($0.lowerBound + view.lowerBound)..<($0.upperBound + view.lowerBound) }
    return raw
  }

  /// Matches the part of a key the query sees (see ``match(_:humps:wantRanges:)``).
  private func match(view text: UnsafeBufferPointer<UInt8>, humps: HumpMask?, wantRanges: Bool) -> RawMatch? {
    query.withUnsafeBufferPointer { q in
      if q.isEmpty { return RawMatch(kind: .prefix, score: 0, ranges: []) }
      switch mode {
      case .exact:
        guard text.count == q.count, ByteSearch.hasPrefix(text, q) else { return nil }
        return RawMatch(kind: .exact, score: 0, ranges: [0..<q.count])
      case .prefix:
        guard ByteSearch.hasPrefix(text, q), GraphemeBoundary.isBoundary(text, at: q.count) else {
          return nil
        }
        return RawMatch(kind: text.count == q.count ? .exact : .prefix, score: 0, ranges: [0..<q.count])
      case .suffix:
        let start = text.count - q.count
        guard ByteSearch.hasSuffix(text, q), GraphemeBoundary.isBoundary(text, at: start) else { return nil }
        let kind: MatchKind = start == 0 ? .exact : isWordStart(text, at: start) ? .wordPrefix : .contains
        return RawMatch(kind: kind, score: 0, ranges: [start..<text.count])
      case .contains:
        return Self.substringMatch(q, in: text)
      case .words:
        return wordsMatch(q, in: text)
      case .fuzzy:
        // Ranked by fzf's score alone, as fzf ranks: a word typed whole scores its contiguous run.
        if isSingleCluster {
          guard let substring = Self.substringMatch(q, in: text), let range = substring.ranges.first else {
            return nil
          }
          let score = FuzzyScorer.score(of: range, in: text, humps: humps)
          return RawMatch(kind: .fuzzy, score: score, ranges: substring.ranges)
        }
        guard let (score, ranges) = FuzzyScorer.match(q, in: text, humps: humps, wantRanges: wantRanges),
          isASCII || GraphemeBoundary.hasAlignedSubsequence(q, in: text)
        else {
          return nil
        }
        return RawMatch(kind: .fuzzy, score: score, ranges: ranges)
      }
    }
  }

  /// The best occurrence of `q` in `key` on grapheme-cluster boundaries — at the start, else at a
  /// word start, else the first — given that it first occurs (bytewise) at `firstHit`: its kind and
  /// where it starts, or `nil` when every occurrence splits a cluster. The start and the end are
  /// those of the part of the key the query sees (``KeyTrimming``): every occurrence lies in it.
  @inline(__always)
  static func bestOccurrence(
    _ q: UnsafeBufferPointer<UInt8>, in key: UnsafeBufferPointer<UInt8>, firstHit: Int
  ) -> (kind: MatchKind, position: Int)? {
    let view = KeyTrimming.Ends(query: q).view(of: key)
    guard view.lowerBound > 0 || view.upperBound < key.count else {
      return bestOccurrence(q, inView: key, firstHit: firstHit)
    }
    let text = UnsafeBufferPointer(rebasing: key[view])
    guard let found = bestOccurrence(q, inView: text, firstHit: firstHit - view.lowerBound) else {
      return nil
    }
    return (found.kind, found.position + view.lowerBound)
  }

  /// ``bestOccurrence(_:in:firstHit:)`` in the part of a key the query sees.
  @inline(__always)
  private static func bestOccurrence(
    _ q: UnsafeBufferPointer<UInt8>, inView text: UnsafeBufferPointer<UInt8>, firstHit: Int
  ) -> (kind: MatchKind, position: Int)? {
    // Only occurrences on grapheme-cluster boundaries count; each search below is one pass, and the
    // boundaries are decided locally (linear in all, however many occurrences split clusters).
    var boundaries = GraphemeBoundary.Cursor(text)
    guard
      let first = boundaries.isAligned(at: firstHit, count: q.count)
        ? firstHit
        : ByteSearch.firstIndex(
          of: q, in: text, from: firstHit + 1, where: { boundaries.isAligned(at: $0, count: q.count) })
    else { return nil }
    if first == 0 { return (text.count == q.count ? .exact : .prefix, 0) }
    if let found = ByteSearch.firstIndex(
      of: q, in: text, from: first,
      where: { isWordStart(text, at: $0) && boundaries.isAligned(at: $0, count: q.count) })
    {
      return (.wordPrefix, found)
    }
    return (.contains, first)
  }

  /// The best substring occurrence as a match with its range, or `nil` when `q` does not occur.
  static func substringMatch(_ q: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
    -> RawMatch?
  {
    guard let first = ByteSearch.firstIndex(of: q, in: text),
      let (kind, position) = bestOccurrence(q, in: text, firstHit: first)
    else { return nil }
    return RawMatch(kind: kind, score: 0, ranges: [position..<(position + q.count)])
  }

  private func wordsMatch(_ q: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> RawMatch? {
    if ByteSearch.hasPrefix(text, q), GraphemeBoundary.isBoundary(text, at: q.count) {
      return RawMatch(kind: text.count == q.count ? .exact : .prefix, score: 0, ranges: [0..<q.count])
    }
    // No words (only separators): vacuously true, so extending the query only narrows.
    if words.isEmpty { return RawMatch(kind: .wordPrefix, score: 0, ranges: []) }
    var ranges: [Range<Int>] = []
    for word in words {
      var boundaries = GraphemeBoundary.Cursor(text)
      let found: Int? = word.withUnsafeBufferPointer { w in
        ByteSearch.firstIndex(of: w, in: text) {
          isWordStart(text, at: $0) && boundaries.isAligned(at: $0, count: w.count)
        }
      }
      guard let found else { return nil }
      ranges.append(found..<(found + word.count))
    }
    return RawMatch(kind: .wordPrefix, score: 0, ranges: Self.merged(ranges))
  }

  /// Sorts and merges overlapping or touching ranges.
  static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, last.upperBound >= range.lowerBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}
