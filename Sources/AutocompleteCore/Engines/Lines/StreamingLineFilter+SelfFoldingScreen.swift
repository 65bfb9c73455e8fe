extension StreamingLineFilter {
  /// The quick test for a non-ASCII query on a non-ASCII line, before the folding: a line that
  /// folds to itself (most lines of Devanagari, Arabic, Cyrillic in lower case, CJK…) is matched as
  /// it is, without being folded into a buffer.
  ///
  /// ## What
  /// A line folds to itself when it has no ASCII capital and each of its other scalars folds to
  /// itself (``FoldingLookup``'s entry 0) and starts no Hangul composition (``InsensitiveFold``). Such
  /// a line is its own folded text, so the mode's condition — the query at the start (prefix,
  /// exact), at the end (suffix), anywhere (contains) or its clusters in order (fuzzy), every
  /// occurrence on grapheme-cluster boundaries — is decided on the raw bytes. A line that fails it
  /// and folds to itself cannot match; every other line passes on to the folding and the search.
  ///
  /// ## Why
  /// In Hindi, a query letter occurs in nearly every line, almost always followed by a vowel sign
  /// that joins it into another character: "क" occurs in "कि" but does not match there. Before this
  /// screen every such line was folded and each occurrence rejected by the general boundary test: a
  /// 20 MB miss cost 5× the same-size Latin file, which the ASCII screen rejects as it reads it.
  /// Here the usual rejection is one scalar decoded after the occurrence: a mark (extend, spacing
  /// mark or joiner) after a query that does not end in a control character is never on a boundary
  /// (UAX #29 GB9, GB9a).
  ///
  /// ## Cost
  /// Whether the line folds to itself is found while it is validated (``SelfFoldingCheck``: a bit
  /// per scalar of the Basic Multilingual Plane, 8 KiB). Then one pass over the line for the
  /// occurrences of the query's anchor byte (`memchr`), and a scalar decoded per occurrence.
  struct SelfFoldingScreen {
    /// The folded query; valid only inside ``ASCIIScreen/with(query:mode:folder:_:)``.
    let query: UnsafeBufferPointer<UInt8>
    let mode: MatchMode
    /// The ends of a line whose whitespace the query ignores.
    let ends: KeyTrimming.Ends
    /// Whether the query is one grapheme cluster: then its fuzzy condition is its contains condition.
    let isSingleCluster: Bool
    /// Whether the query's last scalar is a control, CR or LF: only then can a mark after an
    /// occurrence start a cluster of its own (UAX #29 GB4).
    let endsInControl: Bool
    private let breaks: GraphemeBreakProperty
    /// ``joiningBits``.
    private let joiningBits = Self.joiningBits
    /// The check that validates the lines this screen sees and finds which fold to themselves.
    let check: SelfFoldingCheck

    /// The screen for the folded `query`, or `nil` for an ASCII (or empty) query, which
    /// ``ASCIIScreen`` screens, and for words mode.
    init?(query: UnsafeBufferPointer<UInt8>, mode: MatchMode, ends: KeyTrimming.Ends) {
      guard !query.allSatisfy({ $0 < 0x80 }), mode != .words else { return nil }
      self.query = query
      self.mode = mode
      self.ends = ends
      isSingleCluster = GraphemeBoundary.isSingleCluster(query)
      breaks = GraphemeBreakProperty.shared
      var lastStart = query.count - 1
      while lastStart > 0 && query[lastStart] & 0xC0 == 0x80 { lastStart -= 1 }
      let kind = breaks.kind(InsensitiveFold.decodeScalar(query, at: lastStart).0)
      endsInControl = kind == .control || kind == .cr || kind == .lf
      check = SelfFoldingCheck()
    }

    /// Whether the valid UTF-8 line of `count` bytes at `line` may match: `false` only when it
    /// folds to itself (as ``SelfFoldingCheck`` found) and does not hold the query as the mode
    /// requires.
    @inline(__always)
    func mayMatch(_ line: UnsafePointer<UInt8>, count: Int, foldsToItself: Bool) -> Bool {
      guard foldsToItself else { return true }
      let whole = UnsafeBufferPointer(start: line, count: count)
      return holdsQuery(UnsafeBufferPointer(rebasing: whole[ends.view(of: whole)]))
    }

    /// Whether `text`, taken as folded, meets the mode's condition.
    private func holdsQuery(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      let q = query
      switch mode {
      case .exact: return text.count == q.count && ByteSearch.hasPrefix(text, q)
      case .prefix: return ByteSearch.hasPrefix(text, q) && GraphemeBoundary.isBoundary(text, at: q.count)
      case .suffix:
        return ByteSearch.hasSuffix(text, q) && GraphemeBoundary.isBoundary(text, at: text.count - q.count)
      case .contains: return containsAligned(text)
      case .fuzzy:
        return containsAligned(text)
          || (!isSingleCluster && GraphemeBoundary.hasAlignedSubsequence(q, in: text))
      case .words: return true
      }
    }

    /// Whether the query occurs in `text` on cluster boundaries. Each place it could start is first
    /// tested for a mark after where it would end — the usual rejection, before its bytes are
    /// compared.
    private func containsAligned(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      let n = query.count
      return ByteSearch.firstIndex(
        of: query, in: text, rejecting: { followsMark(at: $0 + n, in: text) },
        where: { GraphemeBoundary.isAligned(text, at: $0, count: n) }) != nil
    }

    /// Whether an occurrence of the query that ends at `end` is followed by a mark that joins it
    /// (extend, spacing mark or joiner), and so ends inside a cluster: never on a boundary unless
    /// the query ends in a control character (UAX #29 GB4 before GB9, GB9a).
    @inline(__always)
    private func followsMark(at end: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
      // Asked before the query's bytes are compared: `end` may be anywhere, even inside a scalar.
      guard end < text.count, !endsInControl else { return false }
      let lead = text[end]
      if lead & 0xF0 == 0xE0 && end &+ 3 <= text.count {  // a three-byte scalar: one bit
        let scalar = Int(lead & 0x0F) << 12 | Int(text[end &+ 1] & 0x3F) << 6 | Int(text[end &+ 2] & 0x3F)
        return joiningBits.contains(scalar)
      }
      let length = lead < 0xC0 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard length > 0 && length <= text.count &- end else { return false }
      return breaks.kind(InsensitiveFold.decodeScalar(text, at: end).0).joinsPrevious
    }

    /// One bit per scalar below U+10000, set for the marks that join the character before them
    /// (``GraphemeBreakProperty/Kind/joinsPrevious``).
    static let joiningBits = ScalarBits { words in
      let breaks = GraphemeBreakProperty.shared
      for scalar in 0x80..<0x1_0000 where breaks.kind(UInt32(scalar)).joinsPrevious {
        words[scalar >> 6] |= 1 << UInt64(scalar & 63)
      }
    }
  }
}
