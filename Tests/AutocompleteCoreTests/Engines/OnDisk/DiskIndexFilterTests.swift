import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Filters, boost, `distinct`, fields and facets over a ``DiskIndex`` answer exactly as over a
/// ``SearchIndex`` of the same items (the oracle), through random adds, updates, removes, commits,
/// merges and reopenings: the attributes are stored in the segments and carried through all of them.
@Suite("Disk index filters")
struct DiskIndexFilterTests {
  typealias Random = FilteredSearchDifferentialTests

  /// Random items with random attributes, each with an id of its own.
  static func items(_ random: inout SplitMix64, from number: inout Int, count: Int) -> [AutocompleteItem] {
    Random.items(&random, count: count).map { item in
      var item = item
      number += 1
      item.id = "item-\(number)"
      return item
    }
  }

  /// Random options: a mode, typos or not, a filter, a boost, `distinct`, fields and a limit.
  static func options(_ random: inout SplitMix64, round: Int) -> SearchOptions {
    var options = SearchOptions(
      mode: Random.modes[round % Random.modes.count],
      maximumCount: [nil, 1, 3, 8].randomElement(using: &random)!)
    options.includesHighlightRanges = round % 5 == 0
    options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
    if Int.random(in: 0..<4, using: &random) > 0 { options.filter = Random.filter(&random) }
    if Int.random(in: 0..<3, using: &random) == 0 { options.boost = Random.filter(&random) }
    if Int.random(in: 0..<3, using: &random) == 0 {
      options.distinct = ["country", "tags", "population", "flag"].randomElement(using: &random)!
    }
    if Int.random(in: 0..<6, using: &random) == 0 {
      options.fields = [.name, .alternates, SearchFields(name: 1, alternates: 3)].randomElement(
        using: &random)!
    }
    return options
  }

  /// Whether `options` name the attribute `nothing`, which no random item has (a `DiskIndex`
  /// throws ``UnknownAttributeError`` for it; a `SearchIndex` answers as if no item matched).
  static func namesNothing(_ options: SearchOptions) -> Bool {
    (options.filter?.attributeNames ?? []).contains("nothing")
      || (options.boost?.attributeNames ?? []).contains("nothing") || options.distinct == "nothing"
  }

