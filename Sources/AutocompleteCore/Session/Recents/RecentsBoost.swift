/// Frecency as a boost over the sources' ranking (``SessionRecents/Placement/boost``).
///
/// Each row that is a remembered pick (its ``SessionRecents/entryID`` names an entry) moves up past
/// the rows that match the query no better than it does — the same tier: without typos before with
/// typos, then the ``MatchKind`` (exact, prefix, word prefix, contains, fuzzy) — so within a tier
/// the recent rows come first, most frecent first, and the others keep their order. A row the core
/// cannot match (a server's own match) is in the last tier. For an empty query every row is in one
/// tier: the recent rows simply come first. Rows are only moved, never added or dropped.
struct RecentsBoost: Sendable {
  /// The position of each entry id in frecency order (0 is the best).
  let ranks: [String: Int]
  /// The id a row is remembered by.
  let entryID: @Sendable (Suggestion) -> String?
  /// The query the rows answer.
  let query: SuggestionQuery

  /// A boost by `entries`, which are in frecency order.
  init(entries: [RecentEntry], entryID: @escaping @Sendable (Suggestion) -> String?, query: SuggestionQuery) {
    var ranks: [String: Int] = [:]
    for (rank, entry) in entries.enumerated() where ranks[entry.id] == nil { ranks[entry.id] = rank }
    self.ranks = ranks
    self.entryID = entryID
    self.query = query
  }

  /// A row's tier: smaller is better.
  private struct Tier: Comparable {
    var hasTypos: Bool
    var kind: Int

    static func < (lhs: Tier, rhs: Tier) -> Bool {
      if lhs.hasTypos != rhs.hasTypos { return !lhs.hasTypos }
      return lhs.kind < rhs.kind
    }
  }

  /// `query` in the contains mode without the extended syntax: a fuzzy row's tier is the kind
  /// of the query's whole occurrence in it (exact, prefix, word prefix, contains).
  private static func substringQuery(_ query: SuggestionQuery) -> SearchQuery {
    var options = query.options
    options.mode = .contains
    options.usesExtendedSyntax = false
    return SearchQuery(query.text, options: options)
  }

  /// `sections` with each section's recent rows boosted.
  func apply(to sections: [SuggestionSection]) -> [SuggestionSection] {
    guard !ranks.isEmpty else { return sections }
    let prepared = query.text.isEmpty ? nil : query.prepared
    let substrings = query.text.isEmpty || query.options.mode != .fuzzy ? nil : Self.substringQuery(query)
    func tier(_ row: Suggestion) -> Tier {
      guard let prepared else { return Tier(hasTypos: false, kind: 0) }
      let match = prepared.match(row.displayText) ?? prepared.match(row.completionText)
      // Every fuzzy match is of the fuzzy kind (ranked by its score alone, as fzf's): its tier is
      // the kind of its best occurrence as a substring, when it has one.
      let occurrence =
        match == nil ? nil : substrings.flatMap { $0.match(row.displayText) ?? $0.match(row.completionText) }
      let kind = occurrence?.kind ?? match?.kind
      return Tier(hasTypos: (match?.typos ?? row.typos) > 0, kind: kind?.rawValue ?? Int.max)
    }
    return sections.map { section in
      var recent: [(tier: Tier, rank: Int, row: Suggestion)] = []
      var others: [Suggestion] = []
      for row in section.suggestions {
        if let id = entryID(row), let rank = ranks[id] {
          var row = row
          row.isRecent = true
          recent.append((tier(row), rank, row))
        } else {
          others.append(row)
        }
      }
      guard !recent.isEmpty else { return section }
      recent.sort { $0.tier != $1.tier ? $0.tier < $1.tier : $0.rank < $1.rank }
      var rows: [Suggestion] = []
      rows.reserveCapacity(section.suggestions.count)
      var next = 0
      for item in recent {
        // The others keep their order; only those in a better tier stay above this row.
        while next < others.count, tier(others[next]) < item.tier {
          rows.append(others[next])
          next += 1
        }
        rows.append(item.row)
      }
      rows += others[next...]
      var boosted = section
      boosted.suggestions = rows
      return boosted
    }
  }
}
