/// fzf's extended search syntax, parsed and matched on folded bytes (``SearchOptions/usesExtendedSyntax``).
///
/// A query is cut at spaces into terms (`\ ` is a literal space; spaces at its ends are dropped).
/// Every term must match (AND), except that terms joined by a `|` form a set of which one must
/// match (OR). A term is matched as the query's mode says (fuzzy, or contains for fzf's `--exact`)
/// unless it says otherwise:
///
/// | term      | matches                                  |
/// |-----------|------------------------------------------|
/// | `'word`   | contains `word` (fuzzy in contains mode) |
/// | `^word`   | starts with `word`                       |
/// | `word$`   | ends with `word`                         |
/// | `^word$`  | equals `word`                            |
/// | `!word`   | does not contain `word` (`!'word`: has no fuzzy match; `!^`, `!…$` likewise) |
///
/// The rules, and their odd corners, are fzf's (`src/pattern.go`, `parseTerms`): a lone `|` at the
/// start or after another `|` is ignored, a lone `$` is a word, and a term that is empty once its
/// marks are taken off (`'`, `^`, `!'`) is dropped — a query of only such terms matches everything.
///
/// With a field separator (``SearchOptions/fieldSeparator``, fzf's `--nth` with several ranges), a
/// key is the fields joined by that byte, and each term is matched against one field at a time, as
/// fzf's `iter` does: the first field it matches in gives its score and ranges; a negated term must
/// match in no field; `^` and `$` anchor at each field's ends; nothing matches across two fields.
///
/// Cost: one match per term and line, each the cost of its mode; no index narrows the lines.
struct ExtendedPattern: Sendable {
  /// How one term matches.
  enum TermKind: Sendable, Equatable {
    case fuzzy, contains, prefix, suffix, equal

    /// The match mode that matches a term of this kind.
    var mode: MatchMode {
      switch self {
      case .fuzzy: .fuzzy
      case .contains: .contains
      case .prefix: .prefix
      case .suffix: .suffix
      case .equal: .exact
      }
    }
  }

  /// One parsed term: its kind, whether it is negated, and its text (marks taken off).
  struct Term: Sendable, Equatable {
    var kind: TermKind
    var isInverse: Bool
    var text: String
  }

  /// A prepared term: the parsed term, its folded matcher, and its typo-tolerant matcher when the
  /// options allow the term typos (a positive contains, prefix or equal term, as long as the
  /// tolerance says for its length).
  struct PreparedTerm: Sendable {
    let term: Term
    let matcher: FoldedMatcher
    var typos: TypoMatcher? = nil
  }

  /// The sets of terms: each set must match (one of its terms), every set must.
  let sets: [[PreparedTerm]]
  /// The folded byte between the fields of a key, or `nil` when a key is one field.
  var fieldSeparator: UInt8? = nil
  /// Whether a match keeps its one term's kind and score (a plain query searched field by field)
  /// instead of being fuzzy with the terms' summed score.
  var keepsTermKind = false

  /// Parses `query` into sets of terms, as fzf does; `fuzzy` is whether a plain term is fuzzy
  /// (else it is a contains term, fzf's `--exact`).
  static func parse(_ query: String, fuzzy: Bool) -> [[Term]] {
    var text = Substring(query)
    while text.first == " " { text.removeFirst() }
    while text.hasSuffix(" ") && !text.hasSuffix("\\ ") { text.removeLast() }
    let tokens = tokens(of: text)
    var sets: [[Term]] = []
    var current: [Term] = []
    var switchesSet = false
    var afterBar = false
    for token in tokens {
      var word = Substring(token)
      var kind: TermKind = fuzzy ? .fuzzy : .contains
      var isInverse = false
      if !current.isEmpty && !afterBar && word == "|" {
        switchesSet = false
        afterBar = true
        continue
      }
      afterBar = false
      if word.hasPrefix("!") {
        isInverse = true
        kind = .contains
        word = word.dropFirst()
      }
      if word != "$" && word.hasSuffix("$") {
        kind = .suffix
        word = word.dropLast()
      }
      if word.hasPrefix("'") {
        kind = fuzzy && !isInverse ? .contains : .fuzzy
        word = word.dropFirst()
      } else if word.hasPrefix("^") {
        kind = kind == .suffix ? .equal : .prefix
        word = word.dropFirst()
      }
      guard !word.isEmpty else { continue }
      if switchesSet {
        sets.append(current)
        current = []
      }
      current.append(Term(kind: kind, isInverse: isInverse, text: String(word)))
      switchesSet = true
    }
    if !current.isEmpty { sets.append(current) }
    return sets
  }

