import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// A disk index created with ``Transliteration/latin`` answers exactly like a fresh
/// `SearchIndex(items, transliteration: .latin)` (the oracle) — readings, their ranking, highlights,
/// typos through readings, retyped queries — through reopening, adds, updates, removes, commits and
/// merges; an index without the option reads as before.
@Suite("Disk index readings")
struct DiskIndexReadingsTests {
  static let words = [
    "北京", "上海", "东京", "南京", "北海道", "Москва", "Київ", "Екатеринбург", "привет", "Αθήνα",
    "Θεσσαλονίκη", "ΑΘΗΝΑ", "서울", "부산", "とうきょう", "おおさか", "カタカナ", "Beirut", "beijing",
    "Moscow", "Athens", "seoul", "São Paulo", "tokyo", "Peking", "mosk", "  spaced ", "北京 Beijing",
    "თბილისი", "Երևան", "เชียงใหม่", "נתניה", "Ntn",
  ]

  static func randomItem(_ random: inout SplitMix64, number: Int) -> AutocompleteItem {
    func word() -> String { words[Int(random.next() % UInt64(words.count))] }
    let first = word()
    let text = random.next() % 3 == 0 ? first : first + " " + word()
    let alternates = random.next() % 4 == 0 ? [word()] : []
    let weight = Double(random.next() % 3)
    let id = random.next() % 6 == 0 ? text : "item-\(number)"
    return AutocompleteItem(text, alternateSearchTexts: alternates, weight: weight, id: id)
  }

  static let queries = [
    "bei", "beijing", "bei jing", "bj", "bjing", "beijnig", "mosk", "moskva", "moskav", "Москва", "мос",
    "vjcrdf", "ghbdtn", "athina", "athna", "thessaloniki", "seoul", "seo", "busan", "tokyo", "toukyou",
    "osaka", "katakana", "kyyiv", "shanghai", "jing", "s", "北", "東", "the", "sao", " spa",
    "tbilisi", "yerevan", "chiang mai", "netanya",
  ]

  static let optionSets: [SearchOptions] = MatchMode.allCases.flatMap { mode in
    [
      SearchOptions(mode: mode, maximumCount: 6),
      SearchOptions(mode: mode, maximumCount: -1),
      SearchOptions(mode: mode, maximumCount: 5, typoTolerance: .automatic),
      SearchOptions(mode: mode, maximumCount: 4, typoTolerance: .fixed(1)),
    ]
  }

  /// Checks that `index` answers every query and option set as `oracle` does
  /// (``DiskIndexTests/expectSameAnswers(_:_:queries:options:sourceLocation:)``).
  static func expectSameAnswers(
    _ index: DiskIndex, _ oracle: SearchIndex<AutocompleteItem>, queries: [String] = queries,
    options: [SearchOptions] = optionSets, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try DiskIndexTests.expectSameAnswers(
      index, oracle, queries: queries, options: options, sourceLocation: sourceLocation)
  }

  static func oracle(_ items: [AutocompleteItem]) -> SearchIndex<AutocompleteItem> {
    SearchIndex(items, transliteration: .latin)
  }

  @Test(.offThePool) func writtenAndReopenedAnswersLikeSearchIndex() throws {
    var random = SplitMix64(seed: 37)
    let items = (0..<250).map { Self.randomItem(&random, number: $0) }
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let written = try DiskIndex.create(at: directory, items: items, transliteration: .latin)
    #expect(written.transliteration == .latin)
    try Self.expectSameAnswers(written, Self.oracle(items))
    let reopened = try DiskIndex(contentsOf: directory)
    #expect(reopened.transliteration == .latin)
    try Self.expectSameAnswers(reopened, Self.oracle(items))
    try reopened.verify()
    let deferred = try DiskIndex(contentsOf: directory, verification: .deferred)
    try Self.expectSameAnswers(deferred, Self.oracle(items), queries: ["bj", "moskva", "vjcrdf", "seo"])
  }

