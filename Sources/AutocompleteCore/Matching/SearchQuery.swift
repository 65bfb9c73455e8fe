/// A query prepared once (folded, split into words) and then matched against many texts.
///
/// ```swift
/// let query = SearchQuery("duc", options: SearchOptions(mode: .contains))
/// query.match("Thủ Đức")?.ranges  // the range of "Đức"
/// ```
public struct SearchQuery: Sendable {
  /// The query as typed.
  public let text: String
  /// The options it was prepared with.
  public let options: SearchOptions
  /// The folder both sides go through.
  let folder: TextFolder
  let matcher: FoldedMatcher
  /// The typo-tolerant matcher, when the options allow this query a typo.
  let typos: TypoMatcher?
  /// The query's terms, when it is searched with the extended syntax
  /// (``SearchOptions/usesExtendedSyntax``).
  let pattern: ExtendedPattern?

  /// Prepares `text` for matching with `options` (smart case resolved for `text`).
  public init(_ text: String, options: SearchOptions = SearchOptions()) {
    let options = options.resolvingSmartCase(for: text)
    self.text = text
    self.options = options
    self.folder = TextFolder(isCaseSensitive: options.isCaseSensitive)
    let folded = Self.fold(text, with: folder, mode: options.mode)
    self.matcher = FoldedMatcher(query: folded, mode: options.mode)
    let separator = options.fieldSeparatorByte
    if options.usesExtendedPattern(for: text) {
      self.pattern = ExtendedPattern(
        text, fuzzy: options.mode == .fuzzy, folder: folder,
        // The query's mode decides: fuzzy ignores typos, its 'exact terms too.
        typoTolerance: options.mode == .fuzzy ? .off : options.typoTolerance, fieldSeparator: separator)
    } else if let separator, !folded.isEmpty {
      // A plain query searched field by field is one term of the query's mode.
      self.pattern = ExtendedPattern(
        term: text, mode: options.mode, folder: folder, typoTolerance: options.typoTolerance,
        fieldSeparator: separator)
    } else {
      self.pattern = nil
    }
    self.typos =
      pattern == nil ? TypoMatcher(query: folded, mode: options.mode, tolerance: options.typoTolerance) : nil
  }

  /// Matches folded `key` with the pattern, the typo matcher or the plain matcher.
  @inline(__always)
  func rawMatch(_ key: UnsafeBufferPointer<UInt8>, humps: HumpMask? = nil) -> RawMatch? {
    if let pattern { return pattern.match(key, humps: humps) }
    return typos.map { $0.match(key) } ?? matcher.match(key, humps: humps)
  }

  /// The folded query bytes.
  var folded: [UInt8] { matcher.query }

  /// Whether the query matches nothing: something was typed, but all of it folds away (U+200B, a
  /// lone U+0301, U+00AD). Only an empty typed query lists everything.
  public var matchesNothing: Bool { !text.isEmpty && folded.isEmpty }

  /// `text` folded by `folder` for matching in `mode`. Queries are never trimmed: whitespace at a
  /// query's end makes the items' whitespace there count (``KeyTrimming``).
  static func fold(_ text: String, with folder: TextFolder, mode: MatchMode) -> [UInt8] {
    var folded: [UInt8] = []
    folder.appendFolded(text, to: &folded)
    return folded
  }

  /// Matches one text; `keyIndex` is recorded in the result.
  public func match(_ text: String, keyIndex: Int = 0) -> TextMatch? {
    if matchesNothing { return nil }
    var copy = text
    // Most texts are plain ASCII: a byte is a character and folds to one byte, so the folded
    // ranges are the text's own (what the search does for each result's highlights).
    if !folder.isCaseSensitive && options.mode != .fuzzy && pattern == nil,
      copy.withUTF8({ $0.allSatisfy { $0 < 0x80 && $0 != 0x0D } })
    {
      return matchPlainASCII(copy, keyIndex: keyIndex)
    }
    return matchFolding(text, keyIndex: keyIndex)
  }

  /// ``match(_:keyIndex:)`` for a text of ASCII bytes without CR (which starts a cluster of two
  /// with LF), folding insensitively, in any mode but fuzzy: the text is lowered byte for byte,
  /// and its folded ranges, in order and merged where they touch, are ranges of the text.
  func matchPlainASCII(_ text: String, keyIndex: Int) -> TextMatch? {
    var copy = text
    guard let raw = copy.withUTF8({ rawMatch(ofASCII: $0) }) else { return nil }
    let count = text.utf8.count
    func isInText(_ range: Range<Int>) -> Bool {
      !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= count
    }
    var ranges = raw.ranges
    if !ranges.allSatisfy(isInText) { ranges = ranges.filter(isInText) }
    // The matchers give their ranges in order and apart; should two touch or overlap, they merge.
    if zip(ranges, ranges.dropFirst()).contains(where: { $0.upperBound >= $1.lowerBound }) {
      ranges = FoldedMatcher.merged(ranges)
    }
    let view = text.utf8
    return TextMatch(
      kind: raw.kind, score: raw.score, typos: raw.typos, matchedText: text, keyIndex: keyIndex,
      ranges: ranges.map {
        view.index(
          view.startIndex, offsetBy: $0.lowerBound)..<view.index(view.startIndex, offsetBy: $0.upperBound)
      })
  }

