/// The words of every key of an ``IndexStorage``: a dictionary of the distinct folded words, for each
/// word the keys that hold it (its postings), and for each key its words in order — what answers
/// words mode without reading every key (``IndexStorage/collectWords(_:capacity:candidates:typos:restriction:prefixEntries:)``).
///
/// A *word* of a key is what both word matchers read as one: a maximal run of word bytes
/// (``ByteClass``) that starts on a grapheme-cluster boundary. Keys whose words the two matchers
/// would read differently — a combining mark after punctuation, say, which starts a word for the
/// cluster-based ``TypoMatcher`` but not for the byte-based ``FoldedMatcher`` — are *irregular*:
/// they hold no postings and are matched one by one by the matchers themselves, so answers never
/// depend on this reading.
///
/// Everything is numbered by key *rank* (``IndexStorage/ranks``), the ranking's tie-break order:
/// postings list ranks in ascending order, so merging the lists of the words a query word may be
/// visits keys best first and a top k stops early.
///
/// The dictionary is itself a sorted ``IndexStorage`` whose key `w` is word `w` (its words are
/// sorted, so the words starting with a query word are a range of word numbers) and whose trie the
/// typo walk (``TypoTrieWalk``) runs over: a few hundred thousand words where the keys are millions.
struct WordIndex: Sendable {
  /// The distinct words, sorted bytewise: key `w` of this storage is word `w`. A lean storage
  /// (``IndexStorage/init(sortedWords:starts:)``): its sorted keys and trie, no suffix order.
  let dictionary: IndexStorage
  /// Where each word's postings start in ``postings`` (a byte offset); one more entry at the end.
  /// Made from ``postings`` when a segment is read (``Column/runStarts(endedBy:count:)``).
  let postingStarts: Column<UInt32>
  /// Per word, the ranks of the keys holding it, ascending, each once, then a zero byte
  /// (``PostingCoding``).
  let postings: Column<UInt8>
  /// Each key's words in the order they occur, keys by rank.
  let keyWords: KeyWordTable
  /// The storage's ranks (``IndexStorage/ranks``), whose inverse is ``keysByRank``.
  let ranks: Column<UInt32>
  /// The ranks of the irregular keys, ascending: matched one by one.
  let irregularRanks: Column<UInt32>
  /// The key of each rank, made from ``ranks`` on first use (not stored in a segment).
  private let madeKeysByRank: LazyValue<Column<UInt32>>

  init(
    dictionary: IndexStorage, postingStarts: Column<UInt32>, postings: Column<UInt8>, keyWords: KeyWordTable,
    ranks: Column<UInt32>, irregularRanks: Column<UInt32>, keysByRank: Column<UInt32>? = nil
  ) {
    self.dictionary = dictionary
    self.postingStarts = postingStarts
    self.postings = postings
    self.keyWords = keyWords
    self.ranks = ranks
    self.irregularRanks = irregularRanks
    madeKeysByRank = LazyValue()
    if let keysByRank { _ = madeKeysByRank.value { keysByRank } }
  }

  /// How many distinct words the keys hold.
  var wordCount: Int { postingStarts.count - 1 }

  /// The key of each rank (the inverse of ``IndexStorage/ranks``): read it once per search, not
  /// once per key (it takes a lock).
  var keysByRank: Column<UInt32> {
    madeKeysByRank.value { Column(Self.keys(byRank: ranks)) }
  }

  /// ``keysByRank`` if a search or the build made it already.
  var keysByRankIfMade: Column<UInt32>? { madeKeysByRank.madeValue }

  /// The keys of the ranks `ranks`: a rank out of range or given twice leaves a key 0 (a checked
  /// open refuses such ranks: ``checkConsistency(file:)``).
  static func keys(byRank ranks: Column<UInt32>) -> [UInt32] {
    var keys = [UInt32](repeating: 0, count: ranks.count)
    for (key, rank) in ranks.enumerated() where Int(rank) < keys.count { keys[Int(rank)] = UInt32(key) }
    return keys
  }

  /// The bytes of every array the word index keeps (its dictionary's included; the dictionary's
  /// ranks are its sorted order, one array).
  var byteCount: Int {
    dictionary.byteCount - 4 * dictionary.ranks.count + 4 * postingStarts.count + postings.count
      + keyWords.byteCount + 4 * (madeKeysByRank.madeValue?.count ?? 0) + 4 * irregularRanks.count
  }

  /// Where the numbers of word `word`'s postings lie in ``postings`` (its zero byte left out),
  /// within the array.
  @inline(__always)
  func postingRange(_ word: Int) -> Range<Int> {
    let end = min(max(Int(postingStarts[word + 1]) - 1, 0), postings.count)
    return min(Int(postingStarts[word]), end)..<end
  }

