/// Keeps the best match per item while an index scans, at most `capacity` items.
///
/// Entries order by their ``MatchGrade`` (``Entry/grade``): the key's rank stands for the item's
/// weight, length and position. Ranks put every search text before every alternate key, then each
/// attribute's values, then readings, so a key's field follows from its rank. An item seen again
/// through another key keeps its better entry.
struct TopResults {
  struct Entry {
    var kind: MatchKind
    var score: Int
    var rank: UInt32
    var key: UInt32
    var owner: UInt32
    /// Whether the key is an alternate key rather than the item's search text.
    var isAlternate: Bool
    /// Whether the key is a Latin reading (then it is an alternate key too).
    var isReading = false
    /// How many typos the match forgave, 255 standing for 255 or more (a words-mode query of many
    /// words sums its words' typos past it; callers convert with `UInt8(clamping:)`).
    var typos: UInt8 = 0
    /// The key's field in the order of the search's fields: smaller first (by default 0 for the
    /// search text, 1 for an alternate key; see ``ResultRestriction/alternateOrder``).
    var fieldRank: UInt16
    /// Whether the item satisfies the search's boost.
    var isBoosted = false
    /// What orders entries of tied fields between items: the rank of the owner's search text when
    /// the search ties fields (``ResultRestriction/itemRank``), else the key's rank.
    var itemRank: UInt32

    init(
      kind: MatchKind, score: Int, rank: UInt32, key: UInt32, owner: UInt32, isAlternate: Bool,
      isReading: Bool = false, typos: UInt8 = 0, fieldRank: UInt16? = nil, isBoosted: Bool = false,
      itemRank: UInt32? = nil
    ) {
      self.kind = kind
      self.score = score
      self.rank = rank
      self.key = key
      self.owner = owner
      self.isAlternate = isAlternate
      self.isReading = isReading
      self.typos = typos
      self.fieldRank = fieldRank ?? (isAlternate ? 1 : 0)
      self.isBoosted = isBoosted
      self.itemRank = itemRank ?? rank
    }

    /// How this entry ranks (``MatchGrade``): its ranks stand for weight, length and position.
    @inline(__always)
    var grade: MatchGrade {
      MatchGrade(
        typos: Int(typos), kind: kind, isReading: isReading, fieldRank: Int(fieldRank), score: score,
        isBoosted: isBoosted, itemRank: Int(itemRank), keyRank: Int(rank))
    }

    @inline(__always)
    func isBetter(than other: Entry) -> Bool { grade < other.grade }
  }

  /// `nil` keeps every item.
  let capacity: Int?
  /// Ranks below this belong to search texts, the others to alternate keys.
  let primaryCount: UInt32
  /// Ranks from this on belong to Latin readings (``IndexStorage/readingStart``).
  let readingStart: UInt32
  /// Where each searchable attribute's keys start among the ranks (``IndexStorage/attributeStarts``).
  let attributeStarts: [UInt32]
  /// Unbounded: one entry per item, in arrival order. Bounded: the best `capacity` entries of the
  /// last compaction (sorted, best first) followed by the entries added since, in arrival order.
  private(set) var entries: [Entry] = []
  /// Position of each owner in `entries`, for the unbounded case.
  private var positions: [UInt32: Int] = [:]
  /// Bounded and full at the last compaction: its worst kept entry. Only entries better than this
  /// can enter.
  private var threshold: Entry?

  /// Whether every item has one key, so an owner is never seen twice.
  let ownersAreUnique: Bool
  /// How many entries were offered to ``add(kind:score:rank:key:owner:)``, kept or not.
  private(set) var offered = 0

  /// The fewest buffered entries at which a bounded top-k compacts (or twice its capacity).
  static let compactionMinimum = 64

  /// The search's filter, fields, boost and `distinct`; `nil` for none.
  let restriction: ResultRestriction?

