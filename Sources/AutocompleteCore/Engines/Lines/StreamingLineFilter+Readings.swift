#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The streaming filter with Latin readings (``Transliteration/latin``, issue 37): the answer of
/// ``LineFilter/matches(for:options:transliteration:)`` — the same lines in the same order — found
/// block by block on every core, without a `String` per line or an index of the whole text.
///
/// Each block is searched as written (as ``StreamingLineFilter/matches(in:)`` searches it) and
/// through the readings of its lines that hold a lead byte of a script read (Greek, Cyrillic, kana,
/// Han, Hangul): only those lines are made `String`s and read (`LatinReader`), once for every query
/// tried, their readings keyed in a small unsorted storage of the block and searched with the same
/// query; a line keeps its better match, a reading's ranking below the line's own of the same kind.
/// The query retyped through other keyboard layouts, and without a place-name suffix (readings
/// only), is searched the same way and merged as `RetypedQueries` merges an index's answers: a
/// retyping is tried when every non-ASCII lead byte of it occurs in the text as folded.
///
/// Cost: the plain filter's, once per query tried (the query and its retypings), plus reading the
/// lines that may have a reading once (a Latin-only text is not read: one byte test per line).
extension StreamingLineFilter {
  /// The lines of `utf8` that match, best first, as ``matches(in:)`` finds them, and with
  /// ``Transliteration/latin`` also through their Latin readings and with the query retyped: the
  /// lines and order of ``LineFilter/matches(for:options:transliteration:)``. Empty lines are
  /// skipped unless the mode is words, as that method does.
  /// - Throws: ``LineFilter/InputError`` as ``matches(in:)`` does.
  public func matches(in utf8: UnsafeBufferPointer<UInt8>, transliteration: Transliteration)
    throws(LineFilter.InputError) -> Matches
  {
    guard transliteration == .latin else { return try matches(in: utf8) }
    guard utf8.count <= LineFilter.maximumByteCount else { throw .tooLarge(byteCount: utf8.count) }
    let prepared = SearchQuery(query, options: options)
    if prepared.matchesNothing, !repairsInvalidLines,
      let problem = LineFilter.problem(in: utf8, separator: separator)
    {
      throw problem
    }
    let keepsEmpty = options.mode == .words
    // The consonant skeleton (it starts with א) only when the text holds Hebrew.
    var variants =
      query.isEmpty
      ? []
      : RetypedQueries.variants(of: query) { text in
        !text.hasPrefix(HebrewSkeleton.marker)
          || Self.foldedLeadBytes(in: utf8, among: [0xD7], separator: separator).contains(0xD7)
      }
    let wanted = Set(variants.filter { !$0.readingsOnly }.flatMap { $0.text.utf8.filter { $0 >= 0xC0 } })
    let present = wanted.isEmpty ? [] : Self.foldedLeadBytes(in: utf8, among: wanted, separator: separator)
    variants = variants.filter { variant in
      !SearchQuery(variant.text, options: options).matchesNothing
        && (variant.readingsOnly || variant.text.utf8.allSatisfy { $0 < 0xC0 || present.contains($0) })
    }
    // Every query in one pass: each block's lines are read once.
    let ownQueries = prepared.matchesNothing ? [] : [prepared]
    let queries = ownQueries + variants.map { SearchQuery($0.text, options: options) }
    guard !queries.isEmpty else { return Matches(ranges: []) }
    let answers = try hits(in: utf8, for: queries, keepsEmptyLines: keepsEmpty, readsLines: true)
    let own = ownQueries.isEmpty ? [] : answers[0]
    var best = BestPerItem(own, item: \.start) { $0.isBetter(than: $1) }
    for (variant, hits) in zip(variants, answers.dropFirst(ownQueries.count)) {
      for var hit in hits where !variant.readingsOnly || hit.tier == 1 {
        hit.tier += 2
        best.offer(hit, for: hit.start)
      }
    }
    var merged = best.hasChanged ? best.sorted(limit: options.limit) : own
    if let limit = options.limit, merged.count > limit { merged.removeSubrange(limit...) }
    return Matches(ranges: merged.map { UInt64($0.start) << 32 | UInt64($0.length) })
  }

  /// Whether a line holds a lead byte of Greek, Cyrillic, Armenian or Hebrew (0xCD–0xD7), of Thai
  /// (0xE0), Georgian (0xE1) or of kana, Han or Hangul (0xE3–0xED): only such a line can have a
  /// reading.
  @inline(__always)
  static func mayHaveReading(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.contains { $0 &- 0xCD <= 0xD7 - 0xCD || $0 &- 0xE0 <= 0xE1 - 0xE0 || $0 &- 0xE3 <= 0xED - 0xE3 }
  }

  /// The Latin readings of the lines of one block and where each line is.
  struct ReadingStorage {
    var storage: IndexStorage
    /// Each read line's start in the text and its length, by owner number in ``storage``.
    var lines: [(start: UInt32, length: UInt32)]
  }

