/// A folded query (or query word) as grapheme clusters, each named by a small number so that edit
/// distances compare numbers: equal clusters get the same number, and a key's cluster that does not
/// occur in the pattern gets ``absent``.
struct TypoPattern: Sendable {
  /// The number of a cluster that is not in the pattern.
  static let absent: Int32 = -1

  /// The folded bytes.
  let bytes: [UInt8]
  /// Each cluster's number, in order.
  let ids: [Int32]
  /// Where each cluster starts in ``bytes``, then the end.
  let starts: [Int]
  /// The number of each one-byte (ASCII) cluster, or ``absent``: 128 entries.
  let asciiIDs: [Int32]
  /// Per cluster number: its byte when the cluster is one ASCII byte, else 0xFF.
  let asciiBytesByID: [UInt8]
  /// One bit per cluster number of a cluster longer than one byte (numbers are below 64 for any
  /// pattern that may have typos; numbers from 64 on are not in the mask).
  let wideIDMask: UInt64
  /// The clusters longer than one byte, with their numbers.
  let wideClusters: [(bytes: [UInt8], id: Int32)]
  /// Whether some wide cluster is a single scalar (then a key's single scalar may match it).
  let hasWideScalars: Bool
  /// The most typos a match may have.
  let budget: Int
  /// One bit per byte value that occurs in ``bytes``.
  let byteSet: [UInt64]
  /// The band's tables for this pattern within its budget (``OSABand``; empty without one), one row of
  /// ``bandWidth`` entries per row index `i + 1` (from row -1): per cluster number plus one
  /// (``absent`` first, all zero), the lanes whose pattern cluster has that number, repeated in each
  /// of the `budget + 1` bytes; then the lanes inside the table; then the edge column `D[i][0] = i`.
  let bandTables: [UInt32]
  /// Entries per table row in ``bandTables``: rows -1 through `count + budget + 1`.
  var bandWidth: Int { count + budget + 3 }

  /// The number of clusters.
  var count: Int { ids.count }

