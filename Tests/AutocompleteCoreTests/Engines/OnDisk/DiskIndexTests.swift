import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// A disk index answers exactly like a fresh ``SearchIndex`` of the same items (the oracle), through
/// reopening, adds, updates, removes, commits and merges.
@Suite("Disk index")
struct DiskIndexTests {
  /// A fresh directory under the temporary one.
  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("disk-index-\(UUID().uuidString)")
  }

  static let words = [
    "san", "santos", "são paulo", "stuttgart", "straße", "łódź", "thủ đức", "new york", "newark",
    "paris", "perth", "sankt pölten", "  spaced ", "CamelCase", "naïve café", "कि", "क", "东京",
    "👩‍👩‍👧 family", "s", "ss", "sa", "zürich", "Zurich", "york", "ΑΘΗΝΑ", "athens", "москва",
  ]

  static func randomItem(_ random: inout SplitMix64, number: Int) -> AutocompleteItem {
    let first = words[Int(random.next() % UInt64(words.count))]
    let second = words[Int(random.next() % UInt64(words.count))]
    let text = random.next() % 3 == 0 ? first : first + " " + second
    let alternates = random.next() % 4 == 0 ? [words[Int(random.next() % UInt64(words.count))]] : []
    let weight = Double(random.next() % 4)
    let id = random.next() % 5 == 0 ? text : "item-\(number)"
    return AutocompleteItem(text, alternateSearchTexts: alternates, weight: weight, id: id)
  }

  static let queries = [
    "", "s", "sa", "san", "sao", "SAO", "São", "str", "strasse", "lodz", "york", "ork", "nwe", "sanots",
    "paris", "cc", "cafe", "naive cafe", "क", "东", "family", "zur", "ZÜR", "ath", "мос", " spa", "spaced ",
    "x", "ptr", "stutgart",
  ]

  static let optionSets: [SearchOptions] = MatchMode.allCases.flatMap { mode in
    [
      SearchOptions(mode: mode, maximumCount: 7),
      SearchOptions(mode: mode, maximumCount: -1),
      SearchOptions(mode: mode, isCaseSensitive: true, maximumCount: 5),
      SearchOptions(mode: mode, maximumCount: 6, typoTolerance: .automatic),
      SearchOptions(mode: mode, maximumCount: 4, typoTolerance: .fixed(1)),
    ]
  }

  /// Checks that `index` answers every query and option set as a `SearchIndex` of `items` does.
  static func expectSameAnswers(
    _ index: DiskIndex, _ items: [AutocompleteItem], queries: [String] = queries,
    options: [SearchOptions] = optionSets,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectSameAnswers(
      index, SearchIndex(items), queries: queries, options: options, sourceLocation: sourceLocation)
  }

  /// Checks that `index` answers every query and option set as `oracle` does, every field of each
  /// match compared (highlights, the reading matched, the retyped query).
  static func expectSameAnswers(
    _ index: DiskIndex, _ oracle: SearchIndex<AutocompleteItem>, queries: [String],
    options: [SearchOptions], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(index.count == oracle.items.count, sourceLocation: sourceLocation)
    for query in queries {
      for option in options {
        let expected = try oracle.search(query, options: option)
        let actual = try index.search(query, options: option)
        let same =
          expected.count == actual.count
          && zip(expected, actual).allSatisfy { e, a in
            e.offset == a.offset && e.item.id == a.item.id && e.item.searchText == a.item.searchText
              && e.match == a.match
          }
        let answers =
          "\(expected.map { ($0.offset, $0.match.reading ?? "") }) vs "
          + "\(actual.map { ($0.offset, $0.match.reading ?? "") })"
        #expect(
          same, "\(query) \(option.mode) \(option.maximumCount as Any) \(option.typoTolerance): \(answers)",
          sourceLocation: sourceLocation)
        if !same { return }
      }
    }
  }

  @Test(.offThePool) func writtenAndReopenedAnswersLikeSearchIndex() throws {
    var random = SplitMix64(seed: 34)
    let items = (0..<300).map { Self.randomItem(&random, number: $0) }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let written = try DiskIndex.create(at: directory, items: items)
    try Self.expectSameAnswers(written, items)
    let reopened = try DiskIndex(contentsOf: directory)
    try Self.expectSameAnswers(reopened, items)
    try reopened.verify()
    #expect(try reopened.items().map(\.id) == items.map(\.id))
    #expect(try reopened.items().map(\.alternateSearchTexts) == items.map(\.alternateSearchTexts))
  }

  @Test(.offThePool) func storedFieldsComeBackWhole() throws {
    let item = AutocompleteItem(
      "São Paulo", displayText: "São Paulo, Brazil", completionText: "Sao Paulo",
      alternateSearchTexts: ["SP", ""],
      weight: 12.5, id: "br-sp")
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: [item, "plain"])
    let index = try DiskIndex(contentsOf: directory)
    let read = try index.items()
    #expect(read.map(\.id) == ["br-sp", "plain"])
    #expect(read[0].displayText == item.displayText && read[0].completionText == item.completionText)
    #expect(read[0].alternateSearchTexts == item.alternateSearchTexts && read[0].weight == 12.5)
    #expect(read[1].displayText == "plain" && read[1].completionText == "plain")
  }

  @Test(.offThePool) func caseSensitiveIndexAnswersLikeSearchIndex() throws {
    var random = SplitMix64(seed: 7)
    let items = (0..<120).map { Self.randomItem(&random, number: $0) }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: items, isCaseSensitive: true)
    let index = try DiskIndex(contentsOf: directory)
    let oracle = SearchIndex(items, isCaseSensitive: true)
    for query in ["S", "s", "São", "sao", "Zur"] {
      for mode in MatchMode.allCases {
        for sensitive in [false, true] {
          let options = SearchOptions(mode: mode, isCaseSensitive: sensitive, maximumCount: 8)
          #expect(
            try index.search(query, options: options).map(\.offset)
              == oracle.search(query, options: options).map(\.offset))
        }
      }
    }
  }

  @Test(.offThePool) func customRankingAnswersLikeSearchIndex() throws {
    var random = SplitMix64(seed: 9)
    let items = (0..<200).map { Self.randomItem(&random, number: $0) }
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: Array(items[..<150]))
    try index.add(Array(items[150...]))
    let longestFirst = SearchRanking.custom {
      $0.length != $1.length ? $0.length > $1.length : $0.offset < $1.offset
    }
    let oracle = SearchIndex(items)
    for query in ["s", "sa", "york"] {
      let options = SearchOptions(mode: .contains, maximumCount: 9)
      #expect(
        try index.search(query, options: options, ranking: longestFirst).map(\.offset)
          == oracle.search(query, options: options, ranking: longestFirst).map(\.offset))
    }
  }

  /// Random adds, updates, removes, commits, merges and reopenings; after each step the index
  /// answers like a fresh `SearchIndex` of the items a plain array model holds.
  @Test(.offThePool, arguments: [1, 2, 3] as [UInt64])
  func randomOperationsAnswerLikeAFreshBuild(seed: UInt64) throws {
    let fewQueries = ["s", "sa", "san", "sao", "york", "nwe", "क", "zur", " spa"]
    let fewOptions = MatchMode.allCases.flatMap { mode in
      [
        SearchOptions(mode: mode, maximumCount: 5),
        SearchOptions(mode: mode, maximumCount: 4, typoTolerance: .automatic),
      ]
    }
    try DiskIndexRandomOperations.run(
      seed: seed, steps: 120, initialCount: 40, create: { try DiskIndex.create(at: $0, items: $1) },
      makeItem: { Self.randomItem(&$0, number: $1) }
    ) { disk, model, _ in
      try Self.expectSameAnswers(disk, model, queries: fewQueries, options: fewOptions)
    }
  }

  /// Items added one at a time (with updates among them) stay in a logarithmic number of in-memory
  /// parts, and answer like a fresh build before and after they are committed.
  @Test(.offThePool) func singleAddsStayInFewPartsAndAnswerLikeAFreshBuild() throws {
    var random = SplitMix64(seed: 7)
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var model = (0..<20).map { Self.randomItem(&random, number: $0) }
    let index = try DiskIndex.create(at: directory, items: model)
    for number in 20..<276 {
      let item = Self.randomItem(&random, number: number)
      if number % 5 == 0, let victim = model.randomElement(using: &random) {
        var replacement = item
        replacement.id = victim.id
        try index.update(replacement)
        model.removeAll { $0.id == victim.id }
        model.append(replacement)
      } else {
        try index.add([item])
        model.append(item)
      }
      let added = index.info.uncommittedAddedCount
      #expect(index.memoryPartCount <= 2 * (Int.bitWidth - added.leadingZeroBitCount) + 1, "\(added) added")
    }
    #expect(index.memoryPartCount > 1)
    let fewOptions = MatchMode.allCases.map {
      SearchOptions(mode: $0, maximumCount: 6, typoTolerance: .automatic)
    }
    try Self.expectSameAnswers(index, model, options: fewOptions)
    try index.commit()  // to the log: the parts stay in memory, and a reopening replays the log
    #expect(index.info.logCommitCount == 1)
    try Self.expectSameAnswers(DiskIndex(contentsOf: directory), model, options: fewOptions)
    try index.checkpoint()
    #expect(index.memoryPartCount == 0 && index.info.logCommitCount == 0)
    try Self.expectSameAnswers(DiskIndex(contentsOf: directory), model, options: fewOptions)
  }

  /// Commits of one item each (with removals among them) keep a logarithmic number of segments,
  /// delete the files merged away, and answer like a fresh build, reopened too.
  @Test(.offThePool) func singleCommitsStayInFewSegments() throws {
    var random = SplitMix64(seed: 11)
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var model = (0..<30).map { Self.randomItem(&random, number: $0) }
    let index = try DiskIndex.create(at: directory, items: model)
    for number in 30..<130 {
      let item = Self.randomItem(&random, number: number)
      try index.add([item])
      model.append(item)
      if number % 7 == 0, let victim = model.randomElement(using: &random) {
        try index.remove(id: victim.id)
        model.removeAll { $0.id == victim.id }
      }
      try index.commit()
      let segments = index.info.segments.count
      #expect(segments <= 2 * (Int.bitWidth - (number - 29).leadingZeroBitCount) + 1, "after \(number - 29)")
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
        $0.hasSuffix(".aks")
      }
      #expect(files.count == segments)
    }
    let fewOptions = MatchMode.allCases.map {
      SearchOptions(mode: $0, maximumCount: 6, typoTolerance: .automatic)
    }
    try Self.expectSameAnswers(index, model, options: fewOptions)
    try Self.expectSameAnswers(DiskIndex(contentsOf: directory), model, options: fewOptions)
  }

  /// An add larger than ``IndexSegment/eagerLimit`` (built on first use) answers like a fresh
  /// build before and after its commit, which absorbs the small segment before it.
  @Test(.offThePool) func largeAddAnswersLikeAFreshBuild() throws {
    var random = SplitMix64(seed: 5)
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var model = (0..<10).map { Self.randomItem(&random, number: $0) }
    let index = try DiskIndex.create(at: directory, items: model)
    let added = (10..<(IndexSegment.eagerLimit + 100)).map { Self.randomItem(&random, number: $0) }
    try index.add(added)
    model += added
    let options = [
      SearchOptions(mode: .prefix, maximumCount: 8), SearchOptions(mode: .fuzzy, maximumCount: 8),
    ]
    try Self.expectSameAnswers(index, model, queries: ["s", "sao", "york"], options: options)
    try index.commit()
    #expect(index.info.segments.count == 1)
    try Self.expectSameAnswers(
      DiskIndex(contentsOf: directory), model, queries: ["s", "sao", "york"], options: options)
  }

  @Test(.offThePool) func largestLimitWithRemovedItems() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let index = try DiskIndex.create(at: directory, items: ["sa", "sb", "sc"])
    _ = try index.remove(id: "sb")
    let results = try index.search("s", options: SearchOptions(maximumCount: Int.max))
    #expect(results.map(\.item.searchText) == ["sa", "sc"])
    #expect(results.map(\.offset) == [0, 1])
  }

  @Test(.offThePool) func readOnlyIndexRefusesChangesAndTakesNoLock() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try DiskIndex.create(at: directory, items: ["a", "b"])
    #expect(throws: DiskIndexError.locked(path: directory.path)) {
      try DiskIndex(contentsOf: directory, access: .readWrite)
    }
    let reader = try DiskIndex(contentsOf: directory)
    #expect(throws: DiskIndexError.readOnly) { try reader.add(["c"]) }
    _ = writer
  }

  @Test(.offThePool) func copiedDirectoryOpensElsewhere() throws {
    let directory = Self.temporaryDirectory()
    let copy = Self.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: copy)
    }
    let index = try DiskIndex.create(at: directory, items: ["alpha", "beta"])
    try index.add(["gamma"])
    _ = try index.remove(id: "alpha")
    try index.commit()
    try FileManager.default.copyItem(at: directory, to: copy)
    try FileManager.default.removeItem(at: directory)
    let opened = try DiskIndex(contentsOf: copy)
    #expect(try opened.items().map(\.searchText) == ["beta", "gamma"])
  }
}
