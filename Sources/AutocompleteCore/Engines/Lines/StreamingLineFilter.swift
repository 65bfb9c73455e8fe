import Dispatch
import Foundation

/// One query over newline-separated UTF-8 text, searched block by block on every core: the engine
/// behind a one-shot `autocomplete filter`.
///
/// The text is cut into blocks at line breaks; each block is checked (no NUL byte, valid UTF-8),
/// folded and searched on its own (the same folding and matching as ``LineFilter``), keeping only
/// its matches (or its best ``SearchOptions/limit``), and the blocks' sorted matches are merged. The
/// answer is exactly ``LineFilter/matches(for:options:)``'s — the same lines in the same order — but
/// no folded copy of the whole text and no `String` per line is ever made: a match is where its line
/// is in the text.
///
/// ```swift
/// let text = Array("São Paulo\nSantos\n".utf8)
/// let matches = try text.withUnsafeBufferPointer {
///   try StreamingLineFilter("sao").matches(in: $0)
/// }
/// matches.map { String(decoding: text[$0], as: UTF8.self) }  // ["São Paulo"]
/// ```
public struct StreamingLineFilter: Sendable {
  /// The query as typed.
  public let query: String
  /// The options: mode, case sensitivity and ``SearchOptions/limit``.
  public let options: SearchOptions
  /// Whether empty lines are searched (only a words query of separators alone matches them).
  public var keepsEmptyLines: Bool
  /// The bytes per block (cut at the next line break); `nil` (the default) makes four blocks per
  /// core, 1 MiB at least.
  public var blockSize: Int?
  /// Whether a line that is not valid UTF-8 or holds a NUL byte is searched as if each bad sequence
  /// and NUL byte were U+FFFD (and given back as its range of the original bytes) instead of making
  /// ``matches(in:)`` throw. `false` (refusing) by default.
  public var repairsInvalidLines = false
  /// The byte that ends each line: `\n` (the default; a `\r` before it is not part of the line) or
  /// NUL, for items that may hold line breaks (`find -print0`, fzf's `--read0`).
  public var separator: UInt8 = 0x0A

  /// Prepares `query` with `options`; empty lines are skipped unless the mode is words.
  public init(_ query: String, options: SearchOptions = SearchOptions()) {
    let options = options.resolvingSmartCase(for: query)
    self.query = query
    self.options = options
    self.keepsEmptyLines = options.mode == .words || query.isEmpty
    self.blockSize = nil
  }

  /// The lines of `utf8` that match, best first (no typo before typos, kind, fewer typos, score,
  /// shorter line, earlier line), at most
  /// ``SearchOptions/limit`` of them: the byte range of each in `utf8`, without its line break (and
  /// without a `\r` before it).
  /// - Throws: ``LineFilter/InputError`` naming the first line with a NUL byte or invalid UTF-8, or
  ///   when the text is over ``LineFilter/maximumByteCount`` bytes.
  public func matches(in utf8: UnsafeBufferPointer<UInt8>) throws(LineFilter.InputError) -> Matches {
    guard utf8.count <= LineFilter.maximumByteCount else { throw .tooLarge(byteCount: utf8.count) }
    let prepared = SearchQuery(query, options: options)
    if prepared.matchesNothing {  // still say what is wrong with the text
      if !repairsInvalidLines, let problem = LineFilter.problem(in: utf8, separator: separator) {
        throw problem
      }
      return Matches(ranges: [])
    }
    // A short query with a large typo budget matches an empty line too.
    let keepsEmpty =
      keepsEmptyLines || prepared.typos?.matchesEmptyKey == true || prepared.pattern != nil
    return Matches(
      ranges: try hits(in: utf8, for: [prepared], keepsEmptyLines: keepsEmpty, readsLines: false)[0].map {
        UInt64($0.start) << 32 | UInt64($0.length)
      })
  }