  /// Checks random searches and facet counts of `disk` against a `SearchIndex` of `model`.
  static func expectSameAnswers(
    _ disk: DiskIndex, _ model: [AutocompleteItem], random: inout SplitMix64, rounds: Int, step: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    let oracle = SearchIndex(model)
    for round in 0..<rounds {
      var options = Self.options(&random, round: round)
      let query = Random.word(&random, length: 0...3)
      let ranking: SearchRanking =
        round % 11 == 0
        ? .custom { $0.length != $1.length ? $0.length < $1.length : $0.offset < $1.offset }
        : .standard
      if !ranking.isStandard {
        // Not compared: a custom ranking with `distinct`. Which item a `SearchIndex` keeps of a
        // group then follows its top results' internal order (the standard one, before fields,
        // sensitive checks and the custom order apply), which no test pins down against a brute
        // force; segments cannot repeat that choice across their boundaries in every case.
        options.distinct = nil
      }
      if Self.namesNothing(options) {
        // No item has `nothing`: the disk index says so instead of answering as if none matched.
        #expect(throws: UnknownAttributeError.self) {
          try disk.search(query, options: options, ranking: ranking)
        }
        continue
      }
      let expected = try oracle.search(query, options: options, ranking: ranking)
      let actual = try disk.search(query, options: options, ranking: ranking)
      let same =
        Random.answers(expected) == Random.answers(actual)
        && expected.map(\.item.id) == actual.map(\.item.id)
        && expected.map(\.match.ranges) == actual.map(\.match.ranges)
      #expect(
        same,
        "step \(step) round \(round) query \(query) \(options.mode) typos \(options.typoTolerance) filter \(String(describing: options.filter)) boost \(String(describing: options.boost)) distinct \(String(describing: options.distinct)) fields \(String(describing: options.fields)) limit \(String(describing: options.maximumCount)): \(Random.answers(actual)) instead of \(Random.answers(expected))",
        sourceLocation: sourceLocation)
      if !same { return false }
      if round % 4 == 0 {
        let attribute = ["country", "tags", "population", "flag"].randomElement(using: &random)!
        let limit = [nil, 2].randomElement(using: &random)!
        let wanted = try oracle.facetCounts(of: attribute, for: query, options: options, limit: limit)
        let found = try disk.facetCounts(of: attribute, for: query, options: options, limit: limit)
        #expect(found == wanted, "step \(step) round \(round) facets of \(attribute) for \(query)")
        if found != wanted { return false }
      }
    }
    #expect(try disk.attributeNames == oracle.attributeNames, "step \(step)", sourceLocation: sourceLocation)
    return true
  }

  @Test(.offThePool, arguments: [1, 2] as [UInt64])
  func randomOperationsAnswerLikeASearchIndex(seed: UInt64) throws {
    var random = SplitMix64(seed: 3500 + seed)
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var number = 0
    var model = Self.items(&random, from: &number, count: 150)
    var committed = model
    var index: DiskIndex? = try DiskIndex.create(at: directory, items: model)
    for step in 0..<60 {
      let operation = random.next() % 10
      if operation == 9 {
        index = nil  // uncommitted changes are lost
        index = try DiskIndex(contentsOf: directory, access: .readWrite)
        model = committed
      }
      let disk = try #require(index)
      switch operation {
      case 0, 1, 2:
        let added = Self.items(&random, from: &number, count: Int(random.next() % 30 + 1))
        try disk.add(added)
        model += added
      case 3, 4:
        for _ in 0..<Int(random.next() % 8 + 1) {
          guard let victim = model.randomElement(using: &random) else { break }
          #expect(try disk.remove(id: victim.id) == 1)
          model.removeAll { $0.id == victim.id }
        }
      case 5:
        guard let victim = model.randomElement(using: &random) else { continue }
        var replacement = Self.items(&random, from: &number, count: 1)[0]
        replacement.id = victim.id
        try disk.update(replacement)
        model.removeAll { $0.id == victim.id }
        model.append(replacement)
      case 6, 7:
        try disk.commit()
        committed = model
      case 8:
        try disk.merge()
        committed = model
      default:
        break
      }
      #expect(try disk.items().map(\.attributes) == model.map(\.attributes), "step \(step)")
      var filter = Random.filter(&random)
      while filter.attributeNames.contains("nothing") { filter = Random.filter(&random) }
      let kept = model.filter { filter.matches($0.attributes) }
      #expect(try disk.count(matching: filter) == kept.count, "step \(step) \(filter)")
      #expect(
        try disk.items(prefix: 7, matching: filter).map(\.id) == kept.prefix(7).map(\.id), "step \(step)")
      guard try Self.expectSameAnswers(disk, model, random: &random, rounds: 60, step: step) else { return }
    }
    index = nil
    let reopened = try DiskIndex(contentsOf: directory)
    try reopened.verify()
    _ = try Self.expectSameAnswers(reopened, committed, random: &random, rounds: 300, step: -1)
  }

  /// An attribute no item has is the parser's error over either index, with the same words.
  @Test(.offThePool) func unknownAttributeIsTheSameError() throws {
    let items: [AutocompleteItem] = [
      AutocompleteItem("Recife", attributes: ["country": "BR", "population": 1_653_000]),
      AutocompleteItem("Porto", attributes: ["country": "PT", "tags": ["coastal", "port"], "old": true]),
      AutocompleteItem("Plain"),
    ]
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let disk = try DiskIndex.create(at: directory, items: items)
    let oracle = SearchIndex(items)
    #expect(try disk.attributeNames == ["country", "population", "tags", "old"])
    func message(_ known: Set<String>) -> String {
      do {
        _ = try AttributeFilter(parsing: "country:=BR && colour:=red", knownAttributes: known)
        return "no error"
      } catch {
        return "\(error)"
      }
    }
    #expect(message(try disk.attributeNames) == message(oracle.attributeNames))
    #expect(message(try disk.attributeNames).contains("colour"))
    // Removing the only item with an attribute makes it unknown, as a fresh build of the rest.
    _ = try disk.remove(id: "Porto")
    #expect(try disk.attributeNames == SearchIndex(Array(items[0...0] + items[2...2])).attributeNames)
  }

  /// Attributes written with every kind of value come back as they were, reopened.
  @Test(.offThePool) func attributesComeBackWhole() throws {
    let attributes: Attributes = [
      "country": "BR", "tags": ["a", "b", "a"], "empty": .strings([]), "population": 1.5e7,
      "negative": -0.25, "capital": true, "village": false, "ünïcode": "ü",
    ]
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try DiskIndex.create(at: directory, items: [AutocompleteItem("x", attributes: attributes), "y"])
    let read = try DiskIndex(contentsOf: directory).items()
    #expect(read.map(\.attributes) == [attributes, [:]])
  }

  /// A scoped source answers within its scope whatever the query's filter, as an `IndexSource`.
  @Test func scopedSourceAnswersLikeAScopedIndexSource() async throws {
    var random = SplitMix64(seed: 35)
    var number = 0
    let items = Self.items(&random, from: &number, count: 200)
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let disk = try DiskIndex.create(at: directory, items: Array(items[..<120]))
    try disk.add(Array(items[120...]))
    let scope = try AttributeFilter(parsing: "country:=[AA,BB]")
    let source = DiskIndexSource(disk, scope: scope)
    let oracle = IndexSource(SearchIndex(items), scope: scope)
    for round in 0..<100 {
      var options = Self.options(&random, round: round)
      options.maximumCount = 10
      if Self.namesNothing(options) { continue }  // an error on disk (see `namesNothing`)
      let query = SuggestionQuery(Random.word(&random, length: 0...2), options: options)
      #expect(
        try await source.suggestions(for: query).map(\.displayText)
          == oracle.suggestions(for: query).map(\.displayText), "round \(round)")
    }
  }
}

