/// One bit per item of a collection: the items a filter lets through. `and`, `or` and `not` run a
/// word (64 items) at a time, so combining conditions over a million items costs microseconds.
struct ItemMask: Sendable, Hashable {
  /// The bits, item `i` at bit `i % 64` of word `i / 64`; bits past ``count`` are zero.
  private(set) var words: [UInt64]
  /// How many items the mask covers.
  let count: Int

  /// A mask of `count` items, all set or all clear.
  init(count: Int, allSet: Bool) {
    self.count = count
    words = [UInt64](repeating: allSet ? .max : 0, count: (count + 63) / 64)
    if allSet { clearTail() }
  }

  /// A mask of `count` items whose bits are `words` (as ``words`` lays them out); bits past
  /// `count` are cleared.
  init(words: [UInt64], count: Int) {
    precondition(words.count == (count + 63) / 64, "\(words.count) words for \(count) items")
    self.count = count
    self.words = words
    clearTail()
  }

  @inline(__always)
  func contains(_ item: Int) -> Bool {
    words[item >> 6] & (1 << UInt64(item & 63)) != 0
  }

  @inline(__always)
  mutating func insert(_ item: Int) {
    words[item >> 6] |= 1 << UInt64(item & 63)
  }

  /// How many items are set.
  var setCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  mutating func formIntersection(_ other: ItemMask) {
    for index in words.indices { words[index] &= other.words[index] }
  }

  mutating func formUnion(_ other: ItemMask) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  mutating func invert() {
    for index in words.indices { words[index] = ~words[index] }
    clearTail()
  }

  /// Calls `body` with every set item, in order.
  func forEach(_ body: (Int) throws -> Void) rethrows {
    for (index, word) in words.enumerated() {
      var bits = word
      while bits != 0 {
        try body(index << 6 | bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
  }

  private mutating func clearTail() {
    let extra = count & 63
    if extra != 0, !words.isEmpty { words[words.count - 1] &= (1 << UInt64(extra)) - 1 }
  }
}
