/// The compact tables of a ``WordIndex``: each key's words packed in as few bytes as the word count
/// allows (``KeyWordTable``), and postings as differences in variable-length bytes
/// (``PostingCoding``).

/// Each key's words (dictionary word numbers) in the order they occur, keys by rank, packed:
///
/// - a word number takes ``wordWidth`` bytes (1 to 4, the fewest that hold the largest), little
///   endian;
/// - where rank `r`'s words start is ``blockStarts``[`r / 16`] plus `r`'s offset from its block's
///   start, which takes ``offsetWidth`` bytes (1, 2 or 4: the fewest that hold the largest offset).
///
/// Both byte arrays end with ``padding`` zero bytes, so an element is one unaligned 4-byte load.
struct KeyWordTable: Sendable {
  /// log2 of the ranks per block of ``blockStarts``.
  static let blockShift = 4
  /// The zero bytes after the elements of ``offsets`` and ``words``.
  static let padding = 4

  /// Per block of 16 ranks (and one more for the rank past the last), where its first key's words
  /// start.
  let blockStarts: Column<UInt32>
  /// Per rank (and the rank past the last), where its words start, less its block's start:
  /// ``offsetWidth`` bytes each.
  let offsets: Column<UInt8>
  /// The bytes of an entry of ``offsets``.
  let offsetWidth: Int
  /// The words, ``wordWidth`` bytes each.
  let words: Column<UInt8>
  /// The bytes of a word number.
  let wordWidth: Int

  /// How many keys the table holds.
  var keyCount: Int { (offsets.count - Self.padding) / offsetWidth - 1 }

  /// How many words the keys hold together.
  var wordCount: Int { (words.count - Self.padding) / wordWidth }

  /// The bytes of the table's arrays.
  var byteCount: Int { 4 * blockStarts.count + offsets.count + words.count }

  /// The fewest bytes (1 to 4) that hold `value`.
  static func width(of value: Int) -> Int {
    value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFF_FFFF ? 3 : 4
  }

  /// The packed table of `words`, where rank `r`'s words are `words[starts[r]..<starts[r + 1]]`,
  /// each below `wordCount`.
  init(starts: [UInt32], words: [UInt32], wordCount: Int) {
    let keys = starts.count - 1
    let blockStarts = (0...(keys >> Self.blockShift)).map { starts[$0 << Self.blockShift] }
    var largest = 0
    for rank in 0...keys {
      largest = max(largest, Int(starts[rank] - blockStarts[rank >> Self.blockShift]))
    }
    let offsetWidth = largest <= 0xFF ? 1 : largest <= 0xFFFF ? 2 : 4
    let wordWidth = Self.width(of: max(wordCount - 1, 0))
    func pack(_ values: some Sequence<UInt32>, count: Int, width: Int) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: count * width + Self.padding)
      var position = 0
      for value in values {
        for byte in 0..<width { bytes[position + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
        position += width
      }
      return bytes
    }
    let offsets = (0...keys).lazy.map { starts[$0] - blockStarts[$0 >> Self.blockShift] }
    self.init(
      blockStarts: Column(blockStarts), offsets: Column(pack(offsets, count: keys + 1, width: offsetWidth)),
      offsetWidth: offsetWidth, words: Column(pack(words, count: words.count, width: wordWidth)),
      wordWidth: wordWidth)
  }

  /// A table from its parts (as read from a segment).
  init(
    blockStarts: Column<UInt32>, offsets: Column<UInt8>, offsetWidth: Int, words: Column<UInt8>,
    wordWidth: Int
  ) {
    self.blockStarts = blockStarts
    self.offsets = offsets
    self.offsetWidth = offsetWidth
    self.words = words
    self.wordWidth = wordWidth
  }

