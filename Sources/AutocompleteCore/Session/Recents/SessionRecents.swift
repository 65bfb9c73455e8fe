import Foundation

/// A field's remembered picks, for ``SessionConfiguration/recents``.
///
/// ```swift
/// let recents = SessionRecents(store: JSONFileRecentsStore(url: file), field: "city")
/// let session = AutocompleteSession(
///   configuration: SessionConfiguration(sources: [IndexSource(index)], recents: recents))
/// ```
///
/// Every pick in the field is recorded (one entry per row id, a re-pick moves it to the front and
/// counts again). When the empty field gets the focus, a "Recent" section lists them by
/// ``FrecencyRanking``; while typing, those that match come first in their own section, and the
/// same rows are not repeated below. Rows have ``Suggestion/isRecent``; remove one with
/// ``AutocompleteSession/removeRecent(id:)``.
public struct SessionRecents: Sendable {
  /// Where the picks are kept.
  public var store: any RecentsStore
  /// The field's key in the store.
  public var field: String
  /// The section's title.
  public var title: String?
  /// Whether the empty field shows its recents when it gets the focus.
  public var showsOnFocus: Bool
  /// Whether matching recents come first while typing.
  public var showsWhileTyping: Bool
  /// The most recent rows shown.
  public var maximumCount: Int
  /// How recents are ordered.
  public var ranking: FrecencyRanking
  /// The time (tests inject a fixed clock).
  public var now: @Sendable () -> Date

  /// Creates the recents of `field` in `store`.
  public init(
    store: any RecentsStore, field: String, title: String? = "Recent", showsOnFocus: Bool = true,
    showsWhileTyping: Bool = true, maximumCount: Int = 5, ranking: FrecencyRanking = FrecencyRanking(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.field = field
    self.title = title
    self.showsOnFocus = showsOnFocus
    self.showsWhileTyping = showsWhileTyping
    self.maximumCount = maximumCount
    self.ranking = ranking
    self.now = now
  }

  /// Records a pick now (a store that cannot be written leaves the pick unremembered, never
  /// failing the pick).
  public func remember(_ suggestion: Suggestion) {
    try? store.record(RecentEntry(suggestion, at: now()), for: field)
  }

  /// The recent rows for `query`: all of them for an empty query, else those the core matches
  /// (with highlights), best by frecency first, at most ``maximumCount``. An unreadable store shows
  /// none.
  public func rows(for query: SuggestionQuery) -> [Suggestion] {
    let entries = ranking.ordered((try? store.entries(for: field)) ?? [], now: now())
    var rows: [Suggestion] = []
    let prepared = query.prepared
    for entry in entries where rows.count < maximumCount {
      var row = entry.suggestion
      if !query.text.isEmpty {
        guard let match = prepared.match(entry.displayText) ?? prepared.match(entry.completionText) else {
          continue
        }
        if match.matchedText == entry.displayText { row.highlights = match.ranges }
        row.typos = match.typos
      }
      rows.append(row)
    }
    return rows
  }
}

/// The recents as a source: the first section of a field with ``SessionConfiguration/recents``.
struct RecentsSource: SuggestionSource {
  let recents: SessionRecents

  init(_ recents: SessionRecents) {
    self.recents = recents
  }

  var title: String? { recents.title }
  var isCacheable: Bool { false }

  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    recents.rows(for: query)
  }

  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    recents.rows(for: query)
  }
}

/// Rows that a recents section already shows (the same id, or the same completion text) are not
/// repeated in the sections after it.
enum RecentsDeduplication {
  static func removeRepeats(from sections: inout [SuggestionSection]) {
    let recent = sections.flatMap { $0.suggestions.filter(\.isRecent) }
    guard !recent.isEmpty else { return }
    let ids = Set(recent.map(\.id))
    let completions = Set(recent.map(\.completionText))
    sections = sections.compactMap { section in
      var section = section
      section.suggestions.removeAll {
        !$0.isRecent && (ids.contains($0.id) || completions.contains($0.completionText))
      }
      return section.suggestions.isEmpty ? nil : section
    }
  }
}