  /// `text` cut at spaces; `\ ` is a space inside a token.
  static func tokens(of text: Substring) -> [String] {
    var tokens: [String] = []
    var token = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "\\", next < text.endIndex, text[next] == " " {
        token.append(" ")
        index = text.index(after: next)
        continue
      }
      if character == " " {
        if !token.isEmpty { tokens.append(token) }
        token = ""
      } else {
        token.append(character)
      }
      index = next
    }
    if !token.isEmpty { tokens.append(token) }
    return tokens
  }

  /// Whether `query` needs the extended syntax: it has more than one term, or a term with a mark.
  /// A plain one-word query is searched as it is, by the mode's own (faster) search.
  static func isExtended(_ query: String, fuzzy: Bool) -> Bool {
    let sets = parse(query, fuzzy: fuzzy)
    guard sets.count == 1, sets[0].count == 1 else { return true }
    let term = sets[0][0]
    return term.isInverse || term.kind != (fuzzy ? .fuzzy : .contains) || term.text != query
  }

  /// Prepares `query`'s terms, folded by `folder`; each positive term may have the typos
  /// `tolerance` allows a query of its length in its mode (none in fuzzy and suffix terms).
  init(
    _ query: String, fuzzy: Bool, folder: TextFolder, typoTolerance: TypoTolerance = .off,
    fieldSeparator: UInt8? = nil
  ) {
    self.fieldSeparator = fieldSeparator
    sets = Self.parse(query, fuzzy: fuzzy).map { set in
      set.map { term in
        var folded: [UInt8] = []
        folder.appendFolded(term.text, to: &folded)
        let typos =
          term.isInverse ? nil : TypoMatcher(query: folded, mode: term.kind.mode, tolerance: typoTolerance)
        return PreparedTerm(
          term: term, matcher: FoldedMatcher(query: folded, mode: term.kind.mode), typos: typos)
      }
    }
  }

  /// One plain term, `query` matched as `mode` says (not words mode), with the typos `tolerance`
  /// allows it, field by field (`fieldSeparator`): a query that is not parsed, searched in fields.
  init(
    term query: String, mode: MatchMode, folder: TextFolder, typoTolerance: TypoTolerance,
    fieldSeparator: UInt8
  ) {
    let kind: TermKind =
      switch mode {
      case .prefix: .prefix
      case .suffix: .suffix
      case .exact: .equal
      case .fuzzy: .fuzzy
      case .contains, .words: .contains
      }
    var folded: [UInt8] = []
    folder.appendFolded(query, to: &folded)
    let term = Term(kind: kind, isInverse: false, text: query)
    sets = [
      [
        PreparedTerm(
          term: term, matcher: FoldedMatcher(query: folded, mode: mode),
          typos: TypoMatcher(query: folded, mode: mode, tolerance: typoTolerance))
      ]
    ]
    self.fieldSeparator = fieldSeparator
    keepsTermKind = true
  }

  /// Matches the folded `key`: `nil` unless every set has a term that matches (a negated term
  /// matches when its text does not; a term with typos allowed matches with typos when it does
  /// not match without). The kind is fuzzy, the score the sum of the matching terms' fuzzy scores
  /// (fzf adds its terms' scores and ranks by the sum alone), the typos the sum of theirs; the
  /// ranges are every matching positive term's, merged.
  func match(_ key: UnsafeBufferPointer<UInt8>, humps: HumpMask? = nil, wantRanges: Bool = true) -> RawMatch?
  {
    var score = 0
    var typos = 0
    var ranges: [Range<Int>] = []
    for set in sets {
      var matched = false
      for prepared in set {
        let raw = match(prepared, in: key, humps: humps, wantRanges: wantRanges)
        if keepsTermKind {
          guard var raw else { return nil }
          if !wantRanges { raw.ranges = [] }
          return raw
        }
        if prepared.term.isInverse {
          if raw == nil {
            matched = true
            break
          }
          continue
        }
        guard let raw else { continue }
        matched = true
        typos += raw.typos
        score += raw.score
        if wantRanges { ranges += raw.ranges }
        break
      }
      guard matched else { return nil }
    }
    var result = RawMatch(kind: .fuzzy, score: score, ranges: wantRanges ? FoldedMatcher.merged(ranges) : [])
    result.typos = typos
    return result
  }

  /// Where `prepared` matches `key`, its ranges in `key` and its score (a substring term's the fuzzy
  /// score of its characters, ``score(of:in:humps:)``, unless the pattern keeps the term's kind):
  /// without typos if it can, with typos if the term allows them. With a field separator, the
  /// first field the term matches in gives the match (a match without typos in any field first).
  @inline(__always)
  private func match(
    _ prepared: PreparedTerm, in key: UnsafeBufferPointer<UInt8>, humps: HumpMask?, wantRanges: Bool
  )
    -> RawMatch?
  {
    let wantsRanges = wantRanges || !prepared.term.isInverse
    guard let fieldSeparator, key.contains(fieldSeparator) else {
      var raw = prepared.matcher.match(key, humps: humps, wantRanges: wantsRanges)
      if raw == nil, let matcher = prepared.typos { raw = matcher.match(key) }
      return raw.map { scored($0, in: key, humps: humps) }
    }
    for forgiving in [false, true] where !forgiving || prepared.typos != nil {
      var start = 0
      while start <= key.count {
        let end = key[start...].firstIndex(of: fieldSeparator) ?? key.count
        let field = UnsafeBufferPointer(rebasing: key[start..<end])
        let shifted = humps.map { HumpMask(words: $0.words, base: $0.base + start) }
        let found =
          forgiving
          ? prepared.typos?.match(field)
          : prepared.matcher.match(field, humps: shifted, wantRanges: wantsRanges)
        if var raw = found {
          raw = scored(raw, in: field, humps: shifted)
          raw.ranges = raw.ranges.map { ($0.lowerBound + start)..<($0.upperBound + start) }
          return raw
        }
        start = end + 1
      }
    }
    return nil
  }

  /// `raw` with the score it adds to a match of the pattern.
  @inline(__always)
  private func scored(_ raw: RawMatch, in key: UnsafeBufferPointer<UInt8>, humps: HumpMask?) -> RawMatch {
    guard !keepsTermKind, raw.kind != .fuzzy else { return raw }
    var scored = raw
    scored.score = Self.score(of: raw.ranges, in: key, humps: humps)
    return scored
  }

  /// The fuzzy score of the characters at `ranges` of `key`: what a substring term adds.
  static func score(of ranges: [Range<Int>], in key: UnsafeBufferPointer<UInt8>, humps: HumpMask?) -> Int {
    ranges.reduce(0) { total, range in
      total + FuzzyScorer.score(of: range, in: key, humps: humps)
    }
  }
}
