import Foundation

/// A searcher over one ``SearchIndex`` that remembers its last answer.
///
/// When a query extends the previous one in the same mode ("st" → "sta"), contains, words and
/// fuzzy searches rescan only the keys that matched before, and so do typo-tolerant searches whose
/// typo budget did not grow (see ``TypoTolerance``) — unless whitespace came or went at the query's
/// end, which changes what the query sees of the keys' ends (a typo may then use a key's trailing
/// whitespace). Prefix, exact and suffix searches are
/// answered from the sorted keys either way. Safe to share across tasks; a cancelled search leaves
/// the remembered answer as it was.
public final class IncrementalSearch<Item: AutocompleteSearchable>: @unchecked Sendable {
  /// The index this searcher reads.
  public let index: SearchIndex<Item>
  private let lock = NSLock()
  private var previous:
    (
      query: [UInt8], mode: MatchMode, isCaseSensitive: Bool, typoBudgets: [Int], keys: [UInt32]?,
      scope: TypoScope?, filter: AttributeFilter?
    )?

  init(index: SearchIndex<Item>) {
    self.index = index
  }

  /// Answers `query` like ``SearchIndex/search(_:options:ranking:)``, reusing the previous answer
  /// when the query extends it.
  /// - Throws: `CancellationError` when the calling task is cancelled mid-search;
  ///   ``UnknownAttributeError`` when the options' filter, boost or `distinct` names an attribute
  ///   none of the items has.
  public func search(
    _ query: String, options: SearchOptions = SearchOptions(), ranking: SearchRanking = .standard
  ) throws -> [SearchResult<Item>] {
    try index.checkAttributes(of: options)
    return try options.answering { try searchAsTyped(query, options: $0, ranking: ranking) }
  }

  /// ``search(_:options:ranking:)`` without ``SearchOptions/keepsOneResultPerDisplayText``.
  private func searchAsTyped(_ query: String, options: SearchOptions, ranking: SearchRanking) throws
    -> [SearchResult<Item>]
  {
    let prepared = SearchQuery(query, options: options)
    let folded = index.indexFolded(prepared)
    let (candidates, scope): ([UInt32]?, TypoScope?) = lock.withLock {
      guard let previous, previous.mode == options.mode, previous.isCaseSensitive == options.isCaseSensitive,
        previous.filter == options.filter,
        folded.count > previous.query.count, folded.starts(with: previous.query),
        KeyTrimming.Ends(query: folded) == KeyTrimming.Ends(query: previous.query),
        TypoMatcher.narrows(from: previous.typoBudgets, to: prepared.typos)
      else { return (nil, nil) }
      return (previous.keys, previous.scope)
    }
    let execution = try index.execute(prepared, ranking: ranking, candidates: candidates, scope: scope)
    lock.withLock {
      if execution.matchedKeys != nil || execution.scope != nil {
        previous = (
          folded, options.mode, options.isCaseSensitive, prepared.typos?.budgets ?? [], execution.matchedKeys,
          execution.scope, options.filter
        )
      } else {
        previous = nil
      }
    }
    return try index.addingRetypedMatches(
      to: execution.results, of: query, options: options, ranking: ranking)
  }

  /// Forgets the remembered answer.
  public func reset() {
    lock.withLock { previous = nil }
  }
}
