import AutocompleteCore
import Foundation

/// The last few answers that held every match of their query, so that a longer query with the
/// same options is answered by filtering them, without asking the server again ("sa" was complete:
/// "sao" filters it). Shared by the copies of a source (sources are values; this is a reference).
final class CompleteAnswers: @unchecked Sendable {
  private struct Entry {
    var folded: String
    var options: SearchOptions
    var items: [RemoteItem]
  }

  private let lock = NSLock()
  private var entries: [Entry] = []
  private let capacity = 8

  /// The items of a complete answer to a query that `query` extends (same options but the limit;
  /// its folded text a prefix of this one), filtered to those the engine matches for `query`.
  func narrowed(for query: SuggestionQuery) -> [RemoteItem]? {
    let folded = Self.folded(query)
    let options = Self.key(query.options)
    let entry: Entry? = lock.withLock {
      entries.last { $0.options == options && folded.hasPrefix($0.folded) }
    }
    guard let entry else { return nil }
    let prepared = query.prepared
    return entry.items.filter { $0.match(prepared) != nil }
  }

  /// Keeps `items` as the complete answer to `query`.
  func store(_ items: [RemoteItem], for query: SuggestionQuery) {
    let entry = Entry(folded: Self.folded(query), options: Self.key(query.options), items: items)
    lock.withLock {
      entries.removeAll { $0.folded == entry.folded && $0.options == entry.options }
      entries.append(entry)
      if entries.count > capacity { entries.removeFirst() }
    }
  }

  static func folded(_ query: SuggestionQuery) -> String {
    TextFolder(isCaseSensitive: query.options.isCaseSensitive).fold(query.text)
  }

  /// The options an answer depends on: all but the limit (a complete answer has every item).
  static func key(_ options: SearchOptions) -> SearchOptions {
    var options = options
    options.maximumCount = nil
    options.includesHighlightRanges = true
    return options
  }
}