  init(_ bytes: [UInt8], budget: Int) {
    self.bytes = bytes
    self.budget = budget
    var byteSet = [UInt64](filledWith: 0, count: 4)
    for byte in bytes { byteSet[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
    self.byteSet = byteSet
    var asciiIDs = [Int32](filledWith: Self.absent, count: 128)
    var wide: [(bytes: [UInt8], id: Int32)] = []
    // Numbers of the wide clusters seen so far: a long pattern may have thousands.
    var wideNumbers: [[UInt8]: Int32] = [:]
    var ids: [Int32] = []
    var hasWideScalars = false
    let starts = bytes.withUnsafeBufferPointer { ClusterBreaks.clusterStarts(of: $0) }
    var next: Int32 = 0
    ids.reserveCapacity(starts.count - 1)
    for index in 0..<(starts.count - 1) {
      let first = bytes[starts[index]]
      if starts[index + 1] - starts[index] == 1 && first < 0x80 {
        if asciiIDs[Int(first)] == Self.absent {
          asciiIDs[Int(first)] = next
          next += 1
        }
        ids.append(asciiIDs[Int(first)])
        continue
      }
      // Only wide clusters are copied out: most patterns have none.
      let cluster = Array(bytes[starts[index]..<starts[index + 1]])
      if let known = wideNumbers[cluster] {
        ids.append(known)
      } else {
        wide.append((cluster, next))
        wideNumbers[cluster] = next
        ids.append(next)
        next += 1
        let scalarLength = cluster.withUnsafeBufferPointer { InsensitiveFold.decodeScalar($0, at: 0).1 }
        if scalarLength == cluster.count { hasWideScalars = true }
      }
    }
    self.ids = ids
    // Without a budget the band is never run (``TypoMatcher`` compares clusters), and the pattern
    // may be of any length: its tables, one row per cluster number, could be huge.
    self.bandTables = budget > 0 ? Self.bandTables(ids: ids, numbers: Int(next), budget: budget) : []
    var asciiBytesByID = [UInt8](filledWith: 0xFF, count: Int(next))
    for (byte, id) in asciiIDs.enumerated() where id != Self.absent { asciiBytesByID[Int(id)] = UInt8(byte) }
    self.asciiBytesByID = asciiBytesByID
    self.wideIDMask = wide.reduce(0) { $1.id < 64 ? $0 | 1 << UInt64($1.id) : $0 }
    self.starts = starts
    self.asciiIDs = asciiIDs
    self.wideClusters = wide
    self.hasWideScalars = hasWideScalars
  }

  /// Calls `body` with the band that compares this pattern, within its budget (at least one typo),
  /// with a key.
  @inline(__always)
  func withBand<Result>(_ body: (OSABand) throws -> Result) rethrows -> Result {
    precondition(budget > 0, "a band needs a budget")
    return try bandTables.withUnsafeBufferPointer { tables in
      let width = bandWidth
      let lanes = tables.baseAddress!
      let valid = lanes + (numberCount + 1) * width
      return try body(
        OSABand(lanes: lanes, valid: valid, edges: valid + width, width: width, count: count, k: budget))
    }
  }

  /// How many cluster numbers the pattern uses.
  private var numberCount: Int { bandTables.count / bandWidth - 3 }

  /// ``bandTables`` for clusters numbered `ids` (`numbers` distinct ones) and `budget` typos.
  private static func bandTables(ids: [Int32], numbers: Int, budget k: Int) -> [UInt32] {
    let m = ids.count
    let width = m + k + 3
    let bytes: UInt32 = k >= 3 ? 0xFFFF_FFFF : (1 << UInt32(8 * (k + 1))) - 1
    let repeated = 0x0101_0101 & bytes
    var tables = [UInt32](filledWith: 0, count: (numbers + 3) * width)
    for index in 0..<width {
      let i = index - 1
      // Lane t of row i stands for column j = i + t - k, which compares pattern cluster j - 1.
      for t in 0...(2 * k) {
        let j = i + t - k
        if j >= 1 && j <= m {
          tables[(Int(ids[j - 1]) + 1) * width + index] |= (1 << UInt32(t)) * repeated
        }
        if i >= 0 && j >= 0 && j <= m {
          tables[(numbers + 1) * width + index] |= (1 << UInt32(t)) * repeated
        }
      }
      // D[i][0] = i: lane k - i of every R_d with d ≥ i.
      if i >= 0 && i <= k {
        for d in i...k { tables[(numbers + 2) * width + index] |= (1 << UInt32(k - i)) << UInt32(8 * d) }
      }
    }
    return tables
  }

  /// The number of the cluster `text[range]`.
  @inline(__always)
  func id(of text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32 {
    if range.count == 1 {
      let byte = text[range.lowerBound]
      return byte < 0x80 ? asciiIDs[Int(byte)] : Self.absent
    }
    if wideClusters.isEmpty { return Self.absent }
    return wideID(of: UnsafeBufferPointer(rebasing: text[range]))
  }

  /// Whether `key` has enough of the pattern's bytes to be within the budget: a match pairs at
  /// least `count - budget` pattern clusters with equal key clusters, each holding a byte of the
  /// pattern. With `prefixClusters`, only the key's first that many clusters can take part (prefix
  /// and exact matching need no more than the pattern's length plus the budget). A quick test that
  /// keeps most keys away from the dynamic program.
  @inline(__always)
  func mayMatch(_ key: UnsafeBufferPointer<UInt8>, prefixClusters: Int? = nil) -> Bool {
    let needed = count - budget
    if needed <= 0 { return true }
    var window = key.count
    if let prefixClusters, prefixClusters < key.count {
      // When the first bytes are ASCII, each starts a cluster: the window is that many bytes.
      var ascii = true
      for index in 0..<prefixClusters where key[index] >= 0x80 {
        ascii = false
        break
      }
      if ascii { window = prefixClusters }
    }
    var found = 0
    return byteSet.withUnsafeBufferPointer { set in
      for index in 0..<window {
        let byte = key[index]
        if set[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0 {
          found += 1
          if found >= needed { return true }
        }
      }
      return false
    }
  }

  /// For a pattern of ASCII clusters: whether some prefix of `key` may be within the budget, by the
  /// pattern's bytes that the key holds before its `(budget + 1)`-th run of bytes that are not
  /// ASCII. A prefix within the budget pairs at least `count - budget` pattern clusters with equal
  /// key clusters, ASCII ones (as ``mayMatch(_:prefixClusters:)`` counts), and ends before the
  /// key's `(budget + 1)`-th cluster holding a byte that is not ASCII (each such cluster is a typo:
  /// see ``SortedKeyTrie``) — which starts no earlier than the `(budget + 1)`-th run of such bytes.
  /// One pass over the key's bytes, stopping early either way: what keeps the keys that the index
  /// matches one by one (``SortedKeyTrie/ReachList``) cheap to turn down.
  @inline(__always)
  func mayMatchASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let needed = count - budget
    if needed <= 0 { return true }
    let (low, high) = (byteSet[0], byteSet[1])
    var found = 0
    var runs = 0
    var inRun = false
    for byte in key {
      if byte >= 0x80 {
        if !inRun {
          runs += 1
          if runs > budget { return false }
          inRun = true
        }
      } else {
        inRun = false
        if (byte < 64 ? low &>> UInt64(byte) : high &>> UInt64(byte & 63)) & 1 != 0 {
          found += 1
          if found >= needed { return true }
        }
      }
    }
    return false
  }

  /// The number of a cluster of more than one byte.
  func wideID(of cluster: UnsafeBufferPointer<UInt8>) -> Int32 {
    for candidate in wideClusters where candidate.bytes.count == cluster.count {
      let equal = candidate.bytes.withUnsafeBufferPointer {
        memcmpFast($0.baseAddress!, cluster.baseAddress!, cluster.count)
      }
      if equal { return candidate.id }
    }
    return Self.absent
  }
}
