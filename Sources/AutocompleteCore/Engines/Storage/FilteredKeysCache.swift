import Foundation

/// Per filter, how many items it keeps and the keys of those items in one ``IndexStorage``: what a
/// search under a filter that keeps few items reads instead of every key
/// (`StorageSearch.filteredCandidates`).
///
/// Listing the keys walks the whole mask (a million items: 15,625 words) and binary-searches each
/// kept owner; counting the kept items reads the mask once too. Both cost more than the keystroke
/// they serve when the filter keeps a few hundred items, so they are made once per filter and kept
/// for the following keystrokes.
///
/// - Keyed by the filter *and* the mask's storage: an entry is reused only for an equal filter whose
///   mask is the very same buffer (the entry retains it, so its address cannot be reused by another
///   mask while the entry lives). A changed filter misses; so does an attribute table that evaluated
///   the filter again (its cache evicted the mask, or it is another table), which then lists the keys
///   again. The keys belong to the storage the cache was made with: one cache per storage (a
///   ``SearchIndex`` and its scoped views, which share their storage), dropped with it.
/// - Memory: at most ``capacity`` entries, the least recently used dropped first. Keys are listed
///   only for filters that keep at most an eighth of the items, so an entry holds at most an eighth
///   of the keys (4 bytes each) besides the mask it shares with the attribute table.
/// - Thread safety: a lock guards the entries; keys are listed outside it (two searches may list the
///   same filter's keys at once; both lists are equal and the last is kept).
final class FilteredKeysCache: @unchecked Sendable {
  /// What is kept of one filter.
  private struct Entry {
    let filter: AttributeFilter
    /// The filter's mask, retained so that its buffer identifies it.
    let mask: ItemMask
    let setCount: Int
    var keys: [UInt32]?
  }

  /// The most filters kept.
  let capacity: Int
  private let lock = NSLock()
  /// Most recently used first.
  private var entries: [Entry] = []

  /// An empty cache of at most `capacity` filters.
  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  /// How many items `mask`, the mask of `filter`, keeps.
  func setCount(of filter: AttributeFilter, mask: ItemMask) -> Int {
    if let count = lock.withLock({ touch(filter, mask: mask).map { entries[$0].setCount } }) { return count }
    let count = mask.setCount
    lock.withLock {
      if touch(filter, mask: mask) == nil { insert(Entry(filter: filter, mask: mask, setCount: count)) }
    }
    return count
  }

  /// The keys of the items `mask` (the mask of `filter`) keeps, listed by `list` the first time.
  func keys(of filter: AttributeFilter, mask: ItemMask, list: () -> [UInt32]) -> [UInt32] {
    if let keys = lock.withLock({ touch(filter, mask: mask).flatMap { entries[$0].keys } }) { return keys }
    let keys = list()
    lock.withLock {
      if let position = touch(filter, mask: mask) {
        entries[position].keys = keys
      } else {
        insert(Entry(filter: filter, mask: mask, setCount: mask.setCount, keys: keys))
      }
    }
    return keys
  }

  /// How many filters are kept (for tests).
  var count: Int { lock.withLock { entries.count } }

  /// Moves the entry of `filter` and `mask` to the front and returns its position (0); `nil` when
  /// there is none. Call with the lock held.
  private func touch(_ filter: AttributeFilter, mask: ItemMask) -> Int? {
    guard
      let position = entries.firstIndex(where: {
        $0.mask.count == mask.count && $0.mask.words.isSameBuffer(as: mask.words) && $0.filter == filter
      })
    else { return nil }
    if position != 0 { entries.insert(entries.remove(at: position), at: 0) }
    return 0
  }

  /// Adds `entry` at the front, dropping an older one of the same filter and the least recently used
  /// past ``capacity``. Call with the lock held.
  private func insert(_ entry: Entry) {
    entries.removeAll { $0.filter == entry.filter }
    entries.insert(entry, at: 0)
    if entries.count > capacity { entries.removeLast(entries.count - capacity) }
  }
}

extension Array where Element == UInt64 {
  /// Whether both arrays share one buffer (one is a copy of the other, neither changed since).
  func isSameBuffer(as other: [UInt64]) -> Bool {
    withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
  }
}
