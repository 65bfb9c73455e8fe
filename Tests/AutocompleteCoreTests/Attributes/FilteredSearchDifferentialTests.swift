import TestSupport
import Testing

@testable import AutocompleteCore

/// Random items with random attributes, random filter trees, every match mode, typos on and off,
/// `distinct` and `boost`: a filtered search answers what a brute force makes of the unfiltered
/// answer list (keep the items the filter lets through, move boosted items up among equal matches,
/// keep the first of each `distinct` value, cut to the limit), in the same order.
@Suite struct FilteredSearchDifferentialTests {
  static let alphabet: [Character] = ["a", "b", "c", "d", "é"]
  static let modes: [MatchMode] = [.prefix, .exact, .suffix, .contains, .words, .fuzzy]

  static func word(_ random: inout SplitMix64, length: ClosedRange<Int>, from letters: [Character] = alphabet)
    -> String
  {
    String((0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! })
  }

  static func items(_ random: inout SplitMix64, count: Int) -> [AutocompleteItem] {
    (0..<count).map { _ in
      var attributes: Attributes = [:]
      if Int.random(in: 0..<5, using: &random) > 0 {
        attributes["country"] = .string(["AA", "BB", "CC", "DD", "EE"].randomElement(using: &random)!)
      }
      if Bool.random(using: &random) {
        attributes["population"] = .number(Double(Int.random(in: 0...50, using: &random)))
      }
      if Bool.random(using: &random) {
        attributes["tags"] = .strings(
          (0..<Int.random(in: 0...3, using: &random)).map { _ in
            ["x", "y", "z"].randomElement(using: &random)!
          })
      }
      if Int.random(in: 0..<3, using: &random) == 0 {
        attributes["flag"] = .bool(Bool.random(using: &random))
      }
      let name =
        word(&random, length: 1...5) + (Bool.random(using: &random) ? " " + word(&random, length: 1...3) : "")
      let alternates = (0..<Int.random(in: 0...2, using: &random)).map { _ in word(&random, length: 1...4) }
      return AutocompleteItem(
        name, alternateSearchTexts: alternates, weight: Double(Int.random(in: 0...2, using: &random)),
        attributes: attributes)
    }
  }

