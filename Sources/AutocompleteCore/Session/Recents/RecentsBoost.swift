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

  /// `sections` with each section's recent rows boosted.
  func apply(to sections: [SuggestionSection]) -> [SuggestionSection] {
    guard !ranks.isEmpty else { return sections }
    let prepared = query.text.isEmpty ? nil : query.prepared
    func tier(_ row: Suggestion) -> Tier {
      guard let prepared else { return Tier(hasTypos: false, kind: 0) }
      let match = prepared.match(row.displayText) ?? prepared.match(row.completionText)
      return Tier(hasTypos: (match?.typos ?? row.typos) > 0, kind: match?.kind.rawValue ?? Int.max)
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
