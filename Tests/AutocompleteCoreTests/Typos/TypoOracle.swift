import AutocompleteCore

/// Typo matching by brute force, straight from the definitions in `TypoMatcher` and
/// `Guides/Matching.md`: folded text as Swift `Character`s (grapheme clusters), the optimal string
/// alignment distance by its textbook recurrence over the whole table, and every prefix, substring
/// and word tried. Slow and obviously right: the engine's differential tests compare against it.
enum TypoOracle {
  /// Whether a folded byte is whitespace.
  static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// The folded clusters of a key as `query` sees it: without its leading whitespace unless the
  /// folded query starts with whitespace, without its trailing whitespace unless the query ends
  /// with it (the rule of `Guides/Matching.md`); both dropped when no query is given.
  static func keyClusters(_ text: String, for query: String? = nil, isCaseSensitive: Bool = false) -> [String]
  {
    let folder = TextFolder(isCaseSensitive: isCaseSensitive)
    var bytes = Array(folder.fold(text).utf8)
    let q = query.map { Array(folder.fold($0).utf8) } ?? []
    if q.last.map({ !isWhitespace($0) }) ?? true {
      while let last = bytes.last, isWhitespace(last) { bytes.removeLast() }
    }
    if q.first.map({ !isWhitespace($0) }) ?? true {
      while let first = bytes.first, isWhitespace(first) { bytes.removeFirst() }
    }
    return String(decoding: bytes, as: UTF8.self).map(String.init)
  }

  /// The folded clusters of a query: queries are never trimmed.
  static func queryClusters(_ text: String, mode: MatchMode, isCaseSensitive: Bool = false) -> [String] {
    TextFolder(isCaseSensitive: isCaseSensitive).fold(text).map(String.init)
  }

  /// The optimal string alignment distance.
  static func distance(_ a: [String], _ b: [String]) -> Int {
    let n = a.count
    let m = b.count
    var d = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in 0...n { d[i][0] = i }
    for j in 0...m { d[0][j] = j }
    for i in stride(from: 1, through: n, by: 1) {
      for j in stride(from: 1, through: m, by: 1) {
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[n][m]
  }

  /// The least distance between `query` and a prefix of `key`.
  static func prefixDistance(_ query: [String], _ key: ArraySlice<String>) -> Int {
    (0...key.count).map { distance(query, Array(key.prefix($0))) }.min()!
  }

  /// Whether a cluster belongs to a word: its first byte is an ASCII letter or digit, or not ASCII.
  static func isWord(_ cluster: String) -> Bool {
    let byte = cluster.utf8.first!
    return byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
      || (0x41...0x5A).contains(byte)
  }

  /// Where each word of `clusters` starts and ends.
  static func words(_ clusters: [String]) -> [Range<Int>] {
    var words: [Range<Int>] = []
    var start: Int?
    for (index, cluster) in clusters.enumerated() {
      if isWord(cluster) {
        if start == nil { start = index }
      } else if let first = start {
        words.append(first..<index)
        start = nil
      }
    }
    if let first = start { words.append(first..<clusters.count) }
    return words
  }

  /// How `query` matches `key` in `mode` with `tolerance`: its kind and typos, or `nil`.
  static func match(
    _ query: String, _ key: String, mode: MatchMode, tolerance: TypoTolerance, isCaseSensitive: Bool = false
  ) -> (kind: MatchKind, typos: Int)? {
    let q = queryClusters(query, mode: mode, isCaseSensitive: isCaseSensitive)
    let k = keyClusters(key, for: query, isCaseSensitive: isCaseSensitive)
    if q.isEmpty { return query.isEmpty ? (.prefix, 0) : nil }  // folded to nothing: matches nothing
    let budget = tolerance.maximumTypos(forLength: q.count)
    switch mode {
    case .prefix:
      let typos = prefixDistance(q, k[...])
      guard typos <= budget else { return nil }
      return (distance(q, k) == typos ? .exact : .prefix, typos)
    case .exact:
      let typos = distance(q, k)
      return typos <= budget ? (.exact, typos) : nil
    case .contains:
      var typos = Int.max
      for start in 0...k.count {
        for end in start...k.count { typos = min(typos, distance(q, Array(k[start..<end]))) }
      }
      guard typos <= budget else { return nil }
      if prefixDistance(q, k[...]) == typos { return (distance(q, k) == typos ? .exact : .prefix, typos) }
      for word in words(k) where word.lowerBound > 0 && prefixDistance(q, k[word.lowerBound...]) == typos {
        return (.wordPrefix, typos)
      }
      return (.contains, typos)
    case .words:
      if k.starts(with: q) { return (k.count == q.count ? .exact : .prefix, 0) }
      let queryWords = words(q).map { Array(q[$0]) }
      if queryWords.isEmpty { return (.wordPrefix, 0) }
      let keyWords = words(k).map { Array(k[$0]) }
      var total = 0
      for (index, word) in queryWords.enumerated() {
        let wordBudget = tolerance.maximumTypos(forLength: word.count)
        let isLast = index == queryWords.count - 1
        let best = keyWords.map { keyWord in
          isLast
            ? prefixDistance(word, keyWord[...]) : keyWord.starts(with: word) ? 0 : distance(word, keyWord)
        }.min()
        guard let best, best <= wordBudget else { return nil }
        total += best
      }
      return (.wordPrefix, total)
    case .suffix, .fuzzy:
      return nil
    }
  }
}
