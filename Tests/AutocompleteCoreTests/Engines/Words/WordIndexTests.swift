import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// Words mode answered from the word index gives exactly what the scan of every key gives (an index
/// of unsorted keys, which has no word index): answers, order, kinds, typos and highlights, with
/// and without typos, filters, scopes, boosts, `distinct`, searchable attributes and readings, in
/// memory and on disk after random changes.
@Suite(
  "Word index: words mode against the scan",
  .disabled(
    if: isSanitized,
    "single-threaded: nothing for ThreadSanitizer to check, and it held a thread of the pool for minutes under it"
  ))
struct WordIndexTests {
  /// Words of a catalogue, some non-ASCII, some sharing prefixes, some short.
  static let vocabulary = [
    "nike", "trail", "running", "runner", "run", "shoes", "shoe", "grey", "gray", "eu", "41", "42", "lindt",
    "dark", "chocolate", "choco", "1", "kg", "adidas", "samsung", "tv", "nespresso", "espresso", "São",
    "Paulo", "Zürich", "straße", "strasse", "Ölkanne", "t-shirt", "eu/41", "rug", "red", "rose", "北京",
    "Москва", "café", "cafe", "a", "ab", "abc", "x-ray", "don't", "ÉCOLE", "école", "🇫🇷", "naïve",
  ]
  static let categories = ["Shoes", "Food", "Home", "TV"]

  static func word(_ random: inout SplitMix64) -> String {
    vocabulary[Int(random.next() % UInt64(vocabulary.count))]
  }

  static func item(_ random: inout SplitMix64, number: Int) -> AutocompleteItem {
    let count = Int(random.next() % 5) + 1
    var words = (0..<count).map { _ in word(&random) }
    if random.next() % 6 == 0 { words.append(words[0]) }  // a repeated word
    let separator = random.next() % 8 == 0 ? " - " : " "
    let alternates = random.next() % 4 == 0 ? [word(&random) + " " + word(&random)] : []
    var attributes: [String: AttributeValue] = [
      "category": .string(categories[Int(random.next() % UInt64(categories.count))]),
      "price": .number(Double(random.next() % 100)),
    ]
    if random.next() % 3 == 0 { attributes["brand"] = .string(word(&random)) }
    return AutocompleteItem(
      words.joined(separator: separator), alternateSearchTexts: alternates, weight: Double(random.next() % 3),
      id: "p\(number)", attributes: attributes)
  }

  /// Queries as a shopper types them: each prefix of one to three words of an item, in any order,
  /// sometimes with a typo.
  static func typedQueries(_ items: [AutocompleteItem], _ random: inout SplitMix64, count: Int) -> [String] {
    var queries: [String] = []
    for _ in 0..<count {
      let source = items[Int(random.next() % UInt64(items.count))].searchText
      var words = source.split(separator: " ").map(String.init).shuffled(using: &random)
      words = Array(words.prefix(Int(random.next() % 3) + 1))
      var typed = words.joined(separator: " ")
      if random.next() % 2 == 0, typed.count > 3 {
        var characters = Array(typed)
        let at = Int(random.next() % UInt64(characters.count))
        switch random.next() % 3 {
        case 0: characters[at] = "x"
        case 1: characters.remove(at: at)
        default: characters.insert("e", at: at)
        }
        typed = String(characters)
      }
      let characters = Array(typed)
      queries += (1...characters.count).map { String(characters.prefix($0)) }
    }
    return queries + ["zz", "-", "s", "shoes  nike", "NIKE", "北", "moskva", " run", "eu/4"]
  }

  static func optionSets(_ random: inout SplitMix64) -> [SearchOptions] {
    var sets: [SearchOptions] = []
    for tolerance in [TypoTolerance.off, .automatic, .fixed(1), .fixed(2)] {
      for limit in [1, 5, 30, -1] {
        var options = SearchOptions(mode: .words, maximumCount: limit, typoTolerance: tolerance)
        switch random.next() % 5 {
        case 0: options.filter = Attribute("category") == categories[Int(random.next() % 4)]
        case 1: options.boost = Attribute("category") == "Food"
        case 2: options.distinct = "category"
        case 3: options.filter = Attribute("price") < 30
        default: break
        }
        sets.append(options)
      }
    }
    return sets
  }

  static func describe(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
    results.map {
      "\($0.offset) \($0.match.kind) t\($0.typos) k\($0.match.keyIndex) \($0.match.attribute ?? "") "
        + "\($0.match.utf16Ranges.map { "\($0.location)+\($0.length)" })"
    }
  }

