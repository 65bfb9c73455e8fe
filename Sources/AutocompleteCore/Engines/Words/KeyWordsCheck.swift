/// What checking one key against a planned words query (``WordsQuery``) reads, as raw memory: the
/// key's words (``WordIndex/keyWords``) and, per query word, either its table of typos by dictionary
/// word or the range of dictionary words it starts. Made once per search; it reads the columns of a
/// ``WordIndex`` the caller keeps alive (and its tables, which it keeps itself).
struct KeyWordsCheck {
  /// How one query word tells whether a dictionary word is one of its own, and at how many typos.
  enum Choice {
    /// With typos: a byte per dictionary word, ``WordsQuery/none`` for the others.
    case table([UInt8])
    /// Without typos: the dictionary words it starts (its byte length), checked for the cluster
    /// boundary after it unless it ends in ASCII and the word goes on with ASCII.
    case range(Range<Int>, length: Int, endsInASCII: Bool)
  }

  let choices: [Choice]
  /// The first query word's starting range: a key whose first word is outside it cannot start with
  /// the whole query.
  let firstRange: Range<Int>
  private let keyWords: KeyWordTable.Reader
  private let dictionaryStarts: UnsafeBufferPointer<UInt32>
  private let dictionaryBytes: UnsafeBufferPointer<UInt8>
  private let dictionary: IndexStorage

  init(_ query: WordsQuery, index: WordIndex) {
    choices = query.words.map { word in
      word.table.map { .table($0) }
        ?? .range(word.prefixRange, length: word.bytes.count, endsInASCII: word.endsInASCII)
    }
    firstRange = query.words[0].prefixRange
    keyWords = KeyWordTable.Reader(index.keyWords)
    dictionaryStarts = index.dictionary.starts.unsafeBuffer
    dictionaryBytes = index.dictionary.bytes.unsafeBuffer
    dictionary = index.dictionary
  }

  /// Whether the key of rank `rank` may start with the whole query: its first word is one the
  /// first query word starts (necessary, not sufficient).
  @inline(__always)
  func mayStartWithQuery(rank: Int) -> Bool {
    let words = keyWords.range(ofRank: rank)
    return !words.isEmpty && firstRange.contains(keyWords.word(at: words.lowerBound))
  }

  /// Whether some word of the key of rank `rank` is one the query word `choice` may be.
  @inline(__always)
  func holdsWord(rank: Int, of choice: Int) -> Bool {
    keyWords.range(ofRank: rank).contains {
      typos(of: keyWords.word(at: $0), as: choices[choice]) != WordsQuery.none
    }
  }

  /// The typos of the regular key of rank `rank`: the sum over the query words of the fewest any
  /// of its words costs, or `nil` when some query word is none of them.
  @inline(__always)
  func typos(ofKeyAt rank: Int) -> Int? {
    let words = keyWords.range(ofRank: rank)
    guard !words.isEmpty else { return nil }
    var total = 0
    for choice in choices {
      var fewest = WordsQuery.none
      for position in words {
        let typos = self.typos(of: keyWords.word(at: position), as: choice)
        if typos < fewest {
          fewest = typos
          if fewest == 0 { break }
        }
      }
      guard fewest != WordsQuery.none else { return nil }
      total += Int(fewest)
    }
    return total
  }

  /// The typos at which a query word (`choice`) is dictionary word `word`; ``WordsQuery/none`` when
  /// it is not.
  @inline(__always)
  private func typos(of word: Int, as choice: Choice) -> UInt8 {
    switch choice {
    case .table(let table):
      return table[word]
    case .range(let range, let length, let endsInASCII):
      guard range.contains(word) else { return WordsQuery.none }
      let start = Int(dictionaryStarts[word])
      let count = Int(dictionaryStarts[word + 1]) - 1 - start
      if count == length || (endsInASCII && dictionaryBytes[start + length] < 0x80) { return 0 }
      let text = UnsafeBufferPointer(rebasing: dictionaryBytes[start..<(start + count)])
      return GraphemeBoundary.isBoundary(text, at: length) ? 0 : WordsQuery.none
    }
  }
}
