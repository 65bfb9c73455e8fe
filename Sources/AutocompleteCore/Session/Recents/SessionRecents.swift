import Foundation

/// A field's remembered picks, for ``SessionConfiguration/recents``.
///
/// ```swift
/// let recents = SessionRecents(store: JSONFileRecentsStore(url: file), field: "city")
/// let session = AutocompleteSession(
///   configuration: SessionConfiguration(sources: [IndexSource(index)], recents: recents))
/// ```
///
/// Every pick in the field is recorded (one entry per ``entryID`` — the row's id by default; a
/// re-pick moves it to the front and counts again). When the empty field gets the focus, a "Recent"
/// section lists them by ``FrecencyRanking``; while typing, those that match come first in their own
/// section, or rise among the sources' rows (``whileTyping``). Rows have ``Suggestion/isRecent``;
/// remove one with ``AutocompleteSession/removeRecent(_:)``. A store that fails is reported as
/// ``SessionOutput/recentsFailed(_:)``, never failing a pick or a search.
public struct SessionRecents: Sendable {
  /// Where matching recents go while typing.
  public enum Placement: Sendable, Hashable {
    /// In a section of their own before the sources' rows (``title``, at most ``maximumCount``);
    /// the same rows are not repeated below.
    case section
    /// Among the sources' rows, as a boost over their ranking: a row that is a remembered pick
    /// moves up past the rows that match no better than it does (the same match kind, with or
    /// without typos; for an empty query, every row), most frecent first. An exact match is never
    /// pushed below a recent fuzzy one. Every answer of the field is boosted, the empty query's
    /// too, and the rows are marked ``Suggestion/isRecent``.
    case boost
    /// Not shown while typing.
    case hidden
  }

  /// Where the picks are kept.
  public var store: any RecentsStore
  /// The field's key in the store.
  public var field: String
  /// The section's title.
  public var title: String?
  /// Whether the empty field shows its recents in a section when it gets the focus.
  public var showsOnFocus: Bool
  /// Where matching recents go while typing: ``Placement/section`` by default.
  public var whileTyping: Placement
  /// The most recent rows a section shows.
  public var maximumCount: Int
  /// How recents are ordered.
  public var ranking: FrecencyRanking
  /// The id a row is remembered by: by default the row's own id. Give another when row ids are
  /// not stable (`autocomplete pick` keys lines by their text: its rows' ids are line numbers);
  /// `nil` leaves a row unremembered. Boosting and ``AutocompleteSession/removeRecent(_:)`` find a
  /// row's entry by it too.
  public var entryID: @Sendable (Suggestion) -> String?
  /// The time (tests inject a fixed clock).
  public var now: @Sendable () -> Date

  /// Creates the recents of `field` in `store`.
  public init(
    store: any RecentsStore, field: String, title: String? = "Recent", showsOnFocus: Bool = true,
    whileTyping: Placement = .section, maximumCount: Int = 5, ranking: FrecencyRanking = FrecencyRanking(),
    entryID: @escaping @Sendable (Suggestion) -> String? = { $0.id },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.store = store
    self.field = field
    self.title = title
    self.showsOnFocus = showsOnFocus
    self.whileTyping = whileTyping
    self.maximumCount = maximumCount
    self.ranking = ranking
    self.entryID = entryID
    self.now = now
  }

  /// Records a pick now under its ``entryID`` (nothing for a row without one).
  /// - Throws: The store's error; the session reports it as ``SessionOutput/recentsFailed(_:)``.
  public func remember(_ suggestion: Suggestion) throws {
    guard let id = entryID(suggestion) else { return }
    var entry = RecentEntry(suggestion, at: now())
    entry.id = id
    try store.record(entry, for: field)
  }

  /// The field's entries, best by frecency first.
  /// - Throws: The store's error.
  public func entries() throws -> [RecentEntry] {
    ranking.ordered(try store.entries(for: field), now: now())
  }

  /// The recent rows for `query`, read from the store: see ``rows(for:from:)``.
  /// - Throws: The store's error.
  public func rows(for query: SuggestionQuery) throws -> [Suggestion] {
    rows(for: query, from: try entries())
  }

  /// The rows of `entries` (in their order) for `query`: all of them for an empty query, else those
  /// the core matches (with highlights), at most ``maximumCount``.
  public func rows(for query: SuggestionQuery, from entries: [RecentEntry]) -> [Suggestion] {
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
/// The session hands it the entries it read for the request (`entries`), so the store is read once
/// per request and its failure reported; without them it reads the store itself (a failure: no rows).
struct RecentsSource: SuggestionSource {
  let recents: SessionRecents
  var entries: [RecentEntry]?

  init(_ recents: SessionRecents, entries: [RecentEntry]? = nil) {
    self.recents = recents
    self.entries = entries
  }

  var title: String? { recents.title }
  var isCacheable: Bool { false }

  func immediateSuggestions(for query: SuggestionQuery) -> [Suggestion]? {
    rows(for: query)
  }

  func suggestions(for query: SuggestionQuery) async throws -> [Suggestion] {
    rows(for: query)
  }

  private func rows(for query: SuggestionQuery) -> [Suggestion] {
    guard let entries = entries ?? (try? recents.entries()) else { return [] }
    return recents.rows(for: query, from: entries)
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
