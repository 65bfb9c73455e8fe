/// The compact tables of a ``WordIndex``: each key's words packed in as few bytes as the word count
/// allows (``KeyWordTable``), and postings as differences in variable-length bytes
/// (``PostingCoding``).

/// Each key's words (dictionary word numbers) in the order they occur, keys by rank, packed:
///
/// - an entry of ``words`` takes ``wordWidth`` bytes (1 to 4, the fewest that hold the largest),
///   little endian: a word number times two, plus one on the last word of its key — so the entries
///   alone say where each key's words end, and a segment stores them without ``offsets`` (keys
///   without words are listed, ``emptyRanks``);
/// - where rank `r`'s words start is ``blockStarts``[`r / 16`] plus `r`'s offset from its block's
///   start, which takes ``offsetWidth`` bytes (1, 2 or 4: the fewest that hold the largest offset),
///   made from the entries when a segment is read.
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
  /// The entries: each word number times two, plus one on a key's last word; ``wordWidth`` bytes
  /// each.
  let words: Column<UInt8>
  /// The bytes of an entry of ``words``.
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
    let wordWidth = Self.entryWidth(wordCount: wordCount)
    var entries = words
    for rank in 0..<(starts.count - 1) where starts[rank] < starts[rank + 1] {
      entries[Int(starts[rank + 1]) - 1] |= 1 << 31
    }
    let flagged = entries.lazy.map { ($0 & ~(1 << 31)) << 1 | $0 >> 31 }
    self.init(
      starts: starts, entries: Column(Self.pack(flagged, count: words.count, width: wordWidth)),
      wordWidth: wordWidth)
  }

  /// The table of the packed `entries` whose rank `r`'s words start at entry `starts[r]` (every
  /// rank's, and one more): its blocks' starts and offsets made from `starts`.
  private init(starts: [UInt32], entries: Column<UInt8>, wordWidth: Int) {
    let keys = starts.count - 1
    let blockStarts = (0...(keys >> Self.blockShift)).map { starts[$0 << Self.blockShift] }
    var largest = 0
    for rank in 0...keys { largest = max(largest, Int(starts[rank] - blockStarts[rank >> Self.blockShift])) }
    self.init(
      blockStarts: Column(blockStarts),
      offsets: Column(Self.pack(starts, blockStarts: blockStarts, largest: largest)),
      offsetWidth: Self.offsetWidth(largest: largest), words: entries, wordWidth: wordWidth)
  }

  /// The bytes of an entry of ``words`` for a dictionary of `wordCount` words.
  static func entryWidth(wordCount: Int) -> Int { width(of: max(2 * wordCount - 1, 0)) }

  /// The bytes of an offset that holds `largest`.
  private static func offsetWidth(largest: Int) -> Int { largest <= 0xFF ? 1 : largest <= 0xFFFF ? 2 : 4 }

  /// `values`, `width` bytes each, then ``padding`` zero bytes.
  private static func pack(_ values: some Sequence<UInt32>, count: Int, width: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count * width + Self.padding)
    var position = 0
    for value in values {
      for byte in 0..<width { bytes[position + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
      position += width
    }
    return bytes
  }

  /// The offsets of `starts` (every rank's and one more) from their blocks' starts.
  private static func pack(_ starts: some Collection<UInt32>, blockStarts: [UInt32], largest: Int) -> [UInt8]
  {
    let offsets = starts.enumerated().lazy.map { $0.element - blockStarts[$0.offset >> Self.blockShift] }
    return pack(offsets, count: starts.count, width: offsetWidth(largest: largest))
  }

  /// The table of the entries `words` (``wordWidth`` bytes each, as a segment stores them) of
  /// `keyCount` keys, of which those of ranks `emptyRanks` (ascending) hold no word: where each
  /// key's words start follows from the entries that end a key. `nil` when the entries and the
  /// empty ranks disagree (too few or too many keys end, a rank out of order).
  init?(entries words: Column<UInt8>, wordWidth: Int, keyCount keys: Int, emptyRanks: Column<UInt32>) {
    guard (1...4).contains(wordWidth), words.count >= Self.padding,
      (words.count - Self.padding) % wordWidth == 0
    else { return nil }
    let count = (words.count - Self.padding) / wordWidth
    var starts = [UInt32](repeating: 0, count: keys + 1)
    // One branch-free pass over the entries' low bytes, whose low bit ends a key: each entry of the
    // n-th key with words writes its end to `starts[n + 1]`, the key's last entry last (5 ms for
    // the 5.8M entries of 1M product names, bound by reading them, once, on the first words
    // query); then, if some keys have none, one pass from the last rank down spreads the ends to
    // the ranks.
    let complete = words.withUnsafeBufferPointer { buffer in
      emptyRanks.withUnsafeBufferPointer { empties in
        starts.withUnsafeMutableBufferPointer { starts -> Bool in
          guard empties.count <= keys else { return false }
          let withWords = keys - empties.count
          let bytes = buffer.baseAddress!
          if withWords > 0 {
            var (ended, offset) = (0, 0)
            for entry in 0..<count {
              starts[min(ended, withWords - 1) &+ 1] = UInt32(truncatingIfNeeded: entry &+ 1)
              ended &+= Int(bytes[offset] & 1)
              offset &+= wordWidth
            }
            guard ended == withWords, bytes[(count - 1) * wordWidth] & 1 != 0 else { return false }
          } else {
            guard count == 0 else { return false }
          }
          guard !empties.isEmpty else { return true }
          var index = withWords
          var empty = empties.count - 1
          for rank in stride(from: keys - 1, through: 0, by: -1) {
            if empty >= 0, Int(empties[empty]) == rank {
              guard empty == 0 || empties[empty - 1] < empties[empty] else { return false }
              empty -= 1
            } else {
              guard index > 0 else { return false }
              index -= 1
            }
            starts[rank] = starts[index]
          }
          starts[keys] = UInt32(truncatingIfNeeded: count)
          return empty < 0 && index == 0
        }
      }
    }
    guard complete else { return nil }
    self.init(starts: starts, entries: words, wordWidth: wordWidth)
  }

  /// The ranks of the keys that hold no word, ascending (what a segment stores beside ``words``).
  var emptyRanks: [UInt32] {
    let reader = Reader(self)
    return (0..<keyCount).filter { reader.range(ofRank: $0).isEmpty }.map { UInt32($0) }
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

    /// The word at `position` (its entry less the bit that ends a key).
    @inline(__always)
    func word(at position: Int) -> Int {
      Int(
        (UInt32(littleEndian: words.loadUnaligned(fromByteOffset: position &* wordWidth, as: UInt32.self))
          & wordMask) >> 1)
    }
  }
}

/// Postings as bytes: a word's ranks, ascending, the first plus one and each next as its
/// difference from the one before, each in LEB128 (seven bits a byte, low bits first, the high bit
/// set on every byte but a number's last), then a zero byte. Every number is at least one, so no
/// byte of a number is zero: the zero bytes alone say where each word's list ends, and a segment
/// stores the lists without their starts (``Column/runStarts(endedBy:count:)``).
enum PostingCoding {
  /// The byte after each word's list.
  static let terminator: UInt8 = 0

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