  /// How large the postings of word `word` are: their bytes, at least one per key holding it (a
  /// bound on its keys, for planning).
  @inline(__always)
  func postingSize(_ word: Int) -> Int {
    Int(postingStarts[word + 1]) - Int(postingStarts[word]) - 1
  }

  /// How many postings the words `words` hold together: the last bytes of their numbers (a read of
  /// their bytes, where ``postingSize(_:)`` is a bound read from two starts).
  func postingCount(of words: [UInt32]) -> Int {
    postings.withUnsafeBufferPointer { bytes in
      var count = 0
      for word in words {
        for position in postingRange(Int(word)) where bytes[position] < 0x80 { count += 1 }
      }
      return count
    }
  }

  /// How large the postings of the words `words` are together (``postingSize(_:)``).
  @inline(__always)
  func postingSize(of words: Range<Int>) -> Int {
    words.isEmpty
      ? 0 : Int(postingStarts[words.upperBound]) - Int(postingStarts[words.lowerBound]) - words.count
  }
}

extension WordIndex {
  /// The word index of the keys in `bytes` (each followed by ``IndexStorage/separator``, key `k`
  /// starting at `starts[k]`), ranked by `ranks`.
  init(bytes: Column<UInt8>, starts: Column<UInt32>, ranks: Column<UInt32>) {
    let keyCount = starts.count - 1
    var keysByRank = [UInt32](repeating: 0, count: keyCount)
    for key in 0..<keyCount { keysByRank[Int(ranks[key])] = UInt32(key) }
    var table = WordTable()
    var keyWordStarts: [UInt32] = []
    keyWordStarts.reserveCapacity(keyCount + 1)
    var keyWords: [UInt32] = []
    keyWords.reserveCapacity(keyCount * 2)
    var irregular: [UInt32] = []
    bytes.withUnsafeBufferPointer { buffer in
      var spans: [Range<Int>] = []
      for rank in 0..<keyCount {
        keyWordStarts.append(UInt32(keyWords.count))
        let key = Int(keysByRank[rank])
        let range = Int(starts[key])..<(Int(starts[key + 1]) - 1)
        let text = UnsafeBufferPointer(rebasing: buffer[range])
        spans.removeAll(keepingCapacity: true)
        guard Self.words(of: text, into: &spans) else {
          irregular.append(UInt32(rank))
          continue
        }
        for span in spans {
          let word = UnsafeBufferPointer(rebasing: text[span])
          keyWords.append(table.number(of: word, at: range.lowerBound + span.lowerBound, in: buffer))
        }
      }
      keyWordStarts.append(UInt32(keyWords.count))
    }
    // Number the words in sorted order, so the words starting with a query word are a range.
    let sorted = bytes.withUnsafeBufferPointer { table.sortedWords(in: $0) }
    var renumber = [UInt32](repeating: 0, count: sorted.count)
    for (number, word) in sorted.enumerated() { renumber[Int(word.id)] = UInt32(number) }
    keyWords.withUnsafeMutableBufferPointer { words in
      for index in words.indices { words[index] = renumber[Int(words[index])] }
    }
    // Postings: each key once per word it holds, in rank order, as differences (PostingCoding).
    var sizes = [UInt32](repeating: 0, count: sorted.count + 1)
    var lastRank = [UInt32](repeating: .max, count: sorted.count)
    for rank in 0..<keyCount {
      for index in Int(keyWordStarts[rank])..<Int(keyWordStarts[rank + 1]) {
        let word = Int(keyWords[index])
        let last = lastRank[word]
        if last != UInt32(rank) {
          lastRank[word] = UInt32(rank)
          sizes[word + 1] += UInt32(
            PostingCoding.size(of: last == .max ? UInt32(rank) + 1 : UInt32(rank) - last))
        }
      }
    }
    for word in 0..<sorted.count { sizes[word + 1] += sizes[word] + 1 }  // and the list's zero byte
    var next = sizes.map { Int($0) }
    var postings = [UInt8](repeating: 0, count: Int(sizes[sorted.count]))
    for index in lastRank.indices { lastRank[index] = .max }
    for rank in 0..<keyCount {
      for index in Int(keyWordStarts[rank])..<Int(keyWordStarts[rank + 1]) {
        let word = Int(keyWords[index])
        let last = lastRank[word]
        if last != UInt32(rank) {
          lastRank[word] = UInt32(rank)
          PostingCoding.append(
            last == .max ? UInt32(rank) + 1 : UInt32(rank) - last, to: &postings, at: &next[word])
        }
      }
    }
    var dictionaryBytes: [UInt8] = []
    var dictionaryStarts: [UInt32] = []
    dictionaryStarts.reserveCapacity(sorted.count + 1)
    bytes.withUnsafeBufferPointer { buffer in
      for word in sorted {
        dictionaryStarts.append(UInt32(dictionaryBytes.count))
        dictionaryBytes.append(contentsOf: buffer[Int(word.start)..<(Int(word.start) + Int(word.count))])
        dictionaryBytes.append(IndexStorage.separator)
      }
    }
    dictionaryStarts.append(UInt32(dictionaryBytes.count))
    self.init(
      dictionary: IndexStorage(sortedWords: dictionaryBytes, starts: dictionaryStarts),
      postingStarts: Column(sizes), postings: Column(postings),
      keyWords: KeyWordTable(starts: keyWordStarts, words: keyWords, wordCount: sorted.count), ranks: ranks,
      irregularRanks: Column(irregular), keysByRank: Column(keysByRank))
  }