  /// ``match(_:keyIndex:)`` for any text: folded with a map back to the text's characters.
  func matchFolding(_ text: String, keyIndex: Int) -> TextMatch? {
    let folded = folder.foldedWithMap(text)
    let bits =
      options.mode == .fuzzy
      ? HumpMask.bits(
        marking: folded.utf8.indices.lazy.filter { folded.isHumpStart($0) }, count: folded.utf8.count)
      : []
    // The matchers drop the whitespace at the ends the query ignores (``KeyTrimming``).
    let raw: RawMatch? = folded.utf8.withUnsafeBufferPointer { key in
      bits.withUnsafeBufferPointer { words in
        let humps = words.isEmpty ? nil : HumpMask(words: words, base: 0)
        return rawMatch(key, humps: humps)
      }
    }
    guard let raw else { return nil }
    return TextMatch(
      kind: raw.kind, score: raw.score, typos: raw.typos, matchedText: text, keyIndex: keyIndex,
      ranges: folded.originalRanges(forFoldedRanges: raw.ranges))
  }

  /// Where the query matches the valid UTF-8 `line`, as byte ranges of it widened to whole grapheme
  /// clusters (the ranges ``match(_:keyIndex:)`` gives, in bytes), or `nil` when it does not match:
  /// for highlighting many lines without a `String` per line. An ASCII line is folded into one
  /// buffer and its ranges are its own; another is folded from its bytes with a map back to them,
  /// widened to clusters without a `String`; only case-sensitive and fuzzy searches go through
  /// ``match(_:keyIndex:)``.
  public func matchedByteRanges(inUTF8 line: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    if matchesNothing { return nil }
    guard !folder.isCaseSensitive else { return matchedByteRanges(ofString: line) }
    // Every byte of an ASCII line is a cluster (a line holds no CR LF).
    if line.allSatisfy({ $0 < 0x80 }) { return rawMatch(ofASCII: line)?.ranges }
    // Fuzzy matching also wants the camel humps, which ``matchFolding(_:keyIndex:)`` marks.
    guard options.mode != .fuzzy else { return matchedByteRanges(ofString: line) }
    var sink = MappedSink(capacity: line.count)
    InsensitiveFold.run(line, into: &sink)
    guard let raw = sink.bytes.withUnsafeBufferPointer({ rawMatch($0) }) else { return nil }
    return sink.offsets.withUnsafeBufferPointer {
      ClusterSpans.sourceRanges(of: raw.ranges, offsets: $0, in: line)
    }
  }

  /// ``matchedByteRanges(inUTF8:)`` through a `String` and ``match(_:keyIndex:)``.
  func matchedByteRanges(ofString line: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
    let text = String(decoding: line, as: UTF8.self)
    return match(text).map { match in
      match.ranges.map {
        text.utf8.distance(
          from: text.startIndex, to: $0.lowerBound)..<text.utf8.distance(
            from: text.startIndex, to: $0.upperBound)
      }
    }
  }

  /// Matches ASCII `bytes` folding insensitively: they fold byte for byte (A-Z lowered, on the
  /// stack), so the ranges are theirs.
  private func rawMatch(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> RawMatch? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
      for index in bytes.indices {
        let byte = bytes[index]
        buffer.initializeElement(at: index, to: byte &+ (byte &- 0x41 < 26 ? 0x20 : 0))
      }
      let key = UnsafeBufferPointer(buffer)
      return rawMatch(key)
    }
  }

  /// Matches a search text and its alternates and keeps the best: no typo before typos, then by
  /// kind, fewer typos, the search text before any alternate, score, and the earlier key.
  public func bestMatch(searchText: String, alternates: [String]) -> TextMatch? {
    var best = match(searchText, keyIndex: 0)
    for (index, alternate) in alternates.enumerated() {
      guard let candidate = match(alternate, keyIndex: index + 1) else { continue }
      if let current = best, !Self.isBetter(candidate, than: current) { continue }
      best = candidate
    }
    return best
  }

  /// Whether `lhs` is a better match than `rhs` of one item (``MatchGrade``, with the default field
  /// ranks); a tie goes to the earlier key.
  static func isBetter(_ lhs: TextMatch, than rhs: TextMatch) -> Bool {
    MatchGrade(lhs, fieldRank: lhs.field, keyRank: lhs.keyIndex)
      < MatchGrade(rhs, fieldRank: rhs.field, keyRank: rhs.keyIndex)
  }
}

extension FoldedText {
  /// Whether folded byte `index` starts a camel-case hump: it came from an ASCII capital that
  /// follows an ASCII small letter. (Only ASCII, so that an index can mark humps cheaply.)
  func isHumpStart(_ index: Int) -> Bool {
    let offset = Int(sourceOffsets[index])
    guard offset > 0, index == 0 || sourceOffsets[index - 1] != sourceOffsets[index] else { return false }
    let utf8 = original.utf8
    let here = utf8[utf8.index(utf8.startIndex, offsetBy: offset)]
    let before = utf8[utf8.index(utf8.startIndex, offsetBy: offset - 1)]
    return here &- 0x41 < 26 && before &- 0x61 < 26
  }
}
