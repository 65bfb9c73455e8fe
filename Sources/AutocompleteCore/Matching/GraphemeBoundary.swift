/// Grapheme-cluster boundaries in folded UTF-8, so that a match never starts or ends inside a
/// user-perceived character: "🇸🇫" does not match inside "🇺🇸🇫🇷", "👍" not inside "👍🏽", "か" not
/// inside "が" (folded か + U+3099).
///
/// Between two ASCII bytes there is always a boundary (except inside CR LF), so ASCII text costs
/// two byte reads. Elsewhere the rules of UAX #29 decide from the scalars around the position and
/// their break classes (``GraphemeBreakProperty``, read off the standard library's own breaking, so
/// the answer is always what `String` says over the whole text):
///
/// - most rules look at the scalar before and the scalar after only (CR LF, controls, Hangul
///   syllables, never before an extending or spacing mark, never after a prepended one);
/// - three look further back, each over a run that belongs to the position alone: an emoji ZWJ
///   sequence (GB11: pictograph, extenders, ZWJ × pictograph), an Indic conjunct (GB9c: consonant,
///   then extenders and at least one virama × consonant), and flags (GB12/13: a boundary between two
///   regional indicators only after an even number of them).
///
/// So deciding one position costs the scalars of its own cluster at most, never the text before it —
/// the old way (breaking the text from the last boundary between two ASCII bytes) made a scan of
/// "👍🏽👍🏽…" or of Hindi without double spaces quadratic. Only a run of flags can be long and
/// shared by many positions; a ``Cursor`` remembers the runs it counted, so a scan that moves
/// forward through a text counts each flag once.
enum GraphemeBoundary {
  /// Whether a grapheme-cluster boundary lies before byte `position` of the valid UTF-8 `text`
  /// (the start and the end of the text are boundaries).
  @inline(__always)
  static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    if position <= 0 || position >= text.count { return true }
    let after = text[position]
    if after & 0xC0 == 0x80 { return false }  // inside a scalar
    let before = text[position - 1]
    if after < 0x80 && before < 0x80 { return !(before == 0x0D && after == 0x0A) }
    var cursor = Cursor(text)
    return cursor.isBoundary(at: position)
  }

  /// Whether the occurrence of `count` bytes at `position` starts and ends on boundaries.
  @inline(__always)
  static func isAligned(_ text: UnsafeBufferPointer<UInt8>, at position: Int, count: Int) -> Bool {
    isBoundary(text, at: position) && isBoundary(text, at: position + count)
  }

  /// Whether the valid UTF-8 `text` is one grapheme cluster (not empty, no boundary inside).
  static func isSingleCluster(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !text.isEmpty else { return false }
    var cursor = Cursor(text)
    for position in 1..<text.count where cursor.isBoundary(at: position) { return false }
    return true
  }

  /// Whether the query's clusters occur in `text` in order, each on cluster boundaries: the fuzzy
  /// test for a query with non-ASCII bytes, whose byte subsequence could otherwise be spread over
  /// parts of other characters. One pass over the text.
  static func hasAlignedSubsequence(_ query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var queryBoundaries = Cursor(query)
    var textBoundaries = Cursor(text)
    var queryStart = 0
    var from = 0
    while queryStart < query.count {
      var queryEnd = queryStart + 1
      while queryEnd < query.count && !queryBoundaries.isBoundary(at: queryEnd) { queryEnd += 1 }
      let cluster = UnsafeBufferPointer(rebasing: query[queryStart..<queryEnd])
      guard
        let found = ByteSearch.firstIndex(
          of: cluster, in: text, from: from, where: { textBoundaries.isAligned(at: $0, count: cluster.count) }
        )
      else { return false }
      from = found + cluster.count
      queryStart = queryEnd
    }
    return true
  }

  /// Decides boundaries of one text, remembering the runs of flags it counted: a scan that asks about
  /// positions from left to right costs O(text) in all.
  struct Cursor {
    /// The text, valid UTF-8.
    let text: UnsafeBufferPointer<UInt8>
    /// The break classes.
    private let table = GraphemeBreakProperty.shared
    /// The two runs of regional indicators counted last, each from its first flag's first byte
    /// (the run's start) to the end of the last flag counted; the older one is replaced first.
    private var runs: (Range<Int>, Range<Int>) = (0..<0, 0..<0)

    /// A cursor over `text`.
    init(_ text: UnsafeBufferPointer<UInt8>) {
      self.text = text
    }

    /// Whether the occurrence of `count` bytes at `position` starts and ends on boundaries.
    @inline(__always)
    mutating func isAligned(at position: Int, count: Int) -> Bool {
      isBoundary(at: position) && isBoundary(at: position + count)
    }

    /// Whether a grapheme-cluster boundary lies before byte `position`.
    mutating func isBoundary(at position: Int) -> Bool {
      if position <= 0 || position >= text.count { return true }
      let afterByte = text[position]
      if afterByte & 0xC0 == 0x80 { return false }
      let beforeByte = text[position - 1]
      if afterByte < 0x80 && beforeByte < 0x80 { return !(beforeByte == 0x0D && afterByte == 0x0A) }
      // One side ASCII: only the other side's class can join them (an ASCII control, CR or LF never
      // joins; a printable ASCII character is "other", which only a prepended mark holds, or a
      // mark follows).
      if afterByte < 0x80 {
        if afterByte < 0x20 || afterByte == 0x7F { return true }
        return table.kind(scalar(at: scalarStart(before: position))) != .prepend
      }
      if beforeByte < 0x80 {
        if beforeByte < 0x20 || beforeByte == 0x7F { return true }
        let a = table.kind(scalar(at: position))
        return !a.joinsPrevious
      }
      let beforeStart = scalarStart(before: position)
      let after = scalar(at: position)
      let before = scalar(at: beforeStart)
      let a = table.kind(after)
      let b = table.kind(before)
      // The common case inside a cluster (a vowel sign after an Indic consonant, an accent): before an
      // extending or spacing mark or a ZWJ only a control, CR or LF breaks (GB4 before GB9, GB9a).
      if a.joinsPrevious { return b == .cr || b == .lf || b == .control }
      if b == .cr && a == .lf { return false }  // GB3
      // GB4, GB5
      if b == .cr || b == .lf || b == .control || a == .cr || a == .lf || a == .control { return true }
      switch b {  // GB6, GB7, GB8: Hangul syllables
      case .l where a == .l || a == .v || a == .lv || a == .lvt: return false
      case .lv where a == .v || a == .t, .v where a == .v || a == .t: return false
      case .lvt where a == .t, .t where a == .t: return false
      default: break
      }
      if a.joinsPrevious || b == .prepend { return false }  // GB9, GB9a, GB9b
      if table.conjunct(after) == 1, table.conjunct(before) >= 2, endsConjunctJoiner(at: position) {
        return false  // GB9c
      }
      if a == .extendedPictographic, b == .zwj, followsPictograph(zwj: beforeStart) { return false }  // GB11
      // GB12, GB13
      if a == .regionalIndicator, b == .regionalIndicator { return flagCount(endingAt: position) % 2 == 0 }
      return true  // GB999
    }

    /// The value of the scalar starting at byte `index` (U+FFFD for a stray byte).
    @inline(__always)
    private func scalar(at index: Int) -> UInt32 {
      let lead = text[index]
      if lead < 0x80 { return UInt32(lead) }
      if lead & 0xF0 == 0xE0 && index + 3 <= text.count {  // three bytes: most scripts but Latin and emoji
        return UInt32(lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6
          | UInt32(text[index + 2] & 0x3F)
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      guard length > 1, index + length <= text.count else { return 0xFFFD }
      var value = UInt32(lead) & (0xFF >> (length + 1))
      for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
      return min(value, 0x10FFFF)
    }

    /// Where the scalar that ends at byte `end` starts.
    @inline(__always)
    private func scalarStart(before end: Int) -> Int {
      var start = end - 1
      while start > 0 && end - start < 4 && text[start] & 0xC0 == 0x80 { start -= 1 }
      return start
    }

    /// GB9c: whether the scalars before `position` are an Indic consonant followed by extenders and
    /// viramas, at least one virama among them.
    private func endsConjunctJoiner(at position: Int) -> Bool {
      var end = position
      var hasLinker = false
      while end > 0 {
        let start = scalarStart(before: end)
        let conjunct = table.conjunct(scalar(at: start))
        if conjunct == 1 { return hasLinker }
        guard conjunct >= 2 else { return false }
        if conjunct == 2 { hasLinker = true }
        end = start
      }
      return false
    }

    /// GB11: whether the ZWJ starting at byte `zwj` follows a pictograph and extenders only.
    private func followsPictograph(zwj: Int) -> Bool {
      var end = zwj
      while end > 0 {
        let start = scalarStart(before: end)
        switch table.kind(scalar(at: start)) {
        case .extend: end = start
        case .extendedPictographic: return true
        default: return false
        }
      }
      return false
    }

    /// How many regional indicators (4 bytes each) end at byte `end` without anything between them.
    private mutating func flagCount(endingAt end: Int) -> Int {
      if runs.0.lowerBound < end && end <= runs.0.upperBound { return (end - runs.0.lowerBound) / 4 }
      if runs.1.lowerBound < end && end <= runs.1.upperBound { return (end - runs.1.lowerBound) / 4 }
      var start = end
      while start >= 4, isRegionalIndicator(at: start - 4) {
        if runs.0.upperBound == start && !runs.0.isEmpty {
          start = runs.0.lowerBound
          break
        }
        if runs.1.upperBound == start && !runs.1.isEmpty {
          start = runs.1.lowerBound
          break
        }
        start -= 4
      }
      runs = (start..<end, runs.0)
      return (end - start) / 4
    }

    /// Whether the four bytes at `index` are a regional indicator (U+1F1E6...U+1F1FF: F0 9F 87 A6...BF).
    @inline(__always)
    private func isRegionalIndicator(at index: Int) -> Bool {
      text[index] == 0xF0 && text[index + 1] == 0x9F && text[index + 2] == 0x87 && text[index + 3] >= 0xA6
    }
  }
}