  init(
    capacity: Int?, primaryCount: UInt32 = .max, readingStart: UInt32 = .max, attributeStarts: [UInt32] = [],
    ownersAreUnique: Bool = false, restriction: ResultRestriction? = nil
  ) {
    self.capacity = capacity
    self.primaryCount = primaryCount
    self.readingStart = readingStart
    self.attributeStarts = attributeStarts
    self.ownersAreUnique = ownersAreUnique && restriction?.groups == nil
    self.restriction = restriction
    // Bounded by a few, the buffer compacts at ``compactionMinimum`` entries: one allocation of
    // that size, not one per doubling on the way. (Halving the minimum, not doubling the capacity:
    // a capacity of `Int.max` means "all".)
    if let capacity, capacity > 0, capacity <= Self.compactionMinimum / 2 {
      entries.reserveCapacity(Self.compactionMinimum)
    }
  }

  /// Whether an entry of this quality could still enter.
  @inline(__always)
  func accepts(kind: MatchKind, score: Int, rank: UInt32, typos: UInt8 = 0) -> Bool {
    guard let capacity else { return true }
    if capacity == 0 { return false }
    guard let threshold else { return true }
    let isAlternate = rank >= primaryCount
    return Entry(
      kind: kind, score: score, rank: rank, key: 0, owner: 0, isAlternate: isAlternate,
      isReading: rank >= readingStart, typos: typos, fieldRank: fieldRank(ofField: field(ofRank: rank))
    ).isBetter(than: threshold)
  }

  /// Whether any entry of `kind` (with `typos` typos) could still enter.
  @inline(__always)
  func acceptsAny(of kind: MatchKind, typos: UInt8 = 0) -> Bool {
    guard let capacity else { return true }
    if capacity == 0 { return false }
    guard let threshold else { return true }
    return MatchGrade.best(typos: Int(typos), kind: kind) < threshold.grade
  }

  /// Adds an entry. Bounded, this is amortized O(log k): entries collect in a buffer of up to 2k,
  /// which is then cut back to the best k (sorted), so a large k costs no more per entry than a heap.
  mutating func add(kind: MatchKind, score: Int, rank: UInt32, key: UInt32, owner: UInt32, typos: UInt8 = 0) {
    let isAlternate = rank >= primaryCount
    let field = field(ofRank: rank)
    var isBoosted = false
    var itemRank: UInt32? = nil
    if let restriction {
      guard restriction.admits(owner: owner, field: field) else { return }
      isBoosted = restriction.boosted?.contains(Int(owner)) ?? false
      itemRank = restriction.itemRank?(owner)
    }
    offered += 1
    let entry = Entry(
      kind: kind, score: score, rank: rank, key: key, owner: owner, isAlternate: isAlternate,
      isReading: rank >= readingStart, typos: typos, fieldRank: fieldRank(ofField: field),
      isBoosted: isBoosted, itemRank: itemRank)
    guard let capacity else {
      if ownersAreUnique {
        entries.append(entry)
      } else if let position = positions[group(of: owner)] {
        if entry.isBetter(than: entries[position]) { entries[position] = entry }
      } else {
        positions[group(of: owner)] = entries.count
        entries.append(entry)
      }
      return
    }
    guard capacity > 0 else { return }
    if let threshold, !entry.isBetter(than: threshold) { return }
    entries.append(entry)
    // A capacity past what memory can hold ("all", said with a huge number) never compacts early.
    let (double, overflow) = capacity.multipliedReportingOverflow(by: 2)
    if !overflow, entries.count >= max(double, Self.compactionMinimum) { compact() }
  }

  /// The field of the key of rank `rank` (``IndexStorage/field(ofRank:)``).
  @inline(__always)
  private func field(ofRank rank: UInt32) -> Int {
    IndexStorage.field(
      ofRank: rank, primaryCount: primaryCount, attributeStarts: attributeStarts, readingStart: readingStart)
  }

  /// The field rank of a key of field `field` (``Entry/fieldRank``).
  @inline(__always)
  private func fieldRank(ofField field: Int) -> UInt16 {
    restriction?.fieldRanks?[field] ?? UInt16(clamping: field)
  }

  /// What an entry for `owner` counts as one with: its `distinct` group, or the owner itself.
  @inline(__always)
  private func group(of owner: UInt32) -> UInt32 {
    restriction?.groups?[Int(owner)] ?? owner
  }

  /// The largest capacity whose compaction keeps one entry per item by scanning the entries kept
  /// (a suggestion list's few), not with a dictionary.
  static let smallCapacity = 16

