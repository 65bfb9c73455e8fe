/// Lookups over ``IndexStorage``: sorted ranges for prefix, exact and suffix; top k within a range
/// by block minima; and scans of the folded buffer for contains, words and fuzzy.
extension IndexStorage {
  /// How often scans check for cancellation, in keys.
  static let cancellationStride = 8192

  // MARK: Sorted ranges

  /// Positions of ``forward`` whose keys start with `query`.
  func forwardRange(of query: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>
  {
    let base = buffer.baseAddress!
    func order(_ position: Int) -> Int32 {  // key truncated to the query's length vs the query
      let key = forward[position]
      let range = keyRange(Int(key))
      let common = min(range.count, query.count)
      if common > 0, let q = query.baseAddress {
        let c = memcmpOrder(base + range.lowerBound, q, common)
        if c != 0 { return c }
      }
      return range.count < query.count ? -1 : 0
    }
    return equalRange(count: forward.count, order: order)
  }

  /// Positions of ``backward`` whose keys end with `query`.
  func backwardRange(of query: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<
    Int
  > {
    func order(_ position: Int) -> Int32 {
      let range = keyRange(Int(backward[position]))
      var i = range.upperBound - 1
      var j = query.count - 1
      while i >= range.lowerBound && j >= 0 {
        let (x, y) = (buffer[i], query[j])
        if x != y { return x < y ? -1 : 1 }
        i -= 1
        j -= 1
      }
      return j >= 0 ? -1 : 0
    }
    return equalRange(count: backward.count, order: order)
  }

  /// The range of positions where `order` is zero, given it is negative, then zero, then positive.
  private func equalRange(count: Int, order: (Int) -> Int32) -> Range<Int> {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if order(middle) < 0 { low = middle + 1 } else { high = middle }
    }
    let lower = low
    high = count
    while low < high {
      let middle = (low + high) / 2
      if order(middle) <= 0 { low = middle + 1 } else { high = middle }
    }
    return lower..<low
  }

  // MARK: Top k in a sorted range

  /// Offers every key at `range` of `order` to `results`, smallest ranks first, and stops
  /// as soon as no key left could enter. `classify` gives a key's kind or `nil` to skip it;
  /// `bestKind` is the best kind it can return (for pruning).
  func collectSmallest(
    in range: Range<Int>, of order: [UInt32], minima: [UInt32], bestKind: MatchKind,
    into results: inout TopResults, classify: (UInt32) -> MatchKind?
  ) throws {
    let blockSize = Self.blockSize
    func scan(_ positions: Range<Int>) {
      for position in positions {
        let key = order[position]
        if let kind = classify(key) {
          results.add(kind: kind, score: 0, rank: ranks[Int(key)], key: key, owner: owners[Int(key)])
        }
      }
    }
    if results.capacity == nil || range.count <= blockSize * 16 {
      var start = range.lowerBound
      while start < range.upperBound {
        let end = min(start + Self.cancellationStride, range.upperBound)
        scan(start..<end)
        start = end
        if Task.isCancelled { throw CancellationError() }
      }
      return
    }
    let firstBlock = (range.lowerBound + blockSize - 1) / blockSize
    let lastBlock = range.upperBound / blockSize  // exclusive
    scan(range.lowerBound..<min(firstBlock * blockSize, range.upperBound))
    if lastBlock > firstBlock {
      scan(max(lastBlock * blockSize, range.lowerBound)..<range.upperBound)
    } else {
      scan(max(firstBlock * blockSize, range.lowerBound)..<range.upperBound)
      return
    }
    var heap = MinHeap(capacity: lastBlock - firstBlock)
    for block in firstBlock..<lastBlock {
      heap.push(UInt64(minima[block]) << 32 | UInt64(block))
    }
    var visited = 0
    while let top = heap.pop() {
      let smallest = UInt32(truncatingIfNeeded: top >> 32)
      guard results.accepts(kind: bestKind, score: 0, rank: smallest) else { break }
      let block = Int(UInt32(truncatingIfNeeded: top))
      scan((block * blockSize)..<((block + 1) * blockSize))
      visited += 1
      if visited % 128 == 0, Task.isCancelled { throw CancellationError() }
    }
  }

  // MARK: Scans

  /// Calls `visit` with every key (all of them, or `candidates`) that contains `needle`, in key
  /// order, using one `memchr`-driven pass over the buffer when there are no candidates.
  func forEachKey(
    containing needle: UnsafeBufferPointer<UInt8>, candidates: [UInt32]?, buffer: UnsafeBufferPointer<UInt8>,
    _ visit: (UInt32, UnsafeBufferPointer<UInt8>) -> Void
  ) throws {
    if let candidates {
      for (count, key) in candidates.enumerated() {
        if count % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        let slice = UnsafeBufferPointer(rebasing: buffer[keyRange(Int(key))])
        if needle.isEmpty || ByteSearch.firstIndex(of: needle, in: slice) != nil { visit(key, slice) }
      }
      return
    }
    if needle.isEmpty {
      for key in 0..<keyCount {
        if key % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]))
      }
      return
    }
    var position = 0
    var key = 0
    var hits = 0
    while let hit = ByteSearch.firstIndex(of: needle, in: buffer, from: position) {
      // Find the key holding the hit: walk, or binary search when far.
      if Int(starts[min(key + 64, keyCount)]) <= hit {
        var low = key
        var high = keyCount
        while low < high {
          let middle = (low + high) / 2
          if Int(starts[middle + 1]) <= hit { low = middle + 1 } else { high = middle }
        }
        key = low
      } else {
        while Int(starts[key + 1]) <= hit { key += 1 }
      }
      visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]))
      position = Int(starts[key + 1])
      key += 1
      hits += 1
      if hits % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
    }
  }

  /// Calls `visit` with every key (all, or `candidates`) of which `query` is a subsequence.
  func forEachKey(
    havingSubsequence query: UnsafeBufferPointer<UInt8>, candidates: [UInt32]?,
    buffer: UnsafeBufferPointer<UInt8>, _ visit: (UInt32, UnsafeBufferPointer<UInt8>) -> Void
  ) throws {
    if let candidates {
      for (count, key) in candidates.enumerated() {
        if count % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        let slice = UnsafeBufferPointer(rebasing: buffer[keyRange(Int(key))])
        if FuzzyScorer.isSubsequence(query, of: slice) { visit(key, slice) }
      }
      return
    }
    let m = query.count
    guard m > 0 else {
      return try forEachKey(containing: query, candidates: nil, buffer: buffer, visit)
    }
    let separator = Self.separator
    var key = 0
    var q = 0
    var wanted = query[0]
    var index = 0
    let end = buffer.count
    while index < end {
      let byte = buffer[index]
      if byte == wanted {
        q += 1
        if q == m {
          visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]))
          index = Int(starts[key + 1])
          key += 1
          q = 0
          wanted = query[0]
          if key % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
          continue
        }
        wanted = query[q]
      } else if byte == separator {
        key += 1
        q = 0
        wanted = query[0]
        if key % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
      }
      index += 1
    }
  }
}

/// A binary min-heap of packed `UInt64`s.
struct MinHeap {
  private var storage: [UInt64] = []

  init(capacity: Int) { storage.reserveCapacity(capacity) }

  mutating func push(_ value: UInt64) {
    storage.append(value)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[child] < storage[parent] else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> UInt64? {
    guard let first = storage.first else { return nil }
    let last = storage.removeLast()
    if !storage.isEmpty {
      storage[0] = last
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < storage.count && storage[left] < storage[smallest] { smallest = left }
        if right < storage.count && storage[right] < storage[smallest] { smallest = right }
        if smallest == parent { break }
        storage.swapAt(parent, smallest)
        parent = smallest
      }
    }
    return first
  }
}
