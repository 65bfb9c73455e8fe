import Foundation

/// Ranks remembered picks by how often *and* how recently they were used ("frecency").
///
/// The formula is zoxide's: a use count multiplied by a weight for the time since the last use —
/// ×4 within the hour, ×2 within the day, ×½ within the week, ×¼ after that — and, when the counts
/// of a field add up to more than ``maximumTotal``, every count is scaled down so they add up to
/// 90% of it and entries left below 1 are forgotten ("aging"). Why this one rather than Firefox's:
/// Firefox's frecency needs the time of each of the last ten visits and visit types (typed, link,
/// bookmark) that a pick does not have; zoxide's needs one count and one date per entry, is
/// explainable in one sentence, and its aging bounds both the file and how long an old favourite
/// outranks a new habit. Deterministic: the time is always passed in.
public struct FrecencyRanking: Sendable, Hashable {
  /// The total of the counts above which they are aged.
  public var maximumTotal: Double

  /// Creates a ranking.
  public init(maximumTotal: Double = 1000) {
    self.maximumTotal = max(1, maximumTotal)
  }

  /// The weight of a use `age` seconds ago.
  public static func weight(age: TimeInterval) -> Double {
    switch age {
    case ..<3600: 4
    case ..<86_400: 2
    case ..<604_800: 0.5
    default: 0.25
    }
  }

  /// The frecency of `entry` at `now`.
  public func score(_ entry: RecentEntry, now: Date) -> Double {
    entry.useCount * Self.weight(age: max(0, now.timeIntervalSince(entry.lastUsed)))
  }

  /// `entries` best first: by score, then the most recent, then by id (so ties never reorder at
  /// random).
  public func ordered(_ entries: [RecentEntry], now: Date) -> [RecentEntry] {
    entries.map { (entry: $0, score: score($0, now: now)) }.sorted { lhs, rhs in
      if lhs.score != rhs.score { return lhs.score > rhs.score }
      if lhs.entry.lastUsed != rhs.entry.lastUsed { return lhs.entry.lastUsed > rhs.entry.lastUsed }
      return lhs.entry.id < rhs.entry.id
    }.map(\.entry)
  }

  /// `entries` with their counts scaled to 90% of ``maximumTotal`` when they add up to more, and
  /// those left below 1 dropped; unchanged otherwise.
  public func aged(_ entries: [RecentEntry]) -> [RecentEntry] {
    let total = entries.reduce(0) { $0 + $1.useCount }
    guard total > maximumTotal else { return entries }
    let factor = 0.9 * maximumTotal / total
    return entries.compactMap { entry in
      var entry = entry
      entry.useCount *= factor
      return entry.useCount >= 1 ? entry : nil
    }
  }
}