/// Segment files forged with valid checksums (an attacker's or a buggy writer's, not a damaged
/// disk's): attribute bytes, record offsets and the key tables' numbers that lie end in a
/// ``DiskIndexError``, never a crash or a read out of bounds.
@Suite("Disk index forged attributes")
struct DiskIndexForgedAttributesTests {
  /// Rewrites section `tag` of the segment file at `path` with `edit`, then its checksum, the
  /// section table's and the header's, so the file passes every checksum.
  static func forge(_ path: String, section tag: String, _ edit: (inout [UInt8]) -> Void) throws {
    var raw: UInt32 = 0
    for (offset, byte) in tag.utf8.enumerated() { raw |= UInt32(byte) << UInt32(8 * offset) }
    try forge(path, tag: raw, edit)
  }

  /// ``forge(_:section:_:)`` naming the section by its raw tag (a word dictionary's tags are not
  /// ASCII: ``WordIndex/Tag/dictionarySpace``).
  static func forge(_ path: String, tag: UInt32, _ edit: (inout [UInt8]) -> Void) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func u64(_ at: Int) -> Int { bytes[at..<(at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    func store(_ value: UInt64, at: Int) {
      for index in 0..<8 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }
    let count = Int(bytes[20]) | Int(bytes[21]) << 8
    func tagAt(_ at: Int) -> UInt32 {
      var tag: UInt32 = 0
      for byte in 0..<4 { tag |= UInt32(bytes[at + byte]) << UInt32(8 * byte) }
      return tag
    }
    let entry = try #require((0..<count).map { 64 + 32 * $0 }.first { tagAt($0) == tag })
    let (offset, size) = (u64(entry + 8), u64(entry + 16))
    var section = Array(bytes[offset..<(offset + size)])
    edit(&section)
    bytes.replaceSubrange(offset..<(offset + size), with: section)
    store(section.withUnsafeBytes { Checksum.of($0) }, at: entry + 24)
    store(bytes[64..<(64 + 32 * count)].withUnsafeBytes { Checksum.of($0) }, at: 48)
    store(bytes[0..<56].withUnsafeBytes { Checksum.of($0) }, at: 56)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// What opening, verifying, reading and filtering the index gives: `nil` when all worked.
  static func failure(_ directory: URL) -> (any Error)? {
    do {
      let index = try DiskIndex(contentsOf: directory)
      try index.verify()
      _ = try index.items()
      var options = SearchOptions(maximumCount: 5)
      options.filter = Attribute("country") == "BR"
      _ = try index.search("s", options: options)
      _ = try index.facetCounts(of: "country", for: "", options: SearchOptions())
      return nil
    } catch {
      return error
    }
  }

  /// The forgeries: a section and what is done to it.
  static let forgeries = [
    "anam: no names", "anam: too many names", "anam: a name longer than its section",
    "itmc: every byte 0xFF", "ioff: offsets past the records", "strt: key starts out of order",
    "ownr: an owner past the items", "fwd : a key number past the keys", "bwd : a key number past the keys",
    "acol: an attribute count past its section", "acol: an array past its section",
    "acol: string offsets past the bytes", "acol: a posting past the items", "acol: row starts out of order",
    "acol: a row id past the strings", "acol: strings out of order", "acol: numbers of another count",
    "acol: a single row's id past the strings",
  ]

  /// Edits array `array` (its place in an attribute's directory entry) of attribute `attribute` of
  /// a column section: `edit` gets the section, the array's byte offset and its element count.
  static func editColumn(
    _ section: inout [UInt8], attribute: Int, array: Int, _ edit: (inout [UInt8], Int, Int) -> Void
  ) {
    let word = 1 + 20 * attribute + 2 * array
    func u64(_ at: Int) -> Int { section[(8 * at)..<(8 * at + 8)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    edit(&section, u64(word), u64(word + 1))
  }

  static func edit(_ forgery: String, _ section: inout [UInt8]) {
    switch forgery {
    case "anam: no names": section[0] = 0
    case "anam: too many names": section[0] = 0x7F
    case "anam: a name longer than its section": section[1] = 0x7F
    case "itmc: every byte 0xFF": section = section.map { _ in 0xFF }
    case "ioff: offsets past the records": (section[4], section[5]) = (0xFF, 0xFF)
    case "strt: key starts out of order": (section[4], section[5], section[6]) = (0xFF, 0xFF, 0x0F)
    case "acol: an attribute count past its section": section[1] = 0xFF
    case "acol: an array past its section":
      // The country column's string offsets (attributes are in name order: country, rank).
      editColumn(&section, attribute: 0, array: 1) { bytes, _, _ in bytes[8 * 3 + 1] = 0x7F }
    case "acol: string offsets past the bytes":
      editColumn(&section, attribute: 0, array: 1) { bytes, offset, count in
        bytes[offset + 4 * count - 2] = 0x7F
      }
    case "acol: a posting past the items":
      editColumn(&section, attribute: 0, array: 4) { bytes, offset, _ in bytes[offset + 2] = 0x7F }
    case "acol: row starts out of order":
      editColumn(&section, attribute: 0, array: 5) { bytes, offset, _ in bytes[offset + 4 * 5 + 2] = 0x7F }
    case "acol: a row id past the strings":
      editColumn(&section, attribute: 0, array: 6) { bytes, offset, _ in bytes[offset] = 2 }
    case "acol: strings out of order":
      editColumn(&section, attribute: 0, array: 2) { bytes, offset, _ in
        (bytes[offset], bytes[offset + 2]) = (bytes[offset + 2], bytes[offset])
      }
    // (A string of the columns changed but still sorted, "BR" made "BS", is no longer an error: the
    // compact records name the columns' strings, so the records say "BS" too.)
    case "acol: a single row's id past the strings":
      // The shelf column, of one string a row: its row ids, one per item.
      editColumn(&section, attribute: 2, array: 6) { bytes, offset, _ in bytes[offset + 4] = 3 }
    case "acol: numbers of another count":
      editColumn(&section, attribute: 1, array: 7) { bytes, _, _ in bytes[8 * (1 + 20 + 15)] = 1 }
    default: (section[8], section[9]) = (0xFF, 0xFF)
    }
  }

  @Test(.offThePool, arguments: forgeries)
  func forgedAttributeBytesAreErrors(forgery: String) throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let items = (0..<40).map { number -> AutocompleteItem in
      // Country of several strings for some items (a column with postings and row starts), shelf
      // of one each (single rows).
      let country: AttributeValue = number % 7 == 1 ? ["BR", "PT"] : .string(number % 2 == 0 ? "BR" : "PT")
      let attributes: Attributes =
        number % 3 == 0
        ? [:]
        : [
          "country": country, "rank": .number(Double(number)), "shelf": .string(["A", "B", "C"][number % 3]),
        ]
      return AutocompleteItem(
        "s item \(number)", alternateSearchTexts: number % 4 == 0 ? ["alt \(number)"] : [],
        attributes: attributes)
    }
    _ = try DiskIndex.create(at: directory, items: items)
    #expect(Self.failure(directory) == nil)
    let tag = String(forgery.prefix(4))
    try Self.forge(directory.path + "/seg-000001.aks", section: tag) { Self.edit(forgery, &$0) }
    let error = Self.failure(directory)
    #expect(error is DiskIndexError, "\(forgery): \(String(describing: error))")
  }
}
