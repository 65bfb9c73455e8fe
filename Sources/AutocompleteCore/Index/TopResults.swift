/// Keeps the best match per item while an index scans, at most `capacity` items.
///
/// Entries order by kind, then search text before alternate key, then fuzzy score (higher first),
/// then the key's rank (which encodes the ranking's tie-breakers). Ranks put every search text
/// before every alternate key, so a key is an alternate exactly when its rank is at least
/// `primaryCount`. An item seen again through another key keeps its better entry.
struct TopResults {
  struct Entry {
    var kind: MatchKind
    var score: Int
    var rank: UInt32
    var key: UInt32
    var owner: UInt32
    /// Whether the key is an alternate key rather than the item's search text.
    var isAlternate: Bool

    @inline(__always)
    func isBetter(than other: Entry) -> Bool {
      if kind != other.kind { return kind < other.kind }
      if isAlternate != other.isAlternate { return !isAlternate }
      if score != other.score { return score > other.score }
      return rank < other.rank
    }
  }

  /// `nil` keeps every item.
  let capacity: Int?
  /// Ranks below this belong to search texts, the others to alternate keys.
  let primaryCount: UInt32
  /// Sorted best first when bounded; in arrival order when unbounded.
  private(set) var entries: [Entry] = []
  /// Position of each owner in `entries`, for the unbounded case.
  private var positions: [UInt32: Int] = [:]

  /// Whether every item has one key, so an owner is never seen twice.
  let ownersAreUnique: Bool

  init(capacity: Int?, primaryCount: UInt32 = .max, ownersAreUnique: Bool = false) {
    self.capacity = capacity
    self.primaryCount = primaryCount
    self.ownersAreUnique = ownersAreUnique
  }

  var isFull: Bool {
    guard let capacity else { return false }
    return entries.count >= capacity
  }

  /// Whether an entry of this quality could still enter.
  @inline(__always)
  func accepts(kind: MatchKind, score: Int, rank: UInt32) -> Bool {
    guard let capacity else { return true }
    if capacity == 0 { return false }
    guard entries.count >= capacity, let worst = entries.last else { return true }
    return Entry(kind: kind, score: score, rank: rank, key: 0, owner: 0, isAlternate: rank >= primaryCount)
      .isBetter(than: worst)
  }

  /// Whether any entry of `kind` could still enter.
  @inline(__always)
  func acceptsAny(of kind: MatchKind) -> Bool {
    guard let capacity else { return true }
    if capacity == 0 { return false }
    guard entries.count >= capacity, let worst = entries.last else { return true }
    return kind <= worst.kind
  }

  mutating func add(kind: MatchKind, score: Int, rank: UInt32, key: UInt32, owner: UInt32) {
    let entry = Entry(
      kind: kind, score: score, rank: rank, key: key, owner: owner, isAlternate: rank >= primaryCount)
    guard let capacity else {
      if ownersAreUnique {
        entries.append(entry)
      } else if let position = positions[owner] {
        if entry.isBetter(than: entries[position]) { entries[position] = entry }
      } else {
        positions[owner] = entries.count
        entries.append(entry)
      }
      return
    }
    guard capacity > 0 else { return }
    if entries.count >= capacity, let worst = entries.last, !entry.isBetter(than: worst) { return }
    if !ownersAreUnique, let existing = entries.firstIndex(where: { $0.owner == owner }) {
      guard entry.isBetter(than: entries[existing]) else { return }
      entries.remove(at: existing)
    } else if entries.count >= capacity {
      guard let worst = entries.last, entry.isBetter(than: worst) else { return }
      entries.removeLast()
    }
    var index = entries.count
    while index > 0 && entry.isBetter(than: entries[index - 1]) { index -= 1 }
    entries.insert(entry, at: index)
  }

  /// The entries best first.
  func sorted() -> [Entry] {
    capacity == nil ? entries.sorted { $0.isBetter(than: $1) } : entries
  }
}