  @Test(.offThePool) func readingKeysAreStoredInTheSegment() throws {
    let items: [AutocompleteItem] = ["北京", "Москва", "Paris"]
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items, transliteration: .latin)
    let index = try DiskIndex(contentsOf: directory)
    let name = try #require(index.info.segments.first?.file)
    let segment = try SegmentFile(path: directory.path + "/" + name)
    // 3 search texts, then "bei jing", "beijing", "bj", "moskva".
    #expect(segment.keyCount == 7)
    let storage = try IndexStorage(segment: segment, checks: true)
    #expect(storage.readingStart == 3)
    #expect(storage.keyCount == SearchIndex(items, transliteration: .latin).keyCount)
    let result = try #require(try index.search("bei").first)
    #expect(result.item.searchText == "北京" && result.match.reading == "bei jing")
    #expect(result.match.ranges.map { String(result.item.searchText[$0]) } == ["北"])
  }

  @Test(.offThePool) func indexWithoutReadingsStillRetypesWhenAsked() throws {
    var random = SplitMix64(seed: 5)
    let items = (0..<120).map { Self.randomItem(&random, number: $0) }
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items)
    let index = try DiskIndex(contentsOf: directory)
    #expect(index.transliteration == .none)
    #expect(try index.search("moskva", options: SearchOptions(mode: .exact)).isEmpty)
    let retyping = Self.optionSets.map { options in
      var options = options
      options.transliteration = .latin
      return options
    }
    try Self.expectSameAnswers(index, SearchIndex(items), options: retyping)
    #expect(try index.search("vjcrdf", options: retyping[0]).contains { $0.match.retypedQuery == "москва" })
  }

  @Test(.offThePool) func manifestWithoutTheOptionRefusesSegmentsWithReadings() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: ["北京", "Москва"], transliteration: .latin)
    let path = directory.path + "/" + IndexManifest.fileName
    let file = try MappedFile(path: path)
    var manifest = try IndexManifest(fileBytes: file.bytes)
    #expect(manifest.transliteration == "latin")
    manifest.transliteration = nil
    try FileIO.write(try manifest.fileBytes(), to: path)
    #expect(throws: DiskIndexError.self) { try DiskIndex(contentsOf: directory) }
    manifest.transliteration = "klingon"
    try FileIO.write(try manifest.fileBytes(), to: path)
    #expect(throws: DiskIndexError.malformed(file: "MANIFEST", reason: "unknown transliteration klingon")) {
      try DiskIndex(contentsOf: directory)
    }
  }

  /// A segment whose readings do not fit it — their start forged, or keys that are not its items'
  /// readings (another build's tables, a forged key number) — is an error, never a trap or a
  /// highlight on the wrong characters.
  @Test(.offThePool) func forgedReadingsAreErrors() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let items: [AutocompleteItem] = ["北京", "Москва"]
    let created = try DiskIndex.create(at: directory, items: items, transliteration: .latin)
    let path = directory.path + "/" + (try #require(created.info.segments.first?.file))
    func forge(_ storage: IndexStorage, items: [AutocompleteItem]) throws {
      var writer = SegmentFileWriter(sectionCount: storage.sectionCount + StoredItems.sectionCount)
      storage.write(to: &writer)
      try StoredItems.write(items, to: &writer)
      try FileIO.write(
        writer.finish(flags: [.sorted], itemCount: items.count, keyCount: storage.keyCount), to: path)
    }
    var storage = IndexStorage(
      items: items, folder: TextFolder(isCaseSensitive: false), transliteration: .latin)
    #expect(storage.readingStart == 2)
    storage.readingStart = 1
    try forge(storage, items: items)
    #expect(
      throws: DiskIndexError.malformed(
        file: (path as NSString).lastPathComponent, reason: "reading keys start out of range")
    ) {
      try DiskIndex(contentsOf: directory)
    }
    // 北京's reading keys stored for 南京, whose readings differ.
    storage.readingStart = 2
    try forge(storage, items: ["南京", "Москва"])
    let index = try DiskIndex(contentsOf: directory)
    #expect(throws: DiskIndexError.self) { try index.search("beijing") }
    #expect(try index.search("moskva").map(\.item.searchText) == ["Москва"])
  }

  /// Random adds, updates, removes, commits, merges and reopenings; after each step the index
  /// answers like a fresh `SearchIndex(items, transliteration: .latin)` of the items a plain array
  /// model holds.
  @Test(.offThePool, arguments: [1, 2, 3] as [UInt64])
  func randomOperationsAnswerLikeAFreshBuild(seed: UInt64) throws {
    let fewQueries = ["bei", "bj", "moskva", "moskav", "vjcrdf", "athina", "seo", "tokyo", "北", "s"]
    let fewOptions = MatchMode.allCases.flatMap { mode in
      [
        SearchOptions(mode: mode, maximumCount: 5),
        SearchOptions(mode: mode, maximumCount: 4, typoTolerance: .automatic),
      ]
    }
    try DiskIndexRandomOperations.run(
      seed: 3700 + seed, steps: 80, initialCount: 30,
      create: { try DiskIndex.create(at: $0, items: $1, transliteration: .latin) },
      makeItem: { Self.randomItem(&$0, number: $1) }
    ) { disk, model, _ in
      #expect(disk.transliteration == .latin)
      try Self.expectSameAnswers(disk, Self.oracle(model), queries: fewQueries, options: fewOptions)
    }
  }
}
