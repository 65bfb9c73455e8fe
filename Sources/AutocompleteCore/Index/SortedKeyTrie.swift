/// The sorted keys of an index read as a trie, without building one: a node is the range of sorted
/// keys that share a prefix, and its children are the runs of keys that share one more scalar.
/// ``TypoTrieWalk`` walks it; the index's own binary searches never need it.
///
/// Five bytes per key find the children by a sequential scan instead of binary searches that jump
/// through memory: `lcp[p]`, how many leading bytes sorted key `p` shares with key `p - 1` (capped
/// at 255), and `tail[p]`, the four bytes of key `p` from where they part (0xFF past its end).
/// Within a node at depth `d`, a child ends at the first key whose `lcp` is below the child's
/// depth, a child starts with the byte `tail` names whenever `lcp` is exactly `d`, and the first
/// key of a node (which parted from its predecessor above `d`) usually has its byte at `d` in its
/// `tail` too — so the walk seldom follows a key number to its bytes, three dependent cache
/// misses. Block minima of `lcp` let a scan skip 64 keys at a time inside a large child.
///
/// Keys whose grapheme clusters are not all single scalars (Devanagari syllables, emoji with
/// modifiers, flags, Hangul jamo — any scalar ``ClusterBreaks`` does not call plain) are *complex*:
/// the walk steps by scalars, which for them are not clusters, so they are listed apart and matched
/// one by one.
struct SortedKeyTrie: Sendable {
  /// Per sorted position: the common prefix with the previous key, capped at ``lcpCap``.
  let lcp: [UInt8]
  /// Per sorted position: the key's four bytes from `lcp` on, the first in the low byte, 0xFF past
  /// the key's end (when `lcp` is under the cap).
  let tail: [UInt32]
  /// The smallest `lcp` of each block of ``blockSize`` sorted positions.
  let lcpMinima: [UInt8]
  /// One bit per key number, set for complex keys.
  let complexBits: [UInt64]
  /// The complex keys' numbers, in order.
  let complexKeys: [UInt32]
  /// How many ASCII bytes each complex key has (capped at 255): a cluster a query of ASCII
  /// characters can pair with is one of them.
  let complexASCIICounts: [UInt8]

  static let blockSize = 64
  /// `lcp` values at the cap mean "at least this many".
  static let lcpCap = 255

  /// The bytes these arrays take.
  var byteCount: Int {
    lcp.count + 4 * tail.count + lcpMinima.count + 8 * complexBits.count + 5 * complexKeys.count
  }

  init(bytes: [UInt8], starts: [UInt32], forward: [UInt32]) {
    let n = forward.count
    var lcp = [UInt8](repeating: 0, count: n)
    var tail = [UInt32](repeating: .max, count: n)
    var complexBits = [UInt64](repeating: 0, count: (n + 63) / 64)
    var complexKeys: [UInt32] = []
    var complexASCIICounts: [UInt8] = []
    bytes.withUnsafeBufferPointer { buffer in
      func key(_ position: Int) -> UnsafeBufferPointer<UInt8> {
        let number = Int(forward[position])
        return UnsafeBufferPointer(rebasing: buffer[Int(starts[number])..<(Int(starts[number + 1]) - 1)])
      }
      var previous = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      for position in 0..<n {
        let current = key(position)
        let limit = min(previous.count, current.count, Self.lcpCap)
        var common = 0
        while common < limit && previous[common] == current[common] { common += 1 }
        lcp[position] = UInt8(common)
        if common < Self.lcpCap {
          var bytes: UInt32 = 0
          for offset in 0..<4 {
            let byte = common + offset < current.count ? current[common + offset] : 0xFF
            bytes |= UInt32(byte) << UInt32(8 * offset)
          }
          tail[position] = bytes
        }
        previous = current
      }
      for number in 0..<n {
        let range = Int(starts[number])..<(Int(starts[number + 1]) - 1)
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        if !ClusterBreaks.hasOnlyPlainScalars(text) {
          complexBits[number >> 6] |= 1 << UInt64(number & 63)
          complexKeys.append(UInt32(number))
          complexASCIICounts.append(UInt8(min(text.lazy.filter { $0 < 0x80 }.count, 255)))
        }
      }
    }
    self.lcp = lcp
    self.tail = tail
    self.lcpMinima = stride(from: 0, to: n, by: Self.blockSize).map {
      lcp[$0..<min($0 + Self.blockSize, n)].min()!
    }
    self.complexBits = complexBits
    self.complexKeys = complexKeys
    self.complexASCIICounts = complexASCIICounts
  }

  /// Whether key `key` (a key number) is complex.
  @inline(__always)
  func isComplex(_ key: UInt32) -> Bool {
    complexBits[Int(key >> 6)] & (1 << UInt64(key & 63)) != 0
  }
}