  /// The readings of the lines of `block` (starting at byte `offset` of the text) as keys of an
  /// unsorted storage, or `nil` when no line has one. A line with invalid UTF-8 or a NUL byte is
  /// read repaired, as it is searched.
  static func readingStorage(
    _ block: UnsafeBufferPointer<UInt8>, from offset: Int, folder: TextFolder, separator: UInt8
  ) -> ReadingStorage? {
    guard let base = block.baseAddress else { return nil }
    var keys = IndexStorage.Keys()
    var lines: [(start: UInt32, length: UInt32)] = []
    var start = 0
    while start < block.count {
      let end = memchrFast(base + start, separator, block.count - start).map { $0 - base } ?? block.count
      var stop = end
      if separator == 0x0A && stop > start && base[stop - 1] == 0x0D { stop -= 1 }
      let line = UnsafeBufferPointer(start: base + start, count: stop - start)
      if !line.isEmpty, mayHaveReading(line) {
        // Decoding repairs bad sequences as ``repairedLine(_:)`` does; only a NUL byte is left.
        let text =
          line.contains(0)
          ? String(decoding: repairedLine(line), as: UTF8.self) : String(decoding: line, as: UTF8.self)
        let owner = UInt32(lines.count)
        var keyIndex: UInt32 = 1
        for reading in LatinReader.readings(of: text, mapsParts: false) {
          keys.infos.append(
            IndexStorage.KeyInfo(
              weight: 0, length: Int32(clamping: text.utf8.count), owner: owner, keyIndex: keyIndex,
              isReading: true))
          keys.texts.append(reading.text)
          keyIndex += 1
        }
        if keyIndex > 1 { lines.append((UInt32(offset + start), UInt32(line.count))) }
      }
      start = end + 1
    }
    guard !keys.texts.isEmpty else { return nil }
    // No item count: every key is a reading, ranked by its line's length, then its line's place.
    return ReadingStorage(storage: IndexStorage(keys: keys, folder: folder, sortsKeys: false), lines: lines)
  }

  /// The matches of `prepared` through the readings of `readings`, best first, at most `limit`, each
  /// line once with its best reading's match (``Hit/tier`` 1).
  static func readingHits(_ readings: ReadingStorage, prepared: SearchQuery, mode: MatchMode, limit: Int?)
    -> [Hit]
  {
    guard
      let entries = try? readings.storage.collect(
        prepared.folded, mode: mode, capacity: limit, candidates: nil, typos: prepared.typos,
        pattern: prepared.pattern
      ).entries
    else { return [] }
    return entries.map { entry in
      let line = readings.lines[Int(entry.owner)]
      return Hit(
        score: Int32(clamping: entry.score), start: line.start, length: line.length, kind: entry.kind,
        typos: entry.typos, tier: 1)
    }
  }

  /// A block's own hits and reading hits (each best first) as one list, best first, at most `limit`:
  /// a line in both keeps its better hit.
  static func combined(_ own: [Hit], _ read: [Hit], limit: Int?) -> [Hit] {
    guard !read.isEmpty else { return own }
    var best = BestPerItem(own, item: \.start) { $0.isBetter(than: $1) }
    for hit in read { best.offer(hit, for: hit.start) }
    return best.sorted(limit: limit)
  }

  /// Which of the lead bytes `wanted` occur in `utf8` folded (case-insensitively, as an index
  /// folds its keys): a retyped query is tried only when its script occurs
  /// (``RetypedQueries/scriptOccurs(_:byteCounts:)``). Only lines with a byte of 0xC0 or more are
  /// folded, until every wanted byte is found.
  static func foldedLeadBytes(in utf8: UnsafeBufferPointer<UInt8>, among wanted: Set<UInt8>, separator: UInt8)
    -> Set<UInt8>
  {
    guard let base = utf8.baseAddress else { return [] }
    let folder = TextFolder(isCaseSensitive: false)
    var found: Set<UInt8> = []
    var folded: [UInt8] = []
    var start = 0
    while start < utf8.count, found.count < wanted.count {
      let end = memchrFast(base + start, separator, utf8.count - start).map { $0 - base } ?? utf8.count
      let line = UnsafeBufferPointer(start: base + start, count: end - start)
      if line.contains(where: { $0 >= 0xC0 }) {
        folded.removeAll(keepingCapacity: true)
        if !line.contains(0) && LineFilter.firstInvalidUTF8(line) == nil {
          folder.appendFolded(utf8: line, to: &folded)
        } else {
          repairedLine(line).withUnsafeBufferPointer { folder.appendFolded(utf8: $0, to: &folded) }
        }
        for byte in folded where byte >= 0xC0 && wanted.contains(byte) { found.insert(byte) }
      }
      start = end + 1
    }
    return found
  }
}
