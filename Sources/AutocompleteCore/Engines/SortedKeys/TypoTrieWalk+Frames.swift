// The nodes a ``TypoTrieWalk`` has yet to expand, and the stack that holds them.

extension TypoTrieWalk {
  /// A node waiting to be expanded, in 32 bytes.
  struct Frame {
    private var lower: UInt32
    private var upper: UInt32
    private var byteDepth: UInt32
    private var rowIndex: UInt32
    var last: OSABand.Row
    var before: OSABand.Row
    var previous: Int32
    /// The node's entry in ``SortedKeyTrie/runStarts`` (of its depth), or -1.
    var entry: Int32
    /// The fewest typos recorded at or above the node (``OSABand/infinity`` for none).
    var best: Int

    init(
      range: Range<Int>, depth: Int, row: Int, last: OSABand.Row, before: OSABand.Row, previous: Int32,
      best: Int, entry: Int32 = -1
    ) {
      lower = UInt32(truncatingIfNeeded: range.lowerBound)
      upper = UInt32(truncatingIfNeeded: range.upperBound)
      byteDepth = UInt32(truncatingIfNeeded: depth)
      rowIndex = UInt32(truncatingIfNeeded: row)
      (self.last, self.before, self.previous, self.entry, self.best) = (last, before, previous, entry, best)
    }

    /// The node's sorted positions.
    var range: Range<Int> { Int(lower)..<Int(upper) }
    /// The bytes its keys share.
    var depth: Int { Int(byteDepth) }
    /// The band row of its last scalar: how many scalars its keys share.
    var row: Int { Int(rowIndex) }
  }

  /// The frames waiting to be expanded: a buffer the walk grows itself, without an array's checks
  /// on each of the thousands of pushes of a two-typo walk. ``deallocate()`` frees it.
  struct FrameStack {
    private var base = UnsafeMutablePointer<Frame>.allocate(capacity: 64)
    private var capacity = 64
    private var count = 0

    mutating func push(_ frame: Frame) {
      if count == capacity {
        let larger = UnsafeMutablePointer<Frame>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        (base, capacity) = (larger, 2 * capacity)
      }
      (base + count).initialize(to: frame)
      count += 1
    }

    mutating func pop() -> Frame? {
      guard count > 0 else { return nil }
      count -= 1
      return (base + count).move()
    }

    func deallocate() { base.deallocate() }
  }
}
