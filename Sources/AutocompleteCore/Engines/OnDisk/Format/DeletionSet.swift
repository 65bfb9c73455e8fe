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

  /// The bits of ``Chunk/itemCount`` items, never changed once made: a removal copies the chunks it
  /// touches, not the whole set, so removing one item from a segment of a million costs a few
  /// microseconds (a copy of every word took most of an update's 60 µs).
  final class Chunk: Sendable, Equatable {
    /// How many items a chunk covers.
    static let itemCount = 4096
    /// The chunk's words (``itemCount`` / 64 of them).
    let words: [UInt64]
    /// How many bits are set in the chunk before each word.
    let before: [UInt16]
    /// How many bits are set in the chunk.
    let removedCount: Int

    init(words: [UInt64]) {
      var before = [UInt16](repeating: 0, count: words.count)
      var total = 0
      for index in words.indices {
        before[index] = UInt16(total)
        total += words[index].nonzeroBitCount
      }
      self.words = words
      self.before = before
      self.removedCount = total
    }

    static func == (left: Chunk, right: Chunk) -> Bool { left.words == right.words }
  }

  /// The chunks, `nil` for one with no item removed.
  private var chunks: [Chunk?]
  /// How many items are removed before each chunk.
  private var chunkBefore: [Int]
  /// How many items the set covers.
  let count: Int
  /// How many are removed.
  private(set) var removedCount: Int

  /// A set of `count` items, none removed.
  init(count: Int) {
    self.count = count
    let chunkCount = (count + Chunk.itemCount - 1) / Chunk.itemCount
    chunks = [Chunk?](repeating: nil, count: chunkCount)
    chunkBefore = [Int](repeating: 0, count: chunkCount)
    removedCount = 0
  }

  static func == (left: DeletionSet, right: DeletionSet) -> Bool {
    left.count == right.count && left.words == right.words
  }

  /// The bits, a word per 64 items (bit `i % 64` of word `i / 64` set for a removed item `i`).
  var words: [UInt64] {
    var words: [UInt64] = []
    words.reserveCapacity(chunks.count * Chunk.itemCount / 64)
    for chunk in chunks {
      if let chunk {
        words += chunk.words
      } else {
        words += repeatElement(0, count: Chunk.itemCount / 64)
      }
    }
    return Array(words.prefix((count + 63) / 64))
  }

  /// Whether item `item` is removed.
  @inline(__always)
  func contains(_ item: Int) -> Bool {
    guard let chunk = chunks[item / Chunk.itemCount] else { return false }
    return chunk.words[(item % Chunk.itemCount) >> 6] & (1 << UInt64(item & 63)) != 0
  }

  /// The items not removed, as a mask (what a `distinct` search admits).
  var liveMask: ItemMask { ItemMask(words: words.map { ~$0 }, count: count) }

  /// How many items before `item` are removed.
  func removed(before item: Int) -> Int {
    let index = item / Chunk.itemCount
    guard let chunk = chunks[index] else { return chunkBefore[index] }
    let word = (item % Chunk.itemCount) >> 6
    let bits = chunk.words[word] & ((1 << UInt64(item & 63)) &- 1)
    return chunkBefore[index] + Int(chunk.before[word]) + bits.nonzeroBitCount
  }

  /// The set with `items` removed too.
  func removing(_ items: some Sequence<Int>) -> DeletionSet {
    var changed: [Int: [UInt64]] = [:]
    for item in items where !contains(item) {
      let index = item / Chunk.itemCount
      var words =
        changed[index] ?? chunks[index]?.words ?? [UInt64](repeating: 0, count: Chunk.itemCount / 64)
      words[(item % Chunk.itemCount) >> 6] |= 1 << UInt64(item & 63)
      changed[index] = words
    }
    guard !changed.isEmpty else { return self }
    var copy = self
    for (index, words) in changed { copy.chunks[index] = Chunk(words: words) }
    copy.recount()
    return copy
  }

  /// Sets ``chunkBefore`` and ``removedCount`` from the chunks.
  private mutating func recount() {
    var total = 0
    for index in chunks.indices {
      chunkBefore[index] = total
      total += chunks[index]?.removedCount ?? 0
    }
    removedCount = total
  }

  /// The file's bytes.
  func fileBytes() -> [UInt8] {
    var bytes = Self.magic
    bytes.append(littleEndian: SegmentFile.version)
    bytes.append(littleEndian: UInt32(0))
    bytes.append(littleEndian: UInt64(count))
    let words = self.words
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
    let wordCount = (count + 63) / 64
    if count % 64 != 0, wordCount > 0,
      body.loadUnaligned(fromByteOffset: 8 * (wordCount - 1), as: UInt64.self) >> UInt64(count % 64) != 0
    {
      throw DiskIndexError.malformed(file: name, reason: "bits past the segment's end")
    }
    let wordsPerChunk = Chunk.itemCount / 64
    for index in chunks.indices {
      let first = index * wordsPerChunk
      let words = (first..<(first + wordsPerChunk)).map {
        $0 < wordCount ? body.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self) : 0
      }
      if words.contains(where: { $0 != 0 }) { chunks[index] = Chunk(words: words) }
    }
    recount()
  }
}
