/// A words-mode query planned over a ``WordIndex``: for each query word, the dictionary words it may
/// be and with how many typos (``WordChoice``), and the word whose keys are fewest, whose postings
/// give the candidates.
///
/// What a query word may be follows the matchers' words mode (Guides/Matching.md): without typos it
/// starts a key word (the dictionary words it prefixes, ending on a cluster boundary); with typos the
/// last word may start a key word within its budget (the typo walk over the dictionary in prefix
/// mode) and each other word may equal one within its budget or start one without a typo (the walk
/// in exact mode, plus the words it prefixes). A key matches when each query word is one of its
/// words; its typos are the sum over the query words of the fewest any of its words costs.
struct WordsQuery {
  /// One query word's dictionary words.
  struct WordChoice {
    /// The folded query word.
    let bytes: [UInt8]
    /// The dictionary words the query word starts, before the cluster-boundary check.
    let prefixRange: Range<Int>
    /// Whether a word of ``prefixRange`` needs its cluster boundary after the query word checked
    /// (the query word ends in a byte that is not ASCII, or a word's next byte is not).
    let endsInASCII: Bool
    /// The words reached only with typos, and their typos (the fewest, when reached twice).
    let typos: [UInt32: UInt8]
    /// With typos, per dictionary word its typos (``WordsQuery/none`` when it is not one of this
    /// query word's): what checking a key reads, a byte per word; `nil` without typos (the range
    /// alone answers).
    let table: [UInt8]?
    /// The fewest typos any of its words costs.
    let fewestTypos: UInt8
    /// How large its words' postings are (``WordIndex/postingSize(_:)``: a bound on its keys).
    let postingSize: Int
  }

  let words: [WordChoice]
  /// The query word whose postings give the candidates: the one with the fewest.
  let leading: Int

  /// The plan for `folded` over `index`; `nil` when the query has no words (every key matches:
  /// scanned) or `typos` is a matcher of another mode.
  init?(_ folded: [UInt8], typos: TypoMatcher?, index: WordIndex) throws {
    let patterns: [(bytes: [UInt8], budget: Int)]
    if let typos {
      guard typos.mode == .words else { return nil }
      patterns = typos.words.map { ($0.bytes, $0.budget) }
    } else {
      patterns = folded.split(whereSeparator: { !ByteClass($0).isWord }).map { (Array($0), 0) }
    }
    // A query word of clusters that are not single scalars (an emoji with a skin tone, a flag) is
    // left to the scan, which matches such clusters one by one.
    guard !patterns.isEmpty,
      patterns.allSatisfy({ $0.bytes.withUnsafeBufferPointer(ClusterBreaks.hasOnlyPlainScalars) })
    else { return nil }
    var words: [WordChoice] = []
    for (position, pattern) in patterns.enumerated() {
      words.append(
        try Self.choice(
          pattern.bytes, budget: pattern.budget, isLast: position == patterns.count - 1, index: index))
    }
    self.words = words
    self.leading = words.indices.min { words[$0].postingSize < words[$1].postingSize }!
  }

  /// What ``WordChoice/table`` holds for a word that is not a query word's.
  static let none = UInt8.max

  /// The typos of the fewest typos any query word's choice allows: no key matches with fewer.
  var fewestTypos: Int { words.reduce(0) { $0 + Int($1.fewestTypos) } }

  private static func choice(_ word: [UInt8], budget: Int, isLast: Bool, index: WordIndex) throws
    -> WordChoice
  {
    let dictionary = index.dictionary
    let range = dictionary.bytes.withUnsafeBufferPointer { buffer in
      word.withUnsafeBufferPointer { dictionary.forwardRange(of: $0, in: buffer) }
    }
    var typos: [UInt32: UInt8] = [:]
    if budget > 0,
      let matcher = TypoMatcher(query: word, mode: isLast ? .prefix : .exact, tolerance: .fixed(budget))
    {
      let found = try dictionary.collect(
        forgiving: matcher, word, capacity: nil, candidates: nil, scope: nil, restriction: nil)
      for entry in found.entries where !range.contains(Int(entry.key)) || entry.typos > 0 {
        let current = typos[entry.key] ?? .max
        if entry.typos < current { typos[entry.key] = entry.typos }
      }
    }
    var postings = index.postingSize(of: range)
    var fewest: UInt8 = range.isEmpty ? .max : 0
    for (word, count) in typos where !range.contains(Int(word)) {
      postings += index.postingSize(Int(word))
      fewest = min(fewest, count)
    }
    var choice = WordChoice(
      bytes: word, prefixRange: range, endsInASCII: word.last.map { $0 < 0x80 } ?? true, typos: typos,
      table: nil, fewestTypos: fewest == .max ? 0 : fewest, postingSize: postings)
    if !typos.isEmpty {
      var table = [UInt8](repeating: none, count: index.wordCount)
      for (word, count) in typos { table[Int(word)] = count }
      for word in range where choice.endsOnBoundary(UInt32(word), in: dictionary) { table[word] = 0 }
      choice = WordChoice(
        bytes: choice.bytes, prefixRange: range, endsInASCII: choice.endsInASCII, typos: typos, table: table,
        fewestTypos: choice.fewestTypos, postingSize: postings)
    }
    return choice
  }
}

extension WordsQuery.WordChoice {
  /// The typos at which this query word is dictionary word `word`, or `nil` when it is not.
  @inline(__always)
  func typos(of word: UInt32, in dictionary: IndexStorage) -> UInt8? {
    if let table {
      let typos = table[Int(word)]
      return typos == WordsQuery.none ? nil : typos
    }
    return prefixRange.contains(Int(word)) && endsOnBoundary(word, in: dictionary) ? 0 : nil
  }

  /// Whether the query word, which dictionary word `word` starts with, ends on one of its cluster
  /// boundaries (as every match must).
  @inline(__always)
  func endsOnBoundary(_ word: UInt32, in dictionary: IndexStorage) -> Bool {
    let range = dictionary.keyRange(Int(word))
    if range.count == bytes.count { return true }
    let next = dictionary.bytes[range.lowerBound + bytes.count]
    if endsInASCII && next < 0x80 { return true }
    return dictionary.bytes.withUnsafeBufferPointer { buffer in
      GraphemeBoundary.isBoundary(UnsafeBufferPointer(rebasing: buffer[range]), at: bytes.count)
    }
  }

  /// The dictionary words this query word may be: those it starts (on a boundary), then those it
  /// reaches with typos.
  func dictionaryWords(in dictionary: IndexStorage) -> [UInt32] {
    var words: [UInt32] = []
    words.reserveCapacity(prefixRange.count + typos.count)
    for word in prefixRange where endsOnBoundary(UInt32(word), in: dictionary) { words.append(UInt32(word)) }
    for word in typos.keys where !prefixRange.contains(Int(word)) { words.append(word) }
    return words
  }
}
