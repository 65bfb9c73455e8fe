/// The word index of a storage and the storage of a word dictionary.
extension IndexStorage {
  /// Whether the storage has a word index (made or read on first use: ``checkedWords()``).
  var hasWordIndex: Bool { wordIndex != nil }

  /// The storage's word index (``WordIndex``), made from the keys or read from its segment on the
  /// first call; `nil` where there is none.
  /// - Throws: ``DiskIndexError`` when a section of a segment's word index is damaged or forged
  ///   (again on the next call: nothing is kept).
  func checkedWords() throws -> WordIndex? {
    guard let wordIndex else { return nil }
    return try wordIndex.value {
      try readWordIndex?() ?? WordIndex(bytes: bytes, starts: starts, ranks: ranks)
    }
  }

  /// ``checkedWords()``, `nil` when it throws.
  var words: WordIndex? { try? checkedWords() }

  /// Sorted storage whose key `w` is the `w`-th of `bytes`' words, which are distinct, folded and
  /// sorted bytewise, each followed by ``separator`` (``WordIndex/dictionary``): ranked in that
  /// order, so ranks, sorted positions and word numbers are one number, and one array. It keeps
  /// only what the word search reads — the sorted keys (prefix ranges), their trie (the typo walk)
  /// and the byte counts (the scan for contains) — and has no word index itself.
  init(sortedWords bytes: [UInt8], starts: [UInt32]) {
    let count = starts.count - 1
    let identity = (0..<UInt32(count)).map { $0 }
    let order = Column(identity)
    self.bytes = Column(bytes)
    self.starts = Column(starts)
    self.owners = []
    self.keyIndexes = []
    self.humps = []
    self.ranks = order
    self.primaryCount = UInt32(count)
    self.byteCounts = Self.countBytes(bytes)
    self.masks = []
    self.isSorted = true
    self.trimmedOwners = []
    self.forward = order
    self.backward = []
    self.forwardMinima = Column(Self.blockMinima(identity, ranks: identity))
    self.backwardMinima = []
    self.trie = SortedKeyTrie(bytes: bytes, starts: starts, forward: identity)
    self.isWordDictionary = true
  }
}
