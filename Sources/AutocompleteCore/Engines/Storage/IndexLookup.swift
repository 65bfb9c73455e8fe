/// Lookups over ``IndexStorage``: sorted ranges for prefix, exact and suffix; top k within a range
/// by block minima; and scans of the folded buffer for contains, words and fuzzy.
extension IndexStorage {
  /// How often scans check for cancellation, in keys.
  static let cancellationStride = 8192

  // MARK: Sorted ranges

  /// Positions of ``forward`` whose keys start with `query`: with a ``trie``, the node of its first
  /// bytes (``SortedKeyTrie/positions(startingWith:)``), then a binary search within it for the rest.
  func forwardRange(of query: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>
  {
    var within = 0..<forward.count
    if let trie {
      let (node, depth) = trie.positions(startingWith: query)
      if node.isEmpty || depth == query.count { return node }
      within = node
    }
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
    return equalRange(within, order: order)
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
    return equalRange(0..<backward.count, order: order)
  }

  /// The range of positions in `positions` where `order` is zero, given it is negative, then zero,
  /// then positive.
  private func equalRange(_ positions: Range<Int>, order: (Int) -> Int32) -> Range<Int> {
    var low = positions.lowerBound
    var high = positions.upperBound
    while low < high {
      let middle = (low + high) / 2
      if order(middle) < 0 { low = middle + 1 } else { high = middle }
    }
    let lower = low
    high = positions.upperBound
    while low < high {
      let middle = (low + high) / 2
      if order(middle) <= 0 { low = middle + 1 } else { high = middle }
    }
    return lower..<low
  }

  // MARK: Top k in a sorted range

  /// Offers every key at `range` of `order` to `results`, smallest ranks first, and stops
  /// as soon as no key left could enter. `classify` gives a key's kind or `nil` to skip it;
  /// `bestKind` is the best kind it can return (for pruning); every key counts `typos` typos.
  func collectSmallest(
    in range: Range<Int>, of order: Column<UInt32>, minima: Column<UInt32>, bestKind: MatchKind,
    typos: UInt8 = 0,
    into results: inout TopResults, classify: (UInt32) -> MatchKind?
  ) throws {
    let blockSize = Self.blockSize
    // A filter is checked before the key is read: a filter that keeps few of a long range's keys
    // then costs a bit test per key, not a read of each key's bytes.
    let allowed = results.restriction?.allowed
    func scan(_ positions: Range<Int>) {
      for position in positions {
        let key = order[position]
        let owner = owner(Int(key))
        if let allowed, !allowed.contains(Int(owner)) { continue }
        if let kind = classify(key) {
          results.add(kind: kind, score: 0, rank: ranks[Int(key)], key: key, owner: owner, typos: typos)
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
      guard results.accepts(kind: bestKind, score: 0, rank: smallest, typos: typos) else { break }
      let block = Int(UInt32(truncatingIfNeeded: top))
      scan((block * blockSize)..<((block + 1) * blockSize))
      visited += 1
      if visited % 128 == 0, Task.isCancelled { throw CancellationError() }
    }
  }

  // MARK: Scans

  /// Calls `visit` with every key (all of them, or `candidates`) that contains `needle`, in key
  /// order, with the key's bytes and where in them the needle first occurs. Without candidates
  /// this is one `memchr`-driven pass over the whole buffer.
  func forEachKey(
    containing needle: UnsafeBufferPointer<UInt8>, candidates: [UInt32]?, buffer: UnsafeBufferPointer<UInt8>,
    _ visit: (UInt32, UnsafeBufferPointer<UInt8>, Int) -> Void
  ) throws {
    let kmp = needle.count > ByteSearch.shortNeedleLength ? KMPSearch(needle) : nil
    if let candidates {
      for (count, key) in candidates.enumerated() {
        if count % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        let slice = UnsafeBufferPointer(rebasing: buffer[keyRange(Int(key))])
        let hit = kmp.map { $0.firstIndex(in: slice) } ?? ByteSearch.firstIndex(of: needle, in: slice)
        if let hit { visit(key, slice, hit) }
      }
      return
    }
    if let kmp {
      // A long needle: one KMP pass over the buffer (a match never spans keys: the separator is not
      // UTF-8), restarted at the next key after each hit.
      var position = 0
      var key = 0
      var visited = 0
      while let start = kmp.firstIndex(in: buffer, from: position) {
        key = self.key(containing: start, from: key)
        visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]), start - Int(starts[key]))
        position = Int(starts[key + 1])
        key += 1
        visited += 1
        if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
      }
      return
    }
    if needle.isEmpty {
      for key in 0..<keyCount {
        if key % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
        visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]), 0)
      }
      return
    }
    // Jump between occurrences of the needle's rarest byte; check the whole needle around each.
    guard let base = buffer.baseAddress, let needleBase = needle.baseAddress else { return }
    let rare = rarestBytePosition(in: needle)
    let rareByte = needle[rare]
    let n = needle.count
    let end = buffer.count
    var position = rare
    var key = 0
    var visited = 0
    while position < end, let found = memchrFast(base + position, rareByte, end - position) {
      let start = found - base - rare
      guard start >= 0, start + n <= end, memcmpFast(base + start, needleBase, n) else {
        position = found - base + 1
        continue
      }
      key = self.key(containing: start, from: key)
      let keyStart = Int(starts[key])
      visit(UInt32(key), UnsafeBufferPointer(rebasing: buffer[keyRange(key)]), start - keyStart)
      position = Int(starts[key + 1]) + rare
      key += 1
      visited += 1
      if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
    }
  }

  /// Calls `visit` with every key (all of them, or `candidates`) and its bytes, in order: the scan of
  /// unsorted storage for prefix, exact and suffix, which compare each key's ends only.
  func forEachKey(
    in candidates: [UInt32]?, buffer: UnsafeBufferPointer<UInt8>,
    _ visit: (UInt32, UnsafeBufferPointer<UInt8>) -> Void
  ) throws {
    let count = candidates?.count ?? keyCount
    for index in 0..<count {
      if index % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
      let key = candidates?[index] ?? UInt32(index)
      visit(key, UnsafeBufferPointer(rebasing: buffer[keyRange(Int(key))]))
    }
  }

  /// Calls `visit` with every key (all, or `candidates`) of which `query` is a subsequence.
  /// Without candidates, `memchr` jumps to the next occurrence of the query's first byte, so keys
  /// without it cost nothing; the rest of the query is then looked for in that key only.
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
    guard m > 0, let base = buffer.baseAddress else {
      return try forEachKey(containing: query, candidates: nil, buffer: buffer) { key, slice, _ in
        visit(key, slice)
      }
    }
    // With masks, reject every key that lacks a byte class of the query, four bytes a key.
    if !masks.isEmpty && m > 1 {
      let need = ByteMask.mask(of: query)
      for key in 0..<keyCount where masks[key] & need == need {
        let slice = UnsafeBufferPointer(rebasing: buffer[keyRange(key)])
        if FuzzyScorer.isSubsequence(query, of: slice) { visit(UInt32(key), slice) }
        if key % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
      }
      return
    }
    // Jump between occurrences of the query's rarest byte; test each key holding one.
    let rare = query[rarestBytePosition(in: query)]
    let end = buffer.count
    var position = 0
    var key = 0
    var visited = 0
    while position < end, let found = memchrFast(base + position, rare, end - position) {
      key = self.key(containing: found - base, from: key)
      let keyEnd = Int(starts[key + 1]) - 1
      let slice = UnsafeBufferPointer(rebasing: buffer[Int(starts[key])..<keyEnd])
      if FuzzyScorer.isSubsequence(query, of: slice) { visit(UInt32(key), slice) }
      position = keyEnd + 1
      key += 1
      visited += 1
      if visited % Self.cancellationStride == 0, Task.isCancelled { throw CancellationError() }
    }
  }

  /// The key holding buffer position `position`, searching forward from key `from`: a short walk,
  /// or a binary search when the position is far ahead.
  @inline(__always)
  func key(containing position: Int, from start: Int) -> Int {
    var key = start
    if Int(starts[min(key + 16, keyCount)]) <= position {
      var high = keyCount
      while key < high {
        let middle = (key + high) / 2
        if Int(starts[middle + 1]) <= position { key = middle + 1 } else { high = middle }
      }
      return key
    }
    while Int(starts[key + 1]) <= position { key += 1 }
    return key
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