  /// Appends to `spans` the words of the folded `text` (see ``WordIndex``), or returns `false` when
  /// the byte-based and the cluster-based readings of its words differ (an irregular key).
  static func words(of text: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>]) -> Bool {
    var isASCII = true
    var position = 0
    while position < text.count {
      guard ByteClass(text[position]).isWord, position == 0 || !ByteClass(text[position - 1]).isWord else {
        if text[position] >= 0x80 { isASCII = false }
        position += 1
        continue
      }
      let start = position
      while position < text.count, ByteClass(text[position]).isWord {
        if text[position] >= 0x80 { isASCII = false }
        position += 1
      }
      spans.append(start..<position)
    }
    if isASCII { return true }  // every ASCII byte is a cluster of its own (CR LF are not word bytes)
    // Each cluster must be all word bytes or none, and a word must start on a cluster boundary:
    // then the runs above are exactly the cluster-based words (``TypoMatcher/isWordStart(_:_:_:)``).
    let clusterStarts = ClusterBreaks.clusterStarts(of: text)
    var span = 0
    for index in 0..<(clusterStarts.count - 1) {
      let (start, end) = (clusterStarts[index], clusterStarts[index + 1])
      let isWord = ByteClass(text[start]).isWord
      for position in start..<end where ByteClass(text[position]).isWord != isWord { return false }
      while span < spans.count, spans[span].lowerBound < start { return false }  // a word inside a cluster
      if span < spans.count, spans[span].lowerBound == start { span += 1 }
    }
    return span == spans.count
  }
}

/// The distinct words met while building a ``WordIndex``: an open-addressing hash table of spans of
/// the keys' buffer, so that a word is stored once however many keys hold it.
struct WordTable {
  /// A distinct word: where it first occurs in the buffer, its length and its number.
  struct Word {
    var start: UInt32
    var count: UInt32
    var id: UInt32
  }

  private(set) var words: [Word] = []
  /// Per slot, the word's number plus one; 0 for an empty slot.
  private var slots = [UInt32](repeating: 0, count: 1 << 12)
  private var hashes: [UInt64] = []

  /// The number of the word `word`, which lies at `start` in `buffer`: its number if it was met
  /// before, else a new one.
  mutating func number(
    of word: UnsafeBufferPointer<UInt8>, at start: Int, in buffer: UnsafeBufferPointer<UInt8>
  )
    -> UInt32
  {
    let hash = Self.hash(word)
    var mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let id = Int(slots[slot] - 1)
      let found = words[id]
      if hashes[id] == hash, Int(found.count) == word.count,
        memcmpFast(buffer.baseAddress! + Int(found.start), word.baseAddress!, word.count)
      {
        return found.id
      }
      slot = (slot + 1) & mask
    }
    let id = UInt32(words.count)
    words.append(Word(start: UInt32(start), count: UInt32(word.count), id: id))
    hashes.append(hash)
    slots[slot] = id + 1
    if words.count * 2 > slots.count {
      slots = [UInt32](repeating: 0, count: slots.count * 2)
      mask = slots.count - 1
      for (index, hash) in hashes.enumerated() {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
      }
    }
    return id
  }

  /// The words sorted bytewise.
  func sortedWords(in buffer: UnsafeBufferPointer<UInt8>) -> [Word] {
    let base = buffer.baseAddress!
    return words.sorted { a, b in
      IndexStorage.compareForward(
        base + Int(a.start), Int(a.count), base + Int(b.start), Int(b.count), tie: a.id < b.id)
    }
  }

  /// FNV-1a over the word's bytes, mixed so its low bits spread.
  @inline(__always)
  static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
  }
}
