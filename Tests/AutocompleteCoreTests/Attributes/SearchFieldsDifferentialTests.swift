import TestSupport
import Testing

@testable import AutocompleteCore

/// Named attributes as searched fields, with per-field weights: random items with random string
/// attributes, random field weights (the name, the alternates, searchable attributes, or the
/// default), every match mode, typos on and off. ``SearchIndex`` (sorted keys and not) and a list's
/// matching (what ``ListSource`` answers with) equal a brute force that matches every key of every
/// item on its own and orders the results by hand.
@Suite struct SearchFieldsDifferentialTests {
  static let alphabet: [Character] = ["a", "b", "c", "é", "A"]
  static let modes: [MatchMode] = [.prefix, .exact, .suffix, .contains, .words, .fuzzy]
  static let searchable = ["country", "tags"]

  static func word(_ random: inout SplitMix64, length: ClosedRange<Int>) -> String {
    FilteredSearchDifferentialTests.word(&random, length: length, from: alphabet)
  }

  static func items(_ random: inout SplitMix64, count: Int) -> [AutocompleteItem] {
    (0..<count).map { _ in
      var attributes: Attributes = [:]
      if Int.random(in: 0..<4, using: &random) > 0 {
        attributes["country"] = .string(word(&random, length: 0...4))
      }
      if Bool.random(using: &random) {
        attributes["tags"] = .strings(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in word(&random, length: 0...3) })
      }
      if Bool.random(using: &random) { attributes["note"] = .string(word(&random, length: 1...3)) }
      if Bool.random(using: &random) {
        attributes["population"] = .number(Double(Int.random(in: 0...9, using: &random)))
      }
      let alternates = (0..<Int.random(in: 0...2, using: &random)).map { _ in word(&random, length: 1...4) }
      return AutocompleteItem(
        word(&random, length: 1...5), alternateSearchTexts: alternates,
        weight: Double(Int.random(in: 0...2, using: &random)), attributes: attributes)
    }
  }

  static func fields(_ random: inout SplitMix64) -> SearchFields? {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return nil
    case 1: return .all
    default:
      func weight() -> Int? { [nil, 1, 2, 3].randomElement(using: &random)! }
      var fields = SearchFields(name: weight(), alternates: weight())
      for name in searchable { if let weight = weight() { fields.attributes[name] = weight } }
      return fields
    }
  }

  /// What a test compares of a result.
  struct Answer: Equatable, CustomStringConvertible {
    var offset: Int
    var kind: MatchKind
    var typos: Int
    var keyIndex: Int
    var score: Int
    var attribute: String?
    var text: String
    var description: String { "\(offset):\(kind):\(typos):\(keyIndex):\(score):\(attribute ?? "-"):\(text)" }
  }

  static func answers(_ results: [SearchResult<AutocompleteItem>]) -> [Answer] {
    results.map {
      Answer(
        offset: $0.offset, kind: $0.match.kind, typos: $0.match.typos, keyIndex: $0.match.keyIndex,
        score: $0.match.score, attribute: $0.match.attribute, text: $0.match.matchedText)
    }
  }

  /// The brute force: every key of every item matched on its own (the search text is field 0, the
  /// alternates field 1, the searchable attributes' values fields 2 and 3), each item's best key
  /// kept, the items sorted by hand.
  static func expected(_ items: [AutocompleteItem], query: SearchQuery) -> [Answer] {
    let fields = query.options.fields
    var weights: [Int?] = [2, 1, 0, -1]  // the default: the name, the alternates, then each attribute
    if let fields, fields != .all {
      weights = [fields.name, fields.alternates] + searchable.map { fields.attributes[$0] }
    }
    func order(_ match: TextMatch, field: Int) -> [Int] {
      [match.typos == 0 ? 0 : 1, match.kind.rawValue, match.typos, -weights[field]!, -match.score]
    }
    var found: [(order: [Int], item: [Int], answer: Answer)] = []
    for (offset, item) in items.enumerated() {
      var keys: [(text: String, field: Int, attribute: String?)] = [(item.searchText, 0, nil)]
      keys += item.alternateSearchTexts.map { ($0, 1, nil) }
      for (position, name) in searchable.enumerated() {
        switch item.attributes[name] {
        case .string(let value) where !value.isEmpty: keys.append((value, 2 + position, name))
        case .strings(let values): keys += values.filter { !$0.isEmpty }.map { ($0, 2 + position, name) }
        default: break
        }
      }
      var best: (order: [Int], answer: Answer)?
      for (keyIndex, key) in keys.enumerated() where weights[key.field] != nil {
        guard let match = query.match(key.text, keyIndex: keyIndex) else { continue }
        let keyOrder = order(match, field: key.field)
        if let best, !keyOrder.lexicographicallyPrecedes(best.order) { continue }
        best = (
          keyOrder,
          Answer(
            offset: offset, kind: match.kind, typos: match.typos, keyIndex: keyIndex, score: match.score,
            attribute: key.attribute, text: key.text)
        )
      }
      if let best {
        found.append((best.order, [-Int(item.weight), item.searchText.utf8.count, offset], best.answer))
      }
    }
    found.sort { ($0.order + $0.item).lexicographicallyPrecedes($1.order + $1.item) }
    let answers = found.map(\.answer)
    guard let limit = query.options.limit, answers.count > limit else { return answers }
    return Array(answers.prefix(limit))
  }

  static func options(_ random: inout SplitMix64, round: Int) -> SearchOptions {
    var options = SearchOptions(
      mode: modes[round % modes.count], maximumCount: [nil, 1, 3, 10].randomElement(using: &random)!)
    options.includesHighlightRanges = round % 4 == 0
    options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
    options.isCaseSensitive = round % 7 == 0
    options.fields = fields(&random)
    return options
  }

  @Test(.offThePool, arguments: [true, false])
  func indexAnswersEqualTheBruteForce(sortsKeys: Bool) throws {
    var random = SplitMix64(seed: sortsKeys ? 3501 : 3502)
    let items = Self.items(&random, count: 300)
    let index = SearchIndex(items, sortsKeys: sortsKeys, searchableAttributes: Self.searchable)
    for round in 0..<1500 {
      let options = Self.options(&random, round: round)
      let query = Self.word(&random, length: 0...3)
      let found = Self.answers(try index.search(query, options: options))
      let wanted = Self.expected(items, query: SearchQuery(query, options: options))
      #expect(
        found == wanted,
        "round \(round) query \(query) \(options.mode) typos \(options.typoTolerance) sensitive \(options.isCaseSensitive) fields \(String(describing: options.fields)) limit \(String(describing: options.maximumCount)): \(found) instead of \(wanted)"
      )
      if found != wanted { return }
    }
  }

  @Test(.offThePool) func listAnswersEqualTheBruteForce() {
    var random = SplitMix64(seed: 3503)
    let items = Self.items(&random, count: 200)
    for round in 0..<1200 {
      let options = Self.options(&random, round: round)
      let query = SearchQuery(Self.word(&random, length: 0...3), options: options)
      let found = Self.answers(
        items.rankedMatches(
          for: query, ranking: .standard, transliteration: .none,
          searchable: SearchableAttributes(Self.searchable)))
      let wanted = Self.expected(items, query: query)
      #expect(
        found == wanted,
        "round \(round) query \(query.text) \(options.mode) fields \(String(describing: options.fields))")
      if found != wanted { return }
    }
  }

  /// A match on an attribute's value says which attribute, and highlights that value.
  @Test(.offThePool) func anAttributeMatchNamesItsFieldAndHighlightsItsValue() throws {
    let items = [
      AutocompleteItem("Lisbon", attributes: ["country": "Portugal"]),
      AutocompleteItem("Porto Alegre", attributes: ["country": "Brazil"]),
      AutocompleteItem("Brasília", attributes: ["country": "Brazil", "tags": ["capital", "planned"]]),
    ]
    let index = SearchIndex(items, searchableAttributes: ["country", "tags"])
    let results = try index.search("port")
    #expect(results.map(\.item.searchText) == ["Porto Alegre", "Lisbon"])  // the name before the country
    let lisbon = try #require(results.last?.match)
    #expect(lisbon.attribute == "country")
    #expect(lisbon.matchedText == "Portugal")
    #expect(lisbon.keyIndex == 1)
    #expect(lisbon.ranges.map { String(lisbon.matchedText[$0]) } == ["Port"])
    let planned = try #require(try index.search("plan").first?.match)
    #expect(planned.attribute == "tags")
    #expect(planned.matchedText == "planned")
    #expect(planned.keyIndex == 3)
    // Weighted above the name, the country ranks first.
    var options = SearchOptions()
    options.fields = SearchFields(name: 1, attributes: ["country": 2])
    #expect(try index.search("port", options: options).map(\.item.searchText) == ["Lisbon", "Porto Alegre"])
    let source = ListSource(items, searchableAttributes: ["country"])
    let rows = source.immediateSuggestions(for: SuggestionQuery("port", options: options)) ?? []
    #expect(rows.map(\.displayText) == ["Lisbon", "Porto Alegre"])
    #expect(rows.first?.detailText == "Portugal")
  }

  /// Weighing an attribute the index does not search throws, naming it; a list searches it.
  @Test(.offThePool) func anUnsearchableAttributeIsAnError() throws {
    let items = [AutocompleteItem("Lisbon", attributes: ["country": "Portugal", "population": 545_000])]
    let index = SearchIndex(items, searchableAttributes: ["country"])
    for name in ["population", "nothing", "Country"] {
      var options = SearchOptions()
      options.fields = SearchFields(name: 1, attributes: [name: 1])
      #expect(throws: UnsearchableAttributeError(attribute: name, searchableAttributes: ["country"])) {
        try index.search("li", options: options)
      }
      #expect(throws: UnsearchableAttributeError.self) {
        try index.facetCounts(of: "country", for: "li", options: options)
      }
    }
    #expect("\(UnsearchableAttributeError(attribute: "tags", searchableAttributes: []))".contains("tags"))
    var options = SearchOptions()
    options.fields = SearchFields(attributes: ["country": 1])
    #expect(try index.search("li", options: options).isEmpty)
    #expect(try index.search("portu", options: options).map(\.item.searchText) == ["Lisbon"])
    let source = ListSource(items)
    #expect(
      source.immediateSuggestions(for: SuggestionQuery("portu", options: options))?.map(\.displayText) == [
        "Lisbon"
      ])
  }

  /// Without fields, an index without searchable attributes answers as before: attributes are not
  /// keys.
  @Test(.offThePool) func attributesAreNotKeysUnlessSearchable() throws {
    let items = [AutocompleteItem("Lisbon", attributes: ["country": "Portugal"])]
    #expect(try SearchIndex(items).search("portu").isEmpty)
    #expect(SearchIndex(items).keyCount == 1)
    #expect(
      SearchIndex(items, searchableAttributes: ["country", "country"]).searchableAttributes == ["country"])
    #expect(SearchIndex(items, searchableAttributes: ["country"]).keyCount == 2)
  }
}
