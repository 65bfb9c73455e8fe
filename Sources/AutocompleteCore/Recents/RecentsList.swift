import Foundation

/// The rules every ``RecentsStore`` applies to one field's entries: a pick is recorded once per id
/// (a re-pick counts again, takes the new texts and moves to the front), the list is newest first,
/// at most `capacity` long, and counts are aged as ``FrecencyRanking/aged(_:)`` says.
public struct RecentsList: Sendable, Hashable {
  /// The entries, most recently used first.
  public private(set) var entries: [RecentEntry]
  /// The most entries kept.
  public var capacity: Int
  /// The ranking whose aging keeps counts bounded.
  public var ranking: FrecencyRanking

  /// Creates a list from stored entries (put in order and capped).
  public init(_ entries: [RecentEntry] = [], capacity: Int = 50, ranking: FrecencyRanking = FrecencyRanking())
  {
    self.capacity = max(0, capacity)
    self.ranking = ranking
    var seen = Set<String>()
    self.entries = entries.sorted { $0.lastUsed > $1.lastUsed }.filter { seen.insert($0.id).inserted }
    if self.entries.count > self.capacity { self.entries.removeSubrange(self.capacity...) }
  }

  /// Records a pick of `entry` (its count added to an existing entry with the same id).
  public mutating func record(_ entry: RecentEntry) {
    var entry = entry
    if let index = entries.firstIndex(where: { $0.id == entry.id }) {
      entry.useCount += entries[index].useCount
      entries.remove(at: index)
    }
    entries.insert(entry, at: 0)
    entries = ranking.aged(entries)
    if entries.count > capacity { entries.removeSubrange(capacity...) }
  }

  /// Removes the entry with `id`.
  public mutating func remove(id: String) {
    entries.removeAll { $0.id == id }
  }

  /// Removes every entry.
  public mutating func removeAll() {
    entries.removeAll()
  }
}
