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
  init(_ query: String, fuzzy: Bool, folder: TextFolder, typoTolerance: TypoTolerance = .off) {
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
        var raw = prepared.matcher.match(
          key, humps: humps, wantRanges: wantRanges || !prepared.term.isInverse)
        if raw == nil, let matcher = prepared.typos { raw = matcher.match(key) }
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
        score += raw.kind == .fuzzy ? raw.score : Self.score(of: raw.ranges, in: key, humps: humps)
        if wantRanges { ranges += raw.ranges }
        break
      }
      guard matched else { return nil }
    }
    var result = RawMatch(kind: .fuzzy, score: score, ranges: wantRanges ? FoldedMatcher.merged(ranges) : [])
    result.typos = typos
    return result
  }

  /// The fuzzy score of the characters at `ranges` of `key`: what a substring term adds.
  static func score(of ranges: [Range<Int>], in key: UnsafeBufferPointer<UInt8>, humps: HumpMask?) -> Int {
    ranges.reduce(0) { total, range in
      total + FuzzyScorer.score(of: range, in: key, humps: humps)
    }
  }
}
