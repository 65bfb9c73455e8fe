/// The arrays behind a ``SearchIndex``: every key (search text or alternate) folded into one
/// contiguous buffer, numbered in ranking order, plus two sorted orders for prefix and suffix
/// lookups.
///
/// Keys are numbered by the ranking's tie-breakers (heavier item first, then shorter text, then
/// earlier item, then earlier key), so among matches of one kind a smaller key number always ranks
/// first. That lets scans stop early and lets sorted ranges give their top k through block minima
/// without visiting every match.
struct IndexStorage: Sendable {
  /// Keys per block for the block minima.
  static let blockSize = 64
  /// Separates keys in ``bytes``; never occurs in UTF-8.
  static let separator: UInt8 = 0xFF

  /// Folded keys in key-number order, each followed by ``separator``.
  let bytes: [UInt8]
  /// Where key `k` starts in ``bytes``; one extra entry at the end.
  let starts: [UInt32]
  /// The item each key belongs to.
  let owners: [UInt32]
  /// Key numbers sorted by their folded bytes.
  let forward: [UInt32]
  /// Key numbers sorted by their folded bytes read backwards.
  let backward: [UInt32]
  /// The smallest key number in each block of ``forward``.
  let forwardMinima: [UInt32]
  /// The smallest key number in each block of ``backward``.
  let backwardMinima: [UInt32]

  var keyCount: Int { owners.count }

  @inline(__always)
  func keyRange(_ key: Int) -> Range<Int> {
    Int(starts[key])..<(Int(starts[key + 1]) - 1)
  }

  /// One key's ranking tie-breakers, while building.
  private struct KeyInfo {
    var weight: Double
    var length: Int32
    var owner: UInt32
    var keyIndex: UInt32
  }

  /// Whether ``forward`` and ``backward`` were built; without them prefix, exact and suffix scan.
  let isSorted: Bool

  init<Item: AutocompleteSearchable>(items: [Item], folder: TextFolder, sortsKeys: Bool = true) {
    // 1. Describe every key and order the keys by the ranking's tie-breakers.
    var infos: [KeyInfo] = []
    infos.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      infos.append(KeyInfo(weight: item.weight, length: Int32(item.searchText.utf8.count), owner: UInt32(offset), keyIndex: 0))
      for (index, alternate) in item.alternateSearchTexts.enumerated() {
        infos.append(
          KeyInfo(
            weight: item.weight, length: Int32(alternate.utf8.count), owner: UInt32(offset),
            keyIndex: UInt32(index + 1)))
      }
    }
    if infos.allSatisfy({ $0.weight == infos.first?.weight }) {
      infos = Self.countingSortedByLength(infos)  // already in owner and key order: stable by length
    } else {
      infos.sort { a, b in
        if a.weight != b.weight { return a.weight > b.weight }
        if a.length != b.length { return a.length < b.length }
        if a.owner != b.owner { return a.owner < b.owner }
        return a.keyIndex < b.keyIndex
      }
    }

    // 2. Fold the keys into one buffer in that order.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(infos.reduce(0) { $0 + Int($1.length) + 1 } + 16)
    var starts: [UInt32] = []
    starts.reserveCapacity(infos.count + 1)
    var owners: [UInt32] = []
    owners.reserveCapacity(infos.count)
    for info in infos {
      starts.append(UInt32(bytes.count))
      owners.append(info.owner)
      let item = items[Int(info.owner)]
      let text = info.keyIndex == 0 ? item.searchText : item.alternateSearchTexts[Int(info.keyIndex) - 1]
      folder.appendFolded(text, to: &bytes)
      bytes.append(Self.separator)
    }
    starts.append(UInt32(bytes.count))
    self.bytes = bytes
    self.starts = starts
    self.owners = owners

    // 3. Sort the key numbers both ways and record block minima.
    self.isSorted = sortsKeys
    guard sortsKeys else {
      (forward, backward, forwardMinima, backwardMinima) = ([], [], [], [])
      return
    }
    let count = owners.count
    var forward = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
      for k in 0..<count { buffer[k] = UInt32(k) }
      initialized = count
    }
    var backward = forward
    bytes.withUnsafeBufferPointer { buffer in
      starts.withUnsafeBufferPointer { starts in
        let base = buffer.baseAddress!
        forward.withUnsafeMutableBufferPointer { order in
          order.sort { a, b in
            let (sa, ea) = (Int(starts[Int(a)]), Int(starts[Int(a) + 1]) - 1)
            let (sb, eb) = (Int(starts[Int(b)]), Int(starts[Int(b) + 1]) - 1)
            return Self.compareForward(base + sa, ea - sa, base + sb, eb - sb, tie: a < b)
          }
        }
        backward.withUnsafeMutableBufferPointer { order in
          order.sort { a, b in
            let (sa, ea) = (Int(starts[Int(a)]), Int(starts[Int(a) + 1]) - 1)
            let (sb, eb) = (Int(starts[Int(b)]), Int(starts[Int(b) + 1]) - 1)
            return Self.compareBackward(base + sa, ea - sa, base + sb, eb - sb, tie: a < b)
          }
        }
      }
    }
    self.forward = forward
    self.backward = backward
    self.forwardMinima = Self.blockMinima(forward)
    self.backwardMinima = Self.blockMinima(backward)
  }

  /// A stable counting sort by length, for collections whose weights are all equal.
  private static func countingSortedByLength(_ infos: [KeyInfo]) -> [KeyInfo] {
    guard let longest = infos.map(\.length).max(), longest < 1 << 20 else {
      return infos.sorted { $0.length < $1.length }  // stable in Swift
    }
    var counts = [Int](repeating: 0, count: Int(longest) + 2)
    for info in infos { counts[Int(info.length) + 1] += 1 }
    for index in 1..<counts.count { counts[index] += counts[index - 1] }
    return [KeyInfo](unsafeUninitializedCapacity: infos.count) { buffer, initialized in
      for info in infos {
        buffer.initializeElement(at: counts[Int(info.length)], to: info)
        counts[Int(info.length)] += 1
      }
      initialized = infos.count
    }
  }

  @inline(__always)
  static func compareForward(
    _ a: UnsafePointer<UInt8>, _ la: Int, _ b: UnsafePointer<UInt8>, _ lb: Int, tie: Bool
  ) -> Bool {
    let common = min(la, lb)
    if common > 0 {
      let c = memcmpOrder(a, b, common)
      if c != 0 { return c < 0 }
    }
    if la != lb { return la < lb }
    return tie
  }

  @inline(__always)
  static func compareBackward(
    _ a: UnsafePointer<UInt8>, _ la: Int, _ b: UnsafePointer<UInt8>, _ lb: Int, tie: Bool
  ) -> Bool {
    var i = la - 1
    var j = lb - 1
    while i >= 0 && j >= 0 {
      let x = a[i]
      let y = b[j]
      if x != y { return x < y }
      i -= 1
      j -= 1
    }
    if la != lb { return la < lb }
    return tie
  }

  static func blockMinima(_ order: [UInt32]) -> [UInt32] {
    var minima: [UInt32] = []
    minima.reserveCapacity(order.count / blockSize + 1)
    var index = 0
    while index < order.count {
      let end = min(index + blockSize, order.count)
      var smallest = UInt32.max
      for position in index..<end where order[position] < smallest { smallest = order[position] }
      minima.append(smallest)
      index = end
    }
    return minima
  }
}
