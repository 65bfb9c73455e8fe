/// How one search of an ``IndexStorage`` finds its matches: planned once from the query, the mode
/// and what the storage holds, then run into a ``TopResults`` (the collector: filter, fields,
/// boost and `distinct` applied as entries arrive, ``ResultRestriction``) by
/// ``IndexStorage/collect(_:mode:capacity:candidates:typos:scope:pattern:restriction:)``.
///
/// The first strategy that applies, each in its own file of this folder (the word index's in
/// `Engines/Words/`):
/// 1. extended syntax: ``Strategy/pattern``, every key matched term by term
///    (`IndexStorage+ExtendedPattern.swift`);
/// 2. typos allowed: ``Strategy/typos``, the typo walk of the sorted keys or of the word index, or
///    a scan with the typo matcher (`IndexStorage+Typos.swift`);
/// 3. an empty query: ``Strategy/everyKey`` (`IndexStorage+EveryKey.swift`);
/// 4. prefix, exact or suffix over keys that are not sorted, or over given candidates:
///    ``Strategy/keyEnds``, each key's ends compared (`IndexStorage+KeyEnds.swift`);
/// 5. prefix or exact over sorted keys: ``Strategy/sortedRange``; suffix:
///    ``Strategy/backwardRange``, the best of a range by block minima
///    (`IndexStorage+SortedRange.swift`);
/// 6. words with a word index: ``Strategy/wordIndex`` (`Words/IndexStorage+WordsSearch.swift`),
///    else ``Strategy/wordsScan`` (`IndexStorage+WordsScan.swift`);
/// 7. contains of one word with a word index and no candidates: ``Strategy/wordStarts``
///    (`Words/IndexStorage+ContainsSearch.swift`), else ``Strategy/substringScan``
///    (`IndexStorage+SubstringScan.swift`);
/// 8. fuzzy: ``Strategy/subsequenceScan`` (`IndexStorage+SubsequenceScan.swift`).
///
/// A word-index strategy may decline a query it cannot expand (a word of several complex clusters):
/// its ``fallback`` scan answers instead. Contains and words over sorted keys with a limit take the
/// sorted prefix range first (``takesPrefixRangeFirst``): prefix and exact matches outrank every
/// other kind, so when they alone fill the top k nothing else is read.
struct SearchPlan {
  /// How the matches are found.
  enum Strategy {
    case pattern(ExtendedPattern)
    case typos(TypoMatcher)
    case everyKey
    case keyEnds
    case sortedRange
    case backwardRange
    case wordIndex
    case wordStarts
    case substringScan
    case wordsScan
    case subsequenceScan
  }

  /// The strategy.
  let strategy: Strategy
  /// Whether the sorted prefix range is collected first, and alone when it fills the top k.
  let takesPrefixRangeFirst: Bool

  /// The plan for the folded query `folded` in `mode` over `storage`, given `candidates` (keys to
  /// search instead of all), the query's typo matcher and its extended-syntax pattern.
  init(
    _ folded: [UInt8], mode: MatchMode, over storage: IndexStorage, capacity: Int?, candidates: [UInt32]?,
    typos: TypoMatcher?, pattern: ExtendedPattern?
  ) {
    takesPrefixRangeFirst =
      pattern == nil && typos == nil && storage.isSorted && capacity != nil && !folded.isEmpty
      && (mode == .contains || mode == .words)
    if let pattern {
      strategy = .pattern(pattern)
    } else if let typos {
      strategy = .typos(typos)
    } else if folded.isEmpty {
      strategy = .everyKey
    } else {
      // Only words and contains ask for the word index: `words` makes it on first use.
      switch mode {
      case .prefix, .exact, .suffix:
        if !storage.isSorted || candidates != nil {
          strategy = .keyEnds
        } else {
          strategy = mode == .suffix ? .backwardRange : .sortedRange
        }
      case .words: strategy = storage.hasWordIndex ? .wordIndex : .wordsScan
      case .contains:
        strategy =
          candidates == nil && folded.allSatisfy({ ByteClass($0).isWord }) && storage.hasWordIndex
          ? .wordStarts : .substringScan
      case .fuzzy: strategy = .subsequenceScan
      }
    }
  }

  /// The scan that answers when a word-index strategy declines the query; `nil` for the others.
  var fallback: Strategy? {
    switch strategy {
    case .wordIndex: .wordsScan
    case .wordStarts: .substringScan
    default: nil
    }
  }
}