  /// Cuts the buffer back to the best entry per item, at most `capacity` of them, best first.
  private mutating func compact() {
    guard let capacity else { return }
    if !ownersAreUnique && capacity > Self.smallCapacity {
      var best: [UInt32: Int] = [:]
      var unique: [Entry] = []
      unique.reserveCapacity(entries.count)
      for entry in entries {
        let group = group(of: entry.owner)
        if let position = best[group] {
          if entry.isBetter(than: unique[position]) { unique[position] = entry }
        } else {
          best[group] = unique.count
          unique.append(entry)
        }
      }
      entries = unique
    }
    entries.sort { $0.isBetter(than: $1) }
    if !ownersAreUnique && capacity <= Self.smallCapacity {
      // Best first: the first entry of each owner is its best. Scan the few kept for the owner
      // instead of keeping a dictionary, until `capacity` are kept.
      var kept = 0
      for index in entries.indices where kept < capacity {
        let group = group(of: entries[index].owner)
        if !entries[..<kept].contains(where: { self.group(of: $0.owner) == group }) {
          entries[kept] = entries[index]
          kept += 1
        }
      }
      entries.removeSubrange(kept...)
    }
    if entries.count > capacity { entries.removeSubrange(capacity...) }
    threshold = entries.count == capacity ? entries.last : nil
  }

  /// The entries best first.
  mutating func sorted() -> [Entry] {
    guard capacity != nil else {
      return Self.sortedByKeys(entries) ?? entries.sorted { $0.isBetter(than: $1) }
    }
    compact()
    return entries
  }

  /// `entries` best first, sorted as one 64-bit key each (``MatchGrade/packed``, whose order is the
  /// grades') instead of through ``Entry/isBetter(than:)`` on 40-byte entries, several times faster
  /// for the hundreds of thousands of matches of a filter over a big input. `nil` (sort them the
  /// other way) when there are few, when one does not fit its key (a score past 23 bits, more than 7
  /// typos, a boost, a field rank past 1, an item rank other than its key's rank) or when their ranks
  /// are too sparse to find an entry by its rank in an array of them.
  static func sortedByKeys(_ entries: [Entry]) -> [Entry]? {
    guard entries.count >= 256 else { return nil }
    var keys: [UInt64] = []
    keys.reserveCapacity(entries.count)
    var largestRank: UInt32 = 0
    for entry in entries {
      // The key ends with the item rank: it must be the key's rank, which finds the entry again.
      guard entry.itemRank == entry.rank, let key = entry.grade.packed else { return nil }
      keys.append(key)
      largestRank = max(largestRank, entry.rank)
    }
    guard Int(largestRank) < 4 * entries.count else { return nil }
    var entryOfRank = [UInt32](repeating: .max, count: Int(largestRank) + 1)
    for (index, entry) in entries.enumerated() {
      guard entryOfRank[Int(entry.rank)] == .max else { return nil }  // a rank twice: keys would tie
      entryOfRank[Int(entry.rank)] = UInt32(index)
    }
    radixSort(&keys)
    return keys.map { entries[Int(entryOfRank[Int(UInt32(truncatingIfNeeded: $0))])] }
  }

  /// Sorts `keys` ascending, a byte at a time from the lowest (a stable counting sort per byte),
  /// skipping the bytes that every key has alike: the keys of one search share most of theirs
  /// (kinds, scores, the high bytes of ranks), so a sort takes two or three passes.
  static func radixSort(_ keys: inout [UInt64]) {
    guard keys.count > 1 else { return }
    let varying = keys.reduce(0 as UInt64) { $0 | $1 } ^ keys.reduce(UInt64.max) { $0 & $1 }
    var other = keys
    var counts = [Int](repeating: 0, count: 256)
    for shift in stride(from: 0 as UInt64, to: 64, by: 8) where (varying >> shift) & 0xFF != 0 {
      for index in counts.indices { counts[index] = 0 }
      for key in keys { counts[Int((key >> shift) & 0xFF)] += 1 }
      var total = 0
      for index in counts.indices { (counts[index], total) = (total, total + counts[index]) }
      for key in keys {
        let digit = Int((key >> shift) & 0xFF)
        other[counts[digit]] = key
        counts[digit] += 1
      }
      swap(&keys, &other)
    }
  }
}
