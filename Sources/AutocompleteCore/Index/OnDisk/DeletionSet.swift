/// The items of one segment that were removed (or replaced by an update) since it was written: a
/// bit per item, never changed once made (a removal makes a new set), so a search holding one sees
/// one state.
///
/// File (`<segment>.<generation>.del`): magic `AKIDXDEL` (8 bytes), format version (4), zero (4),
/// bit count (8), checksum of the words (8), then the words (little-endian `UInt64`, bit `i % 64`
/// of word `i / 64` set for a removed item `i`).
struct DeletionSet: Sendable, Equatable {
  static let magic: [UInt8] = Array("AKIDXDEL".utf8)
  static let headerSize = 32

  /// The bits.
  private(set) var words: [UInt64]
  /// How many bits are set before each word.
  private var before: [UInt32]
  /// How many items the set covers.
  let count: Int
  /// How many are removed.
  private(set) var removedCount: Int

  /// A set of `count` items, none removed.
  init(count: Int) {
    self.count = count
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
    before = [UInt32](repeating: 0, count: words.count)
    removedCount = 0
  }

  /// Whether item `item` is removed.
  @inline(__always)
  func contains(_ item: Int) -> Bool {
    words[item >> 6] & (1 << UInt64(item & 63)) != 0
  }

  /// The items not removed, as a mask (what a `distinct` search admits).
  var liveMask: ItemMask { ItemMask(words: words.map { ~$0 }, count: count) }

  /// How many items before `item` are removed.
  func removed(before item: Int) -> Int {
    let word = item >> 6
    let bits = words[word] & ((1 << UInt64(item & 63)) &- 1)
    return Int(before[word]) + bits.nonzeroBitCount
  }

  /// The set with `items` removed too.
  func removing(_ items: some Sequence<Int>) -> DeletionSet {
    var copy = self
    for item in items where !copy.contains(item) {
      copy.words[item >> 6] |= 1 << UInt64(item & 63)
      copy.removedCount += 1
    }
    copy.recount()
    return copy
  }

  private mutating func recount() {
    var total: UInt32 = 0
    for index in words.indices {
      before[index] = total
      total += UInt32(words[index].nonzeroBitCount)
    }
  }

  /// The file's bytes.
  func fileBytes() -> [UInt8] {
    var bytes = Self.magic
    bytes.append(littleEndian: SegmentFile.version)
    bytes.append(littleEndian: UInt32(0))
    bytes.append(littleEndian: UInt64(count))
    bytes.append(littleEndian: words.withUnsafeBytes { Checksum.of($0) })
    words.withUnsafeBytes { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Reads a set of `count` items from `bytes`, the file named `name`.
  init(fileBytes bytes: UnsafeRawBufferPointer, count: Int, name: String) throws {
    try SegmentFile.checkPreamble(of: bytes, magic: Self.magic, headerSize: Self.headerSize, name: name)
    let bitCount = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    guard bitCount == UInt64(count) else {
      throw DiskIndexError.malformed(file: name, reason: "\(bitCount) bits for a segment of \(count) items")
    }
    let expected = Self.headerSize + 8 * ((count + 63) / 64)
    guard bytes.count == expected else {
      if bytes.count < expected {
        throw DiskIndexError.truncated(file: name, expected: expected, actual: bytes.count)
      }
      throw DiskIndexError.malformed(
        file: name, reason: "\(bytes.count) bytes where \(expected) were written")
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])
    guard Checksum.of(body) == bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self) else {
      throw DiskIndexError.checksumMismatch(file: name, part: "bits")
    }
    self.init(count: count)
    for index in words.indices {
      words[index] = body.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)
    }
    if count % 64 != 0, let last = words.last, last >> UInt64(count % 64) != 0 {
      throw DiskIndexError.malformed(file: name, reason: "bits past the segment's end")
    }
    removedCount = words.reduce(0) { $0 + $1.nonzeroBitCount }
    recount()
  }
}