  static func filter(_ random: inout SplitMix64, depth: Int = 0) -> AttributeFilter {
    let choice = Int.random(in: 0..<(depth < 2 ? 10 : 7), using: &random)
    switch choice {
    case 0:
      let values = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        FilterValue.string(["AA", "BB", "CC", "DD", "EE"].randomElement(using: &random)!)
      }
      return .isIn("country", values)
    case 1:
      let low = Bool.random(using: &random) ? Double(Int.random(in: 0...50, using: &random)) : nil
      let high = Bool.random(using: &random) ? Double(Int.random(in: 0...50, using: &random)) : nil
      return .inRange(
        "population",
        NumberRange(
          lower: low, includesLower: Bool.random(using: &random), upper: high,
          includesUpper: Bool.random(using: &random)))
    case 2:
      return .exists(["country", "population", "tags", "flag", "nothing"].randomElement(using: &random)!)
    case 3: return .isIn("tags", [.string(["x", "y", "z"].randomElement(using: &random)!)])
    case 4: return .isIn("flag", [Bool.random(using: &random) ? .bool(true) : .string("false")])
    case 5: return .isIn("population", [.number(Double(Int.random(in: 0...50, using: &random))), "7"])
    case 6: return .isIn("nothing", ["AA"])
    case 7:
      return .all((0..<Int.random(in: 0...3, using: &random)).map { _ in filter(&random, depth: depth + 1) })
    case 8:
      return .any((0..<Int.random(in: 0...3, using: &random)).map { _ in filter(&random, depth: depth + 1) })
    default: return .not(filter(&random, depth: depth + 1))
    }
  }

  /// What a test compares of a result.
  struct Answer: Equatable, CustomStringConvertible {
    var offset: Int
    var kind: MatchKind
    var typos: Int
    var keyIndex: Int
    var score: Int
    var description: String { "\(offset):\(kind):\(typos):\(keyIndex):\(score)" }
  }

  static func answers(_ results: [SearchResult<AutocompleteItem>]) -> [Answer] {
    results.map {
      Answer(
        offset: $0.offset, kind: $0.match.kind, typos: $0.match.typos, keyIndex: $0.match.keyIndex,
        score: $0.match.score)
    }
  }

  /// Whether `options`' filter or boost names `nothing`, an attribute none of the items has: an
  /// index throws ``UnknownAttributeError`` for it (checked here with `search`), so there is no
  /// answer to compare with the brute force.
  static func namesUnknown(_ options: SearchOptions, search: () throws -> Void) -> Bool {
    let names = (options.filter?.attributeNames ?? []) + (options.boost?.attributeNames ?? [])
    guard names.contains("nothing") else { return false }
    #expect(throws: UnknownAttributeError.self) { try search() }
    return true
  }

  /// The brute force: the unfiltered, unlimited answer list made into the filtered one.
  static func expected(
    unfiltered: [SearchResult<AutocompleteItem>], items: [AutocompleteItem], options: SearchOptions
  ) -> [Answer] {
    var kept = unfiltered.filter { options.filter?.matches(items[$0.offset].attributes) ?? true }
    if let boost = options.boost {
      // Stable: equal matches keep their order, boosted ones first.
      let keyed = kept.enumerated().map { index, result in
        let match = result.match
        let boosted = boost.matches(items[result.offset].attributes)
        return (
          key: [
            match.typos == 0 ? 0 : 1, match.kind.rawValue, match.typos, match.keyIndex == 0 ? 0 : 1,
            -match.score, boosted ? 0 : 1, index,
          ],
          result: result
        )
      }
      kept = keyed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.result)
    }
    if let distinct = options.distinct {
      var seen = Set<AttributeValue>()
      kept = kept.filter { result in
        guard let value = items[result.offset].attributes[distinct] else { return true }
        return seen.insert(value.distinctKey).inserted
      }
    }
    if options.keepsOneResultPerDisplayText {
      var seen = Set<String>()
      kept = kept.filter { seen.insert(items[$0.offset].displayText).inserted }
    }
    if let limit = options.limit, kept.count > limit { kept.removeSubrange(limit...) }
    return answers(kept)
  }

  @Test(.offThePool, arguments: [true, false])
  func indexAnswersEqualTheBruteForce(sortsKeys: Bool) throws {
    var random = SplitMix64(seed: sortsKeys ? 35 : 36)
    let items = Self.items(&random, count: 400)
    let index = SearchIndex(items, sortsKeys: sortsKeys)
    for round in 0..<1500 {
      var options = SearchOptions(mode: Self.modes[round % Self.modes.count], maximumCount: nil)
      options.includesHighlightRanges = false
      options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
      let query = Self.word(&random, length: 0...3)
      let unfiltered = try index.search(query, options: options)
      if Int.random(in: 0..<4, using: &random) > 0 { options.filter = Self.filter(&random) }
      if Int.random(in: 0..<3, using: &random) == 0 { options.boost = Self.filter(&random) }
      if Int.random(in: 0..<3, using: &random) == 0 {
        options.distinct = ["country", "tags", "population"].randomElement(using: &random)!
      }
      options.maximumCount = [nil, 1, 3, 8, 20].randomElement(using: &random)!
      options.keepsOneResultPerDisplayText = Int.random(in: 0..<3, using: &random) == 0
      if Self.namesUnknown(options, search: { _ = try index.search(query, options: options) }) { continue }
      let found = Self.answers(try index.search(query, options: options))
      let wanted = Self.expected(unfiltered: unfiltered, items: items, options: options)
      #expect(
        found == wanted,
        "round \(round) query \(query) \(options.mode) one per text \(options.keepsOneResultPerDisplayText) typos \(options.typoTolerance) filter \(String(describing: options.filter)) boost \(String(describing: options.boost)) distinct \(String(describing: options.distinct)) limit \(String(describing: options.maximumCount))"
      )
      if found != wanted { return }
    }
  }

  @Test(.offThePool) func listSourceAnswersEqualTheBruteForce() throws {
    var random = SplitMix64(seed: 37)
    let items = Self.items(&random, count: 200)
    for round in 0..<800 {
      var options = SearchOptions(mode: Self.modes[round % Self.modes.count], maximumCount: nil)
      options.includesHighlightRanges = false
      options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
      let query = Self.word(&random, length: 0...3)
      let unfiltered = items.rankedMatches(for: SearchQuery(query, options: options))
      options.filter = Self.filter(&random)
      if Bool.random(using: &random) { options.boost = Self.filter(&random) }
      if Bool.random(using: &random) {
        options.distinct = ["country", "tags"].randomElement(using: &random)!
      }
      options.maximumCount = [nil, 1, 5].randomElement(using: &random)!
      options.keepsOneResultPerDisplayText = Int.random(in: 0..<3, using: &random) == 0
      let found = Self.answers(items.rankedMatches(for: SearchQuery(query, options: options)))
      let wanted = Self.expected(unfiltered: unfiltered, items: items, options: options)
      #expect(found == wanted, "round \(round) query \(query)")
      if found != wanted { return }
    }
  }

  /// Fields: the index answers as the engine matching only the chosen keys, with their weights.
  @Test(.offThePool) func fieldsAnswerAsTheEngineOverTheChosenKeys() throws {
    var random = SplitMix64(seed: 38)
    let items = Self.items(&random, count: 300)
    let index = SearchIndex(items)
    let choices: [SearchFields] = [.name, .alternates, .all, SearchFields(name: 1, alternates: 3)]
    for round in 0..<600 {
      var options = SearchOptions(
        mode: Self.modes[round % Self.modes.count], maximumCount: [nil, 3].randomElement(using: &random)!)
      options.includesHighlightRanges = false
      options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
      options.fields = choices[round % choices.count]
      let query = Self.word(&random, length: 0...3)
      let found = Self.answers(try index.search(query, options: options))
      let wanted = Self.answers(items.rankedMatches(for: SearchQuery(query, options: options)))
      #expect(
        found == wanted, "round \(round) query \(query) \(options.mode) \(String(describing: options.fields))"
      )
      if found != wanted { return }
    }
  }

  /// A searcher that reuses its last answer does not reuse one made under another filter.
  @Test(.offThePool) func incrementalSearchesFollowTheFilter() throws {
    var random = SplitMix64(seed: 39)
    let items = Self.items(&random, count: 400)
    let index = SearchIndex(items)
    let searcher = index.makeSearcher()
    for round in 0..<400 {
      var options = SearchOptions(mode: [.contains, .fuzzy, .words][round % 3], maximumCount: 10)
      options.includesHighlightRanges = false
      options.filter = Self.filter(&random)
      let query = Self.word(&random, length: 1...3)
      if Self.namesUnknown(options, search: { _ = try searcher.search(query, options: options) }) { continue }
      for end in 1...query.count {
        let prefix = String(query.prefix(end))
        #expect(
          Self.answers(try searcher.search(prefix, options: options))
            == Self.answers(try index.search(prefix, options: options)))
      }
    }
  }

  /// Facet counts equal counting the unlimited, filtered answer list.
  @Test(.offThePool) func facetCountsCountTheMatches() throws {
    var random = SplitMix64(seed: 40)
    let items = Self.items(&random, count: 400)
    let index = SearchIndex(items)
    for round in 0..<300 {
      var options = SearchOptions(mode: Self.modes[round % Self.modes.count], maximumCount: nil)
      options.typoTolerance = round % 3 == 0 ? .fixed(1) : .off
      if Bool.random(using: &random) { options.filter = Self.filter(&random) }
      let query = Self.word(&random, length: 0...2)
      let attribute = ["country", "tags", "population", "flag"].randomElement(using: &random)!
      if Self.namesUnknown(
        options, search: { _ = try index.facetCounts(of: attribute, for: query, options: options) })
      {
        continue
      }
      var counts: [String: Int] = [:]
      for result in try index.search(query, options: options) {
        for value in Set(items[result.offset].attributes[attribute]?.facetValues ?? []) {
          counts[value, default: 0] += 1
        }
      }
      let wanted = counts.map { FacetCount(value: $0.key, count: $0.value) }.facetOrdered(limit: nil)
      #expect(try index.facetCounts(of: attribute, for: query, options: options) == wanted, "round \(round)")
      #expect(
        try index.facetCounts(of: attribute, for: query, options: options, limit: 2)
          == Array(wanted.prefix(2)))
      let source = ListSource(items)
      #expect(source.facetCounts(of: attribute, for: SuggestionQuery(query, options: options)) == wanted)
    }
  }
}