  static func expectSame(
    _ index: SearchIndex<AutocompleteItem>, _ oracle: SearchIndex<AutocompleteItem>, queries: [String],
    options: [SearchOptions], label: String
  ) throws {
    for query in queries {
      for option in options {
        let expected = describe(try oracle.search(query, options: option))
        let actual = describe(try index.search(query, options: option))
        #expect(
          actual == expected,
          "\(label) \(query.debugDescription) \(option.typoTolerance) \(option.maximumCount as Any)")
        if actual != expected { return }
      }
    }
  }

  @Test(.offThePool, arguments: [UInt64(1), 2])
  func inMemoryIndexAgreesWithTheScan(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let items = (0..<400).map { Self.item(&random, number: $0) }
    let queries = Self.typedQueries(items, &random, count: 12)
    let options = Self.optionSets(&random)
    let index = SearchIndex(items)
    #expect(index.storage.words != nil)
    try Self.expectSame(
      index, SearchIndex(items, sortsKeys: false), queries: queries, options: options, label: "plain")
    let scope = Attribute("category").isIn(["Shoes", "TV"])
    try Self.expectSame(
      index.scoped(to: scope), SearchIndex(items, sortsKeys: false).scoped(to: scope), queries: queries,
      options: options, label: "scoped")
  }

  /// Contains mode: one-word queries from the word index (word starts, then occurrences inside
  /// words), the others by the scan; the same answers as the scan either way.
  @Test(.offThePool) func containsModeAgreesWithTheScan() throws {
    var random = SplitMix64(seed: 11)
    let items = (0..<400).map { Self.item(&random, number: $0) }
    let inner = ["unn", "hoe", "ola", "aul", "r", "e", "41", "ß", "ü", "ch", "oss", "ny", "aße", "ко", "京"]
    let queries = Self.typedQueries(items, &random, count: 4) + inner
    var options: [SearchOptions] = []
    for limit in [1, 5, 30, -1] {
      var plain = SearchOptions(mode: .contains, maximumCount: limit)
      options.append(plain)
      plain.filter = Attribute("category") == "Shoes"
      options.append(plain)
      plain.filter = nil
      plain.distinct = "category"
      options.append(plain)
    }
    try Self.expectSame(
      SearchIndex(items), SearchIndex(items, sortsKeys: false), queries: queries, options: options,
      label: "contains")
  }

  @Test(.offThePool) func attributesAndReadingsAgreeWithTheScan() throws {
    var random = SplitMix64(seed: 7)
    let items = (0..<300).map { Self.item(&random, number: $0) }
    let queries = Self.typedQueries(items, &random, count: 8) + ["beij", "moskv", "ni bei"]
    let options = Self.optionSets(&random)
    let index = SearchIndex(items, transliteration: .latin, searchableAttributes: ["brand", "category"])
    let oracle = SearchIndex(
      items, sortsKeys: false, transliteration: .latin, searchableAttributes: ["brand", "category"])
    try Self.expectSame(index, oracle, queries: queries, options: options, label: "attributes, readings")
    var weighed = SearchOptions(mode: .words, maximumCount: 10, typoTolerance: .automatic)
    weighed.fields = SearchFields(name: 1, attributes: ["brand": 2])
    try Self.expectSame(index, oracle, queries: queries, options: [weighed], label: "fields")
  }

  /// A key whose words the two matchers read differently (a combining mark after punctuation) is
  /// matched one by one, as the scan matches it.
  @Test(.offThePool) func irregularKeysAreMatchedOneByOne() throws {
    let items = [
      AutocompleteItem("ab-\u{0903}cd ef"), AutocompleteItem("ab cd"), AutocompleteItem("xcd-\u{0903}"),
    ]
    let index = SearchIndex(items)
    #expect(index.storage.words?.irregularRanks.count == 2)
    let options = [TypoTolerance.off, .fixed(1)].map {
      SearchOptions(mode: .words, maximumCount: 10, typoTolerance: $0)
    }
    try Self.expectSame(
      index, SearchIndex(items, sortsKeys: false), queries: ["cd", "ab cd", "ef", "\u{0903}cd", "ab c"],
      options: options, label: "irregular")
  }

  /// A segment whose ranks were forged (checksums recomputed) no longer agrees with its word index:
  /// a checked open refuses it.
  @Test(.offThePool) func aForgedRankIsRefusedAtACheckedOpen() throws {
    let directory = DiskIndexTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var random = SplitMix64(seed: 3)
    _ = try DiskIndex.create(at: directory, items: (0..<50).map { Self.item(&random, number: $0) })
    try DiskIndexForgedAttributesTests.forge(directory.path + "/seg-000001.aks", section: "rank") { bytes in
      bytes.replaceSubrange(0..<4, with: bytes[4..<8])
    }
    #expect(throws: DiskIndexError.self) { _ = try DiskIndex(contentsOf: directory) }
  }

  @Test(.offThePool) func diskIndexAgreesWithTheScanAfterRandomChanges() throws {
    var random = SplitMix64(seed: 45)
    try DiskIndexRandomOperations.run(
      seed: 4500, steps: 30, initialCount: 150,
      create: { try DiskIndex.create(at: $0, items: $1) },
      makeItem: { random, number in Self.item(&random, number: number) },
      check: { disk, model, step in
        let source = model.isEmpty ? [Self.item(&random, number: 0)] : model
        let queries = Array(Self.typedQueries(source, &random, count: 1).suffix(6))
        let options = [TypoTolerance.off, .automatic].map {
          SearchOptions(mode: .words, maximumCount: 8, typoTolerance: $0)
        }
        try DiskIndexTests.expectSameAnswers(
          disk, SearchIndex(model, sortsKeys: false), queries: queries, options: options)
      })
  }
}
