import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// The word index's compact tables (``KeyWordTable``, ``PostingCoding``), its lean dictionary and
/// its on-disk format version: tables read back what was packed at every width, wide tables answer
/// as the scan does, and forged or older sections are refused or scanned.
@Suite("Word index: compact tables and format")
struct WordIndexCompactTests {
  @Test(.offThePool, arguments: [10, 300, 70_000, 20_000_000])
  func keyWordTablesReadBackWhatWasPacked(wordCount: Int) throws {
    var random = SplitMix64(seed: UInt64(wordCount))
    var starts: [UInt32] = [0]
    var words: [UInt32] = []
    for key in 0..<200 {
      // A few keys of many words: their block's offsets need 2 bytes.
      let count = key % 97 == 5 && wordCount > 10 ? 300 : Int(random.next() % 6)
      for _ in 0..<count { words.append(UInt32(random.next() % UInt64(wordCount))) }
      starts.append(UInt32(words.count))
    }
    let table = KeyWordTable(starts: starts, words: words, wordCount: wordCount)
    #expect(table.wordWidth == KeyWordTable.width(of: 2 * wordCount - 1))
    #expect(table.offsetWidth == (wordCount > 10 ? 2 : 1))
    #expect(table.keyCount == 200 && table.wordCount == words.count)
    #expect(table.isConsistent(keyCount: 200, wordCount: wordCount))
    let reader = KeyWordTable.Reader(table)
    for key in 0..<200 {
      let range = reader.range(ofRank: key)
      #expect(range == Int(starts[key])..<Int(starts[key + 1]))
      #expect(range.map { reader.word(at: $0) } == words[range].map { Int($0) })
    }
    // A word number past the dictionary is refused.
    #expect(!table.isConsistent(keyCount: 200, wordCount: words.max().map { Int($0) } ?? 0))
    #expect(!table.isConsistent(keyCount: 199, wordCount: wordCount))
    // Its entries and the keys without words are what a segment stores: they make the same table.
    let empty = Column(table.emptyRanks)
    #expect(empty.count == (0..<200).filter { starts[$0] == starts[$0 + 1] }.count)
    let read = try #require(
      KeyWordTable(entries: table.words, wordWidth: table.wordWidth, keyCount: 200, emptyRanks: empty))
    #expect(read.blockStarts.array == table.blockStarts.array && read.offsets.array == table.offsets.array)
    #expect(read.offsetWidth == table.offsetWidth && read.isConsistent(keyCount: 200, wordCount: wordCount))
    // Entries that end too few or too many keys, or empty ranks out of order, make none.
    #expect(
      KeyWordTable(entries: table.words, wordWidth: table.wordWidth, keyCount: 201, emptyRanks: empty) == nil)
    #expect(
      KeyWordTable(entries: table.words, wordWidth: table.wordWidth, keyCount: 199, emptyRanks: empty) == nil)
    if empty.count > 1 {
      let reversed = Column(Array(empty.array.reversed()))
      #expect(
        KeyWordTable(entries: table.words, wordWidth: table.wordWidth, keyCount: 200, emptyRanks: reversed)
          == nil)
    }
  }

  /// Each list ends with a zero byte, which no number holds: the lists' starts follow from them.
  @Test(.offThePool) func postingStartsFollowFromTheListEnds() throws {
    var random = SplitMix64(seed: 77)
    let items = (0..<300).map { WordIndexTests.item(&random, number: $0) }
    let words = try #require(SearchIndex(items).storage.words)
    let starts = try #require(
      words.postings.runStarts(endedBy: PostingCoding.terminator, count: words.wordCount))
    #expect(starts == words.postingStarts.array)
    #expect(words.postings.array.filter { $0 == PostingCoding.terminator }.count == words.wordCount)
  }

  @Test(.offThePool) func postingCodingRoundTripsAndStopsAtTheEnd() {
    let values: [UInt32] = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 21, (1 << 28) + 5, .max]
    var bytes = [UInt8](repeating: 0, count: values.map(PostingCoding.size).reduce(0, +))
    var position = 0
    for value in values { PostingCoding.append(value, to: &bytes, at: &position) }
    #expect(position == bytes.count)
    bytes.withUnsafeBufferPointer { buffer in
      var at = 0
      #expect(values.map { _ in PostingCoding.read(buffer, at: &at, end: buffer.count) } == values)
      // A number cut off by the end of its list ends there.
      var cut = 0
      _ = PostingCoding.read(buffer, at: &cut, end: 3)  // 0, 1, 127: three one-byte numbers
      #expect(cut == 1)
      var inside = 4
      _ = PostingCoding.read(buffer, at: &inside, end: 4)
      #expect(inside == 4)
    }
  }

  /// Items of several hundred distinct words, some of hundreds of words: 2-byte word numbers and
  /// offsets, answering as the scan does, in memory and from a segment.
  @Test(.offThePool) func wideTablesAnswerAsTheScan() throws {
    var random = SplitMix64(seed: 451)
    let vocabulary = (0..<700).map { number in
      String((0..<(3 + number % 5)).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 8))) })
        + (number % 50 == 0 ? "é" : "")
    }
    func word() -> String { vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
    let items = (0..<300).map { number in
      AutocompleteItem(
        (0..<(number % 60 == 7 ? 400 : 1 + number % 5)).map { _ in word() }.joined(separator: " "),
        id: "w\(number)", attributes: ["category": .string(number % 3 == 0 ? "Shoes" : "Food")])
    }
    let index = SearchIndex(items)
    let words = try #require(index.storage.words)
    #expect(words.keyWords.wordWidth == 2 && words.keyWords.offsetWidth == 2)
    let queries =
      (0..<12).flatMap { _ in
        let typed = word() + " " + word()
        return (1...typed.count).map { String(typed.prefix($0)) }
      } + ["zz", "a", "abc abd"]
    var options: [SearchOptions] = []
    for tolerance in [TypoTolerance.off, .automatic] {
      for limit in [3, -1] {
        var option = SearchOptions(mode: .words, maximumCount: limit, typoTolerance: tolerance)
        options.append(option)
        option.filter = Attribute("category") == "Shoes"
        options.append(option)
      }
    }
    try WordIndexTests.expectSame(
      index, SearchIndex(items, sortsKeys: false), queries: queries, options: options, label: "wide")
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items)
    try DiskIndexTests.expectSameAnswers(
      try DiskIndex(contentsOf: directory), SearchIndex(items, sortsKeys: false), queries: queries,
      options: options)
  }

  /// The dictionary keeps its sorted keys and trie only, its ranks are its sorted order, and a
  /// segment stores neither keys by rank, nor the starts of postings and of each key's words, nor
  /// the dictionary's starts, sorted order, `lcp `, `tail`, suffix order, ranks or masks.
  @Test(.offThePool) func theDictionaryIsLeanInMemoryAndOnDisk() throws {
    var random = SplitMix64(seed: 5)
    let items = (0..<120).map { WordIndexTests.item(&random, number: $0) }
    let dictionary = try #require(SearchIndex(items).storage.words).dictionary
    #expect(dictionary.isWordDictionary && dictionary.backward.isEmpty && dictionary.masks.isEmpty)
    #expect(dictionary.ranks.elementsEqual(0..<UInt32(dictionary.keyCount)) && dictionary.trie != nil)
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items)
    let file = try SegmentFile(path: directory.path + "/seg-000001.aks")
    let space = WordIndex.Tag.dictionarySpace
    for name: StaticString in ["rank", "bwd ", "bmin", "mask", "strt", "fwd ", "fmin", "lcp ", "tail"] {
      #expect(file.sections[SegmentFile.tag(name) | space] == nil, "\(name)")
      #expect(file.sections[SegmentFile.tag(name)] != nil, "\(name)")
    }
    for name: StaticString in ["wrnk", "wkst", "wpst", "wkbs", "wkof"] {
      #expect(file.sections[SegmentFile.tag(name)] == nil, "\(name)")
    }
    #expect(try file.array(WordIndex.Tag.scalars, as: UInt64.self).first == 3)
    // What the segment leaves out is made again as the build made it.
    let segment = try IndexSegment(directory: directory.path, name: "seg-000001.aks")
    #expect(segment.storage.wordIndex?.madeValue == nil)  // read by the first query that needs it
    let read = try #require(try segment.storage.checkedWords())
    let built = try #require(SearchIndex(items).storage.words)
    #expect(read.postingStarts.array == built.postingStarts.array)
    #expect(read.keyWords.offsets.array == built.keyWords.offsets.array)
    #expect(read.dictionary.starts.array == built.dictionary.starts.array)
    #expect(read.dictionary.trie?.lcp.array == built.dictionary.trie?.lcp.array)
    #expect(read.dictionary.trie?.tail.array == built.dictionary.trie?.tail.array)
    #expect(read.dictionary.forwardMinima.array == built.dictionary.forwardMinima.array)
  }

  /// A segment of an earlier word index format (versions 1 and 2) opens as one without a word
  /// index and answers from the scan (and passes the full check); a version this reader does not
  /// know is an error.
  @Test(.offThePool) func anOlderFormatScansAndAnUnknownOneIsRefused() throws {
    var random = SplitMix64(seed: 9)
    let items = (0..<150).map { WordIndexTests.item(&random, number: $0) }
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items)
    let path = directory.path + "/seg-000001.aks"
    let options = [TypoTolerance.off, .automatic].map {
      SearchOptions(mode: .words, maximumCount: 10, typoTolerance: $0)
    }
    let queries = Array(WordIndexTests.typedQueries(items, &random, count: 3).suffix(12))
    for version: UInt8 in [1, 2] {
      try DiskIndexForgedAttributesTests.forge(path, section: "wscl") { $0[0] = version }
      let older = try DiskIndex(contentsOf: directory)
      #expect(try !IndexSegment(directory: directory.path, name: "seg-000001.aks").storage.hasWordIndex)
      try DiskIndexTests.expectSameAnswers(
        older, SearchIndex(items, sortsKeys: false), queries: queries, options: options)
      try older.verify(.full)  // its word index sections are not this build's, and not compared
    }
    try DiskIndexForgedAttributesTests.forge(path, section: "wscl") { $0[0] = 4 }
    #expect(throws: DiskIndexError.malformed(file: "seg-000001.aks", reason: "word index version 4")) {
      _ = try DiskIndex(contentsOf: directory)
    }
  }

  struct Forgery: CustomTestStringConvertible, Sendable {
    let section: String
    let what: String
    var inDictionary = false
    let edit: @Sendable (inout [UInt8]) -> Void
    var testDescription: String { "\(section)\(inDictionary ? " (word dictionary)" : ""): \(what)" }
  }

  static let forgeries: [Forgery] = [
    .init(section: "wkwd", what: "a word number past the dictionary") { $0[0] = 0xFF },
    .init(section: "wkwd", what: "a key's last word not marked as its last") { $0[0] &= 0xFE },
    .init(section: "wscl", what: "one more key without words than listed") { $0[24] &+= 1 },
    .init(section: "wpos", what: "a list's end cut off") { $0[$0.count - 1] = 0x80 },
    .init(section: "wpos", what: "a list's end moved into its number") { $0[$0.count - 2] = 0 },
    .init(section: "wscl", what: "a key word entry of 5 bytes") { $0[32] = 5 },
    .init(section: "keys", what: "a word of the dictionary split in two", inDictionary: true) { bytes in
      let separator = IndexStorage.separator
      let inside = (1..<(bytes.count - 1)).first {
        bytes[$0 - 1] != separator && bytes[$0] != separator && bytes[$0 + 1] != separator
      }
      bytes[inside!] = separator
    },
  ]

  /// Numbers forged with valid checksums: a checked open refuses them with a clear error, or (for
  /// the sections only a words or contains query reads) the first such query does, every time; a
  /// prefix query, which never reads them, answers as the items say.
  @Test(.offThePool, arguments: forgeries)
  func forgedNumbersAreRefusedBeforeAWordsQueryReadsThem(forgery: Forgery) throws {
    var random = SplitMix64(seed: 12)
    let items = (0..<80).map { WordIndexTests.item(&random, number: $0) }
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items)
    try DiskIndexForgedAttributesTests.forge(
      directory.path + "/seg-000001.aks",
      tag: forgery.section.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << UInt32(8 * $1.offset) }
        | (forgery.inDictionary ? WordIndex.Tag.dictionarySpace : 0),
      forgery.edit)
    func expectMalformed(_ body: () throws -> Void) {
      do {
        try body()
        Issue.record("\(forgery.testDescription): no error")
      } catch let error as DiskIndexError {
        guard case .malformed = error else {
          Issue.record("\(forgery.testDescription): \(error)")
          return
        }
      } catch {
        Issue.record("\(forgery.testDescription): \(error)")
      }
    }
    let index: DiskIndex
    do {
      index = try DiskIndex(contentsOf: directory)
    } catch {
      expectMalformed { throw error }
      return
    }
    let prefix = String(items[0].searchText.prefix(2))
    let options = SearchOptions(mode: .prefix, maximumCount: -1)
    #expect(
      try index.search(prefix, options: options).map(\.offset)
        == SearchIndex(items).search(prefix, options: options).map(\.offset))
    for mode in [MatchMode.words, .contains, .words] {
      expectMalformed { _ = try index.search("zzq", options: SearchOptions(mode: mode, maximumCount: 5)) }
    }
    // After an open that checks nothing, `verify()` finds the forged number too.
    let deferred = try DiskIndex(contentsOf: directory, verification: .deferred)
    expectMalformed { try deferred.verify(.checksums) }
  }
}
