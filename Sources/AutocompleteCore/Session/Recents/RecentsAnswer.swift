/// How the field's recents shape one request: the entries read once for it, handed to the "Recent"
/// section's source, and the answer finished — the rows the section shows not repeated below, or,
/// without a section, the recent rows boosted (``SessionRecents/Placement/boost``).
struct RecentsAnswer: Sendable {
  /// The field's recents.
  let recents: SessionRecents
  /// Their entries, in frecency order, read for this request.
  let entries: [RecentEntry]
  /// The request's query.
  let query: SuggestionQuery

  /// Whether `request` involves the recents at all (a section or a boost); only then are they read.
  static func isNeeded(for request: SearchRequest, in configuration: SessionConfiguration) -> Bool {
    guard request.target == .field, let recents = configuration.recents else { return false }
    if request.query.text.isEmpty { return recents.showsOnFocus || recents.whileTyping == .boost }
    return recents.whileTyping != .hidden
  }

  /// `sources` with the recents section's source given the entries read.
  func sources(_ sources: [any SuggestionSource]) -> [any SuggestionSource] {
    sources.map { source in
      guard let source = source as? RecentsSource else { return source }
      return RecentsSource(source.recents, entries: entries)
    }
  }

  /// The finished answer: after a recents section, its rows are not repeated; without one, the
  /// boost applies when the placement asks for it.
  func finished(_ sections: [SuggestionSection], hasSection: Bool) -> [SuggestionSection] {
    if hasSection {
      var sections = sections
      RecentsDeduplication.removeRepeats(from: &sections)
      return sections
    }
    guard recents.whileTyping == .boost else { return sections }
    return RecentsBoost(entries: entries, entryID: recents.entryID, query: query).apply(to: sections)
  }
}
