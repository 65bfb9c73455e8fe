import AutocompleteCore
import Foundation

/// The number of matches of recent queries, written by searches (off the main actor) and read when a
/// frame is drawn, so that the status line shows the real total beside the rows shown.
final class MatchTotals: @unchecked Sendable {
  /// Guards ``totals``.
  private let lock = NSLock()
  /// Totals by query text and options; a few recent ones.
  private var totals: [SuggestionQuery: Int] = [:]

  /// Records the total of `query`.
  func record(_ total: Int, for query: SuggestionQuery) {
    lock.lock()
    defer { lock.unlock() }
    if totals.count > 64 { totals.removeAll() }
    totals[query] = total
  }

  /// The total of `query`, if it was searched.
  func total(for query: SuggestionQuery) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    return totals[query]
  }
}