  /// The hits of each query of `queries` in `utf8`, best first, at most ``SearchOptions/limit``
  /// each: each block searched on its own (with `readsLines`, its lines' Latin readings too, read
  /// once for all the queries: ``readingStorage``) on every core, and the blocks' hits merged.
  func hits(
    in utf8: UnsafeBufferPointer<UInt8>, for queries: [SearchQuery], keepsEmptyLines keepsEmpty: Bool,
    readsLines: Bool
  ) throws(LineFilter.InputError) -> [[Hit]] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let blocks = Self.blocks(
      of: utf8, size: max(blockSize ?? max(1 << 20, utf8.count / (4 * cores) + 1), 1), separator: separator)
    let results = BlockResults(count: blocks.count)
    let folder = TextFolder(isCaseSensitive: options.isCaseSensitive)
    let (mode, limit, repairs, separator) = (options.mode, options.limit, repairsInvalidLines, separator)
    let text = SharedText(buffer: utf8)
    DispatchQueue.concurrentPerform(iterations: blocks.count) { index in
      let block = blocks[index]
      let slice = UnsafeBufferPointer(rebasing: text.buffer[block])
      let readings =
        readsLines
        ? Self.readingStorage(slice, from: block.lowerBound, folder: folder, separator: separator) : nil
      var answers: [[Hit]] = []
      for prepared in queries {
        let own = Self.search(
          slice, from: block.lowerBound, folded: prepared.folded, mode: mode, limit: limit,
          keepsEmptyLines: keepsEmpty, folder: folder, typos: prepared.typos, repairsInvalidLines: repairs,
          separator: separator, pattern: prepared.pattern)
        switch own {
        case .failure(let error):
          results.store(.failure(error), at: index)
          return
        case .success(let answer):
          let read = readings.map { Self.readingHits($0, prepared: prepared, mode: mode, limit: limit) } ?? []
          answers.append(Self.combined(answer.hits, read, limit: limit))
        }
      }
      results.store(.success(answers), at: index)
    }
    var runs: [[[Hit]]] = []
    runs.reserveCapacity(blocks.count)
    var problem: (index: Int, error: LineFilter.InputError)?
    for (index, result) in results.take().enumerated() {
      switch result {
      case .success(let hits): runs.append(hits)
      case .failure(let error):
        // Like `LineFilter`: the first bad line, whichever its fault (each block names its first).
        if problem == nil { problem = (index, error) }
      }
    }
    if let (index, error) = problem {
      throw Self.renumbered(
        error,
        linesBefore: LineFilter.line(containing: blocks[index].lowerBound, in: utf8, separator: separator) - 1
      )
    }
    return queries.indices.map { query in
      mergeSortedRuns(
        runs.map { $0[query] }, limit: limit, isBetter: { $0.isBetter(than: $1) }, transform: { $0 })
    }
  }

  /// The matches of a ``StreamingLineFilter``, best first: byte ranges of lines in the text searched.
  public struct Matches: RandomAccessCollection, Sendable {
    /// Each match's start in the high 32 bits and its length in the low ones.
    let ranges: [UInt64]

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { ranges.count }

    /// Where the match at `position` is in the text.
    public subscript(position: Int) -> Range<Int> {
      let packed = ranges[position]
      let start = Int(packed >> 32)
      return start..<(start + Int(packed & 0xFFFF_FFFF))
    }
  }

  // MARK: Blocks

  /// One match of a block: how it ranks (typos, kind, score, then shorter and earlier) and where it
  /// is.
  struct Hit {
    var score: Int32
    var start: UInt32
    var length: UInt32
    var kind: MatchKind
    var typos: UInt8 = 0
    /// With readings (``StreamingLineFilter/matches(in:transliteration:)``): 1 for a match through a
    /// Latin reading, 2 more for a retyped query's match; 0 for the line as written.
    var tier: UInt8 = 0

    /// How this hit ranks (`LineRanking`: the order of `RankedLine`; through a reading or a
    /// retyped query after the line as written and the query as typed, as
    /// ``SearchRanking/standard`` ranks readings and retypings).
    @inline(__always)
    var grade: MatchGrade {
      LineRanking.grade(
        (Int(typos), kind, Int(score), Int(length), Int(start)), isRetyped: tier & 2 != 0,
        isReading: tier & 1 != 0)
    }

    /// Whether this hit ranks before `other`.
    @inline(__always)
    func isBetter(than other: Hit) -> Bool { grade < other.grade }
  }

  /// The text, read (never written) by every block's thread while ``matches(in:)`` waits for them.
  struct SharedText: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
  }

  /// The blocks' answers (one list of hits per query), each written by the one thread that searched
  /// it.
  final class BlockResults: @unchecked Sendable {
    private var results: [Result<[[Hit]], LineFilter.InputError>]
    private let lock = NSLock()

    init(count: Int) { results = Array(repeating: .success([]), count: count) }

    func store(_ result: Result<[[Hit]], LineFilter.InputError>, at index: Int) {
      lock.lock()
      defer { lock.unlock() }
      results[index] = result
    }

    func take() -> [Result<[[Hit]], LineFilter.InputError>] {
      lock.lock()
      defer { lock.unlock() }
      return results
    }
  }

  /// `buffer` cut into ranges of about `size` bytes, each ending just after a `separator` (the last
  /// at the end).
  static func blocks(of buffer: UnsafeBufferPointer<UInt8>, size: Int, separator: UInt8 = 0x0A) -> [Range<
    Int
  >] {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return [] }
    var blocks: [Range<Int>] = []
    var start = 0
    while start < buffer.count {
      var end = min(start + size, buffer.count)
      if end < buffer.count {
        end =
          memchrFast(base + end - 1, separator, buffer.count - end + 1).map { $0 - base + 1 } ?? buffer.count
      }
      blocks.append(start..<end)
      start = end
    }
    return blocks
  }

  /// What searching one block gives: its matches best first, how many lines it has, and the first
  /// line (from 1, within the block) that was searched repaired.
  struct BlockAnswer {
    var hits: [Hit]
    var lineCount: Int
    var firstRepairedLine: Int? = nil
  }

  /// Checks, folds and searches one block (whole lines, starting at byte `offset` of the text);
  /// its matches best first, or the problem of its first bad line (numbered within the block) —
  /// unless `repairsInvalidLines`, then such lines are searched repaired (``searchRepairing``).
  ///
  /// The check is made line by line in the same pass that screens the lines (``LineCheck``): a
  /// line's bytes are read once to know it is ASCII without NUL — the common case, then valid —
  /// and only a line with other bytes is validated as UTF-8.
  static func search(
    _ block: UnsafeBufferPointer<UInt8>, from offset: Int, folded query: [UInt8], mode: MatchMode,
    limit: Int?,
    keepsEmptyLines: Bool, folder: TextFolder, typos: TypoMatcher? = nil, repairsInvalidLines: Bool = false,
    separator: UInt8 = 0x0A, pattern: ExtendedPattern? = nil
  ) -> Result<BlockAnswer, LineFilter.InputError> {
    guard let base = block.baseAddress else { return .success(BlockAnswer(hits: [], lineCount: 0)) }
    // Each searched line's start and end in the block. (A line with a typo may lack a query byte:
    // typo searches have a screen of their own.)
    let typoScreen = TypoScreen(typos, folder: folder)
    var lineCount = 0
    var isValid = true
    let screened = typos == nil && pattern == nil ? query : []
    // The line loop, given the screen's parts unwrapped once: an optional screen (a large struct)
    // read on every line cost an outlined copy of it per line, a sixth of a fuzzy filter's time.
    @inline(__always)
    func lineBounds(
      needle: LineCheck.Needle?, selfFolding: SelfFoldingCheck?,
      mayMatch: (UnsafePointer<UInt8>, Int, LineCheck) -> Bool
    ) -> [UInt32] {
      var bounds: [UInt32] = []
      bounds.reserveCapacity(block.count / 8)
      var start = 0
      while start < block.count {
        let end = memchrFast(base + start, separator, block.count - start).map { $0 - base } ?? block.count
        lineCount &+= 1
        let check = LineCheck(
          base + start, count: end - start, readable: block.count - start, needle: needle,
          selfFolding: selfFolding)
        guard check.isValid else {
          isValid = false
          break
        }
        var stop = end
        if separator == 0x0A && stop > start && base[stop - 1] == 0x0D { stop -= 1 }
        if (keepsEmptyLines || stop > start) && mayMatch(base + start, stop - start, check)
          && typoScreen?.mayMatch(base + start, count: stop - start) != false
        {
          bounds.append(UInt32(start))
          bounds.append(UInt32(stop))
        }
        start = end + 1
      }
      return bounds
    }
    let bounds = ASCIIScreen.with(query: screened, mode: mode, folder: folder) { screen in
      guard let screen else { return lineBounds(needle: nil, selfFolding: nil) { _, _, _ in true } }
      return lineBounds(needle: screen.needle, selfFolding: screen.selfFolding?.check) { line, count, check in
        screen.mayMatch(
          line, count: count, isASCII: check.isASCII, hasNeedle: check.hasNeedle,
          foldsToItself: check.foldsToItself)
      }
    }
    if !isValid {
      // The first bad line is named as ``LineFilter`` names it, whichever its fault.
      let problem = LineFilter.problem(in: block, separator: separator) ?? .invalidUTF8(line: lineCount)
      guard repairsInvalidLines else { return .failure(problem) }
      return searchRepairing(
        block, from: offset, folded: query, mode: mode, limit: limit, keepsEmptyLines: keepsEmptyLines,
        folder: folder, typos: typos, separator: separator, pattern: pattern)
    }
    let lineTotal = lineCount
    let searchedCount = bounds.count / 2
    let storage: IndexStorage
    do {
      storage = try IndexStorage(
        lines: block, count: searchedCount, range: { Int(bounds[2 * $0])..<Int(bounds[2 * $0 + 1]) },
        folder: folder)
    } catch {
      // Numbered among the lines searched: name the line in the block instead.
      guard case .foldedTooLarge(let searched) = error else { return .failure(error) }
      let lower = Int(bounds[2 * max(0, searched - 1)])
      return .failure(
        .foldedTooLarge(line: LineFilter.line(containing: lower, in: block, separator: separator)))
    }
    // Not cancellable: no task checks run outside a task.
    guard
      let entries = try? storage.collect(
        query, mode: mode, capacity: limit, candidates: nil, typos: typos, pattern: pattern
      ).entries
    else {
      return .success(BlockAnswer(hits: [], lineCount: lineTotal))
    }
    var hits: [Hit] = []
    hits.reserveCapacity(entries.count)
    for entry in entries {
      let line = Int(entry.key)
      let lower = bounds[2 * line]
      hits.append(
        Hit(
          score: Int32(clamping: entry.score), start: UInt32(offset) + lower,
          length: bounds[2 * line + 1] - lower,
          kind: entry.kind, typos: entry.typos))
    }
    return .success(BlockAnswer(hits: hits, lineCount: lineTotal))
  }

  /// A quick test that lets only possible matches reach the folding: an all-ASCII line folds
  /// (case-insensitively) to itself with A-Z lowered, so it can be tested as it is; another line
  /// passes when an ASCII query is a subsequence of what it folds to, and for a non-ASCII query
  /// when ``SelfFoldingScreen`` lets it. Only for case-insensitive, non-empty queries in the modes
  /// prefix, exact, suffix, contains and fuzzy (a words query of separators alone matches every
  /// line).
  struct ASCIIScreen {
    /// The folded query; valid inside ``with(query:mode:folder:_:)`` only, like the tables.
    let query: UnsafeBufferPointer<UInt8>
    let mode: MatchMode
    /// Whether the folded query is ASCII (otherwise no ASCII line matches).
    let isASCII: Bool
    /// The ends of a line whose whitespace the query ignores.
    let ends: KeyTrimming.Ends
    /// The query's rarest byte, which every ASCII line that matches holds.
    let needle: LineCheck.Needle?
    /// The screen of non-ASCII lines for a non-ASCII query.
    let selfFolding: SelfFoldingScreen?
    /// ``FoldingLookup``'s tables.
    let pageIndex: UnsafeBufferPointer<UInt16>
    let entries: UnsafeBufferPointer<UInt32>
    let pool: UnsafeBufferPointer<UInt8>

    /// Calls `body` with the screen for `query`, or `nil` where none applies.
    static func with<R>(query: [UInt8], mode: MatchMode, folder: TextFolder, _ body: (ASCIIScreen?) -> R) -> R
    {
      guard !folder.isCaseSensitive, !query.isEmpty, mode != .words else { return body(nil) }
      let lookup = FoldingLookup.shared
      return query.withUnsafeBufferPointer { q in
        let ends = KeyTrimming.Ends(query: q)
        return lookup.pageIndex.withUnsafeBufferPointer { pageIndex in
          lookup.entries.withUnsafeBufferPointer { entries in
            lookup.pool.withUnsafeBufferPointer { pool in
              body(
                ASCIIScreen(
                  query: q, mode: mode, isASCII: q.allSatisfy { $0 < 0x80 }, ends: ends,
                  needle: LineCheck.Needle.rarest(in: q),
                  selfFolding: SelfFoldingScreen(query: q, mode: mode, ends: ends),
                  pageIndex: pageIndex,
                  entries: entries,
                  pool: pool))
            }
          }
        }
      }
    }

    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// Whether the line of `count` bytes at `line`, known to be ASCII or not (`lineIsASCII`), to
    /// hold the ``needle`` or not and to fold to itself or not (``LineCheck``), may match: `false`
    /// only for a line that cannot.
    @inline(__always)
    func mayMatch(
      _ line: UnsafePointer<UInt8>, count: Int, isASCII lineIsASCII: Bool, hasNeedle: Bool,
      foldsToItself: Bool
    ) -> Bool {
      guard lineIsASCII else {
        guard isASCII else {
          return selfFolding?.mayMatch(line, count: count, foldsToItself: foldsToItself) ?? true
        }
        return foldedHasSubsequence(UnsafeBufferPointer(start: line, count: count))
      }
      // An ASCII line folds to itself lowered: it must hold every byte of the query.
      guard isASCII && hasNeedle else { return false }
      // Matching ignores a key's whitespace at the ends the query ignores (``KeyTrimming``), so
      // the screen does too.
      let view = ends.view(of: UnsafeBufferPointer(start: line, count: count))
      return mayMatchTrimmed(line + view.lowerBound, count: view.count)
    }

    /// ``mayMatch(_:count:isASCII:hasNeedle:foldsToItself:)`` for the part of an ASCII line the
    /// query sees.
    @inline(__always)
    func mayMatchTrimmed(_ line: UnsafePointer<UInt8>, count: Int) -> Bool {
      let q = query
      let m = q.count
      switch mode {
      case .prefix: return count >= m && Self.equals(line, q)
      case .exact: return count == m && Self.equals(line, q)
      case .suffix: return count >= m && Self.equals(line + (count - m), q)
      case .contains:
        guard count >= m else { return false }
        // A long query is left to the search, which finds it in one pass (KMP): compared here at
        // every start, "abab…ba" on a 10 MB line of "abab…" was quadratic.
        guard m <= ByteSearch.shortNeedleLength else { return true }
        let first = q[0]
        for start in 0...(count - m) where Self.lowered(line[start]) == first && Self.equals(line + start, q)
        {
          return true
        }
        return false
      case .fuzzy:
        var next = 0
        for position in 0..<count where Self.lowered(line[position]) == q[next] {
          next += 1
          if next == m { return true }
        }
        return false
      case .words: return true
      }
    }

    /// Whether the ASCII query is a subsequence of the ASCII bytes of `line` folded — a necessary
    /// condition of every mode screened — without folding it into a buffer: ASCII bytes are lowered,
    /// a non-ASCII scalar adds the bytes it folds to (the same table as ``InsensitiveFold``), or none
    /// when it folds to itself (then they are not ASCII; composed Hangul never is either).
    func foldedHasSubsequence(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
      let q = query
      var next = 0
      var index = 0
      let count = line.count
      while index < count {
        let byte = line[index]
        if byte < 0x80 {
          if Self.lowered(byte) == q[next] {
            next += 1
            if next == q.count { return true }
          }
          index &+= 1
          continue
        }
        let (scalar, length) = InsensitiveFold.decodeScalar(line, at: index)
        index &+= length
        let entry = entries[Int(pageIndex[Int(scalar >> 8)]) << 8 | Int(scalar & 0xFF)]
        guard entry != 0 else { continue }
        for position in Int(entry >> 8)..<(Int(entry >> 8) + Int(entry & 0xFF))
        where pool[position] == q[next] {
          next += 1
          if next == q.count { return true }
        }
      }
      return false
    }

    /// Whether the bytes at `text`, lowered, start with `q`.
    @inline(__always)
    static func equals(_ text: UnsafePointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>) -> Bool {
      for index in 0..<q.count where lowered(text[index]) != q[index] { return false }
      return true
    }
  }

  /// `error` (numbered within a block) numbered within the whole text.
  static func renumbered(_ error: LineFilter.InputError, linesBefore: Int) -> LineFilter.InputError {
    error.renumbered(linesBefore: linesBefore)
  }
}