  /// Whether the parts agree: widths among those written, sizes matching `keys`, starts rising to
  /// the word count, and every word below `wordCount`. A table that passes never reads outside its
  /// arrays.
  func isConsistent(keyCount keys: Int, wordCount: Int) -> Bool {
    guard [1, 2, 4].contains(offsetWidth), (1...4).contains(wordWidth),
      blockStarts.count == (keys >> Self.blockShift) + 1,
      offsets.count == (keys + 1) * offsetWidth + Self.padding,
      words.count >= Self.padding, (words.count - Self.padding) % wordWidth == 0
    else { return false }
    let reader = Reader(self)
    var previous = 0
    for rank in 0...keys {
      let start = reader.start(ofRank: rank)
      guard start >= previous else { return false }
      previous = start
    }
    guard previous == self.wordCount else { return false }
    for position in 0..<self.wordCount where reader.word(at: position) >= wordCount { return false }
    return true
  }

  /// Raw reads of a table whose arrays the caller keeps alive (a ``WordIndex`` it holds).
  struct Reader {
    private let blockStarts: UnsafeBufferPointer<UInt32>
    private let offsets: UnsafeRawPointer
    private let offsetMask: UInt32
    private let offsetWidth: Int
    private let words: UnsafeRawPointer
    private let wordMask: UInt32
    private let wordWidth: Int

    init(_ table: KeyWordTable) {
      blockStarts = table.blockStarts.unsafeBuffer
      offsets = UnsafeRawPointer(table.offsets.unsafeBuffer.baseAddress!)
      offsetWidth = table.offsetWidth
      offsetMask = Self.mask(table.offsetWidth)
      words = UnsafeRawPointer(table.words.unsafeBuffer.baseAddress!)
      wordWidth = table.wordWidth
      wordMask = Self.mask(table.wordWidth)
    }

    private static func mask(_ width: Int) -> UInt32 {
      width >= 4 ? .max : (1 << (8 * UInt32(width))) - 1
    }

    /// Where the words of rank `rank` (up to the key count: the end of the last) start.
    @inline(__always)
    func start(ofRank rank: Int) -> Int {
      let offset = UInt32(
        littleEndian: offsets.loadUnaligned(fromByteOffset: rank &* offsetWidth, as: UInt32.self))
      return Int(blockStarts[rank >> KeyWordTable.blockShift]) &+ Int(offset & offsetMask)
    }

    /// The positions of the words of the key of rank `rank`.
    @inline(__always)
    func range(ofRank rank: Int) -> Range<Int> {
      start(ofRank: rank)..<start(ofRank: rank + 1)
    }

    /// The word at `position`.
    @inline(__always)
    func word(at position: Int) -> Int {
      Int(
        UInt32(littleEndian: words.loadUnaligned(fromByteOffset: position &* wordWidth, as: UInt32.self))
          & wordMask)
    }
  }
}

/// Postings as bytes: a word's ranks, ascending, the first as itself and each next as its
/// difference from the one before, each in LEB128 (seven bits a byte, low bits first, the high bit
/// set on every byte but a number's last).
enum PostingCoding {
  /// Appends `value` to `bytes`.
  @inline(__always)
  static func append(_ value: UInt32, to bytes: inout [UInt8], at position: inout Int) {
    var value = value
    while value >= 0x80 {
      bytes[position] = UInt8(truncatingIfNeeded: value) | 0x80
      value >>= 7
      position += 1
    }
    bytes[position] = UInt8(value)
    position += 1
  }

  /// The bytes `value` takes.
  @inline(__always)
  static func size(of value: UInt32) -> Int {
    value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
  }

  /// The number at `position` in `bytes`, read no further than `end` (a number cut off there ends
  /// where it is cut), and the position past it. A number past `UInt32.max` saturates.
  @inline(__always)
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, end: Int) -> UInt32 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < end {
      let byte = bytes[position]
      position += 1
      if shift < 35 { value |= UInt64(byte & 0x7F) << shift }
      shift += 7
      if byte < 0x80 { break }
    }
    return UInt32(clamping: value)
  }
}
