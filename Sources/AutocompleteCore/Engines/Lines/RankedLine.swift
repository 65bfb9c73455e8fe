/// One line a search matched, without its text: what a picker keeps for the rows it does not show.
/// Lines order by the standard ranking: no typo before typos, kind, fewer typos, then score (higher
/// first), then shorter, then earlier.
public struct RankedLine: Sendable, Equatable {
  /// The line's number.
  public var line: Int
  /// How it matched.
  public var kind: MatchKind
  /// The fuzzy score (0 for other kinds).
  public var score: Int
  /// The line's length in UTF-8 bytes.
  public var length: Int
  /// How many typos the match forgave.
  public var typos: Int

  /// Makes a ranked line.
  public init(line: Int, kind: MatchKind, score: Int, length: Int, typos: Int = 0) {
    (self.line, self.kind, self.score, self.length, self.typos) = (line, kind, score, length, typos)
  }

  /// Whether this line ranks before `other` (`LineRanking`).
  @inlinable @inline(__always)
  public func isBetter(than other: RankedLine) -> Bool {
    LineRanking.isBetter(
      (typos, kind, score, length, line),
      than: (other.typos, other.kind, other.score, other.length, other.line))
  }

  /// Runs that are each sorted best first, merged best first, at most `limit` elements.
  public static func merged(_ runs: [[RankedLine]], limit: Int? = nil) -> [RankedLine] {
    mergeSortedRuns(runs, limit: limit, isBetter: { $0.isBetter(than: $1) }, transform: { $0 })
  }
}

extension LineIndex {
  /// The best ``SearchOptions/limit`` lines for `query` and how many lines match in all, like
  /// ``search(_:options:)`` but without making a `String` per line: a picker makes the text of the
  /// rows it shows only.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  public func rankedLines(for query: String, options: SearchOptions = SearchOptions()) throws
    -> (lines: [RankedLine], total: Int)
  {
    let (lines, total, _) = try rankedLines(for: query, options: options, after: nil)
    return (lines, total)
  }

  /// ``rankedLines(for:options:)`` while typing: when `previous` (the search of the text before this
  /// keystroke, of this index: a search of other lines is ignored) is narrowed by this query — contains or fuzzy, or a typo search in prefix, words
  /// or contains mode whose budgets did not grow; the previous folded query a prefix of this one,
  /// with whitespace at its ends where this one has it; same options — only its matches are
  /// searched again. Returns the search to pass next.
  /// - Throws: `CancellationError` when the calling task is cancelled.
  public func rankedLines(for query: String, options: SearchOptions, after previous: NarrowingSearch?) throws
    -> (lines: [RankedLine], total: Int, search: NarrowingSearch)
  {
    let options = options.resolvingSmartCase(for: query)
    let prepared = SearchQuery(query, options: options)
    let folded = prepared.folded
    if prepared.matchesNothing {
      let search = NarrowingSearch(
        lines: lines.utf8, folded: folded, mode: options.mode, isCaseSensitive: options.isCaseSensitive,
        typoBudgets: [], matched: nil)
      return ([], 0, search)
    }
    // Longer than every line (folded, as case-insensitive queries are) and allowed no typo: nothing
    // to scan, and nothing for the next keystroke either (a 1 MB query costs its folding only).
    if folded.count > longestFoldedLine, options.mode != .words, !options.isCaseSensitive,
      prepared.typos == nil, prepared.pattern == nil
    {
      let narrowable = options.mode == .contains || options.mode == .fuzzy
      let search = NarrowingSearch(
        lines: lines.utf8, folded: folded, mode: options.mode, isCaseSensitive: false, typoBudgets: [],
        matched: narrowable ? [] : nil)
      return ([], 0, search)
    }
    let storage = options.isCaseSensitive ? try lines.makeStorage(isCaseSensitive: true) : storage
    var candidates: [UInt32]? = nil
    if prepared.pattern == nil, let previous, previous.searched(lines.utf8), let matched = previous.matched,
      previous.mode == options.mode,
      previous.isCaseSensitive == options.isCaseSensitive, !previous.folded.isEmpty,
      folded.starts(with: previous.folded),
      // Whitespace that came or went at the query's end changes what it sees of a line's end.
      KeyTrimming.Ends(query: folded) == KeyTrimming.Ends(query: previous.folded),
      TypoMatcher.narrows(from: previous.typoBudgets, to: prepared.typos)
    {
      candidates = matched
    }
    let (entries, matched, offered, _) = try storage.collect(
      folded, mode: options.mode, capacity: options.limit, candidates: candidates, typos: prepared.typos,
      pattern: prepared.pattern)
    let total = folded.isEmpty ? count : matched?.count ?? offered
    let ranked = entries.map { entry in
      let line = Int(entry.owner)
      return RankedLine(
        line: line, kind: entry.kind, score: entry.score, length: lines.byteRange(of: line).count,
        typos: Int(entry.typos))
    }
    // Typo searches scan every line; a longer query with no larger budget only narrows them.
    let narrowable =
      options.mode == .contains || options.mode == .fuzzy || prepared.typos?.narrowsWhenExtended == true
    let search = NarrowingSearch(
      lines: lines.utf8, folded: folded, mode: options.mode, isCaseSensitive: options.isCaseSensitive,
      typoBudgets: prepared.typos?.budgets ?? [], matched: narrowable ? matched : nil)
    return (ranked, total, search)
  }

  /// What a search of a ``LineIndex`` leaves for the next keystroke: its folded query and, for the
  /// modes whose matches only shrink as the query grows, every line that matched.
  public struct NarrowingSearch: Sendable {
    /// The text of the lines searched (kept, so that no other lines can take its place in memory).
    let lines: [UInt8]
    let folded: [UInt8]
    let mode: MatchMode
    let isCaseSensitive: Bool
    /// The typo budgets of the search (``TypoMatcher/budgets``); empty without typos.
    let typoBudgets: [Int]
    let matched: [UInt32]?

    /// Whether this search was of `utf8`: the same bytes in memory, not equal ones elsewhere (a
    /// block of a growing input is replaced, never changed).
    func searched(_ utf8: [UInt8]) -> Bool {
      lines.count == utf8.count
        && lines.withUnsafeBufferPointer { mine in
          utf8.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }
  }
}

/// Runs that are each sorted by `isBetter`, merged (a binary heap of the runs' heads), at most `limit`
/// elements, each as `transform` makes it.
func mergeSortedRuns<Element, Output>(
  _ runs: [[Element]], limit: Int?, isBetter: (Element, Element) -> Bool, transform: (Element) -> Output
) -> [Output] {
  let total = runs.reduce(0) { $0 + $1.count }
  let count = min(total, limit ?? total)
  var merged: [Output] = []
  merged.reserveCapacity(count)
  var positions = [Int](repeating: 0, count: runs.count)
  func isBefore(_ a: Int, _ b: Int) -> Bool { isBetter(runs[a][positions[a]], runs[b][positions[b]]) }
  var heap = RunHeap(runs.indices.filter { !runs[$0].isEmpty }, isBefore: isBefore)
  while merged.count < count, let run = heap.top {
    merged.append(transform(runs[run][positions[run]]))
    positions[run] += 1
    heap.advanceTop(isExhausted: positions[run] == runs[run].count, isBefore: isBefore)
  }
  return merged
}
