import AutocompleteCore
import Foundation
import TestSupport
import Testing

@Suite("Typo tolerance")
struct TypoToleranceTests {
  static let automatic = SearchOptions(maximumCount: -1, typoTolerance: .automatic)

  static func highlighted(_ match: TextMatch?) -> [String] {
    guard let match else { return [] }
    return match.ranges.map { String(match.matchedText[$0]) }
  }

  @Test(.offThePool) func automaticThresholdsAreAlgolias() {
    let automatic = TypoTolerance.automatic
    #expect((0...10).map { automatic.maximumTypos(forLength: $0) } == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2])
    #expect(TypoTolerance.fixed(5).maximumTypos(forLength: 1) == 2)
    #expect(TypoTolerance.fixed(-1).maximumTypos(forLength: 9) == 0)
    #expect(TypoTolerance.off.maximumTypos(forLength: 20) == 0)
    #expect(TypoTolerance.fixed(1).maximumTypos(forLength: 64) == 1)
    #expect(TypoTolerance.fixed(1).maximumTypos(forLength: 65) == 0)
    // Counted on folded grapheme clusters: "ßßß" folds to six characters ("ssssss").
    #expect(SearchQuery("ßßß", options: Self.automatic).match("ssssst")?.typos == 1)
    #expect(SearchQuery("zür", options: Self.automatic).match("zur") != nil)
    #expect(SearchQuery("zyr", options: Self.automatic).match("zur") == nil)
    #expect(SearchQuery("zyri", options: Self.automatic).match("zuri")?.typos == 1)
    #expect(SearchQuery("zyrixh", options: Self.automatic).match("zurich") == nil)
    #expect(SearchQuery("zyrixhhh", options: Self.automatic).match("zurichhh")?.typos == 2)
  }

  @Test(.offThePool) func descriptionsRoundTrip() {
    for tolerance in [TypoTolerance.off, .automatic, .fixed(0), .fixed(1), .fixed(2)] {
      #expect(TypoTolerance(tolerance.description) == tolerance)
    }
    #expect(TypoTolerance("AUTOMATIC") == .automatic)
    #expect(TypoTolerance("3") == nil)
    #expect(TypoTolerance("") == nil)
  }

  @Test(.offThePool) func everyEditKindIsForgivenAndHighlighted() {
    // Substitution (a neighbouring key): the substituted letter is highlighted as matched.
    let substitution = SearchQuery("guangzhoh", options: Self.automatic).match("Guangzhou")
    #expect(substitution?.typos == 1 && substitution?.kind == .exact)
    #expect(Self.highlighted(substitution) == ["Guangzhou"])
    // Swap of two neighbours: both are highlighted.
    let swap = SearchQuery("zurcih", options: Self.automatic).match("Zürich")
    #expect(swap?.typos == 1 && swap?.kind == .exact)
    #expect(Self.highlighted(swap) == ["Zürich"])
    // A letter missing from the query: the key's letter is not highlighted.
    let missing = SearchQuery("kolkta", options: Self.automatic).match("Kolkata")
    #expect(missing?.typos == 1 && missing?.kind == .exact)
    #expect(Self.highlighted(missing) == ["Kolk", "ta"])
    // A letter too many: it highlights nothing; the longest prefix that close is highlighted.
    let extra = SearchQuery("moscpo", options: Self.automatic).match("Moscow")
    #expect(extra?.typos == 1 && extra?.kind == .prefix)
    #expect(Self.highlighted(extra) == ["Mosco"])
    #expect(extra?.utf16Ranges == [NSRange(location: 0, length: 5)])
  }

  @Test(.offThePool) func highlightsAreWholeCharactersAlsoInUTF16() throws {
    let match = try #require(
      SearchQuery("👍🏽 zurcih", options: SearchOptions(mode: .contains, typoTolerance: .fixed(1)))
        .match("Go 👍🏽 Zürich"))
    #expect(match.typos == 1)
    #expect(Self.highlighted(match) == ["👍🏽 Zürich"])
    #expect(match.utf16Ranges == [NSRange(location: 3, length: 11)])
  }

  @Test(.offThePool) func eachModeForgivesTyposItsOwnWay() {
    func match(_ query: String, _ text: String, _ mode: MatchMode) -> String? {
      SearchQuery(query, options: SearchOptions(mode: mode, typoTolerance: .automatic)).match(text).map {
        "\($0.kind) \($0.typos)"
      }
    }
    // Prefix: the query against some prefix of the text.
    #expect(match("barcleo", "Barcelona", .prefix) == "prefix 1")
    // Exact: against the whole text.
    #expect(match("barcleo", "Barcelona", .exact) == nil)
    #expect(match("barcleona", "Barcelona", .exact) == "exact 1")
    // Contains: against some substring; the kind of the best occurrence.
    #expect(match("barcleo", "Gran Barcelona", .contains) == "wordPrefix 1")
    #expect(match("arcleo", "Gran Barcelona", .contains) == "contains 1")
    // Words: each word on its own; the last as a prefix, the others whole; typos add up.
    #expect(match("yrok new", "New York", .words) == "wordPrefix 1")
    #expect(match("new yrok", "New York", .words) == "wordPrefix 1")
    #expect(match("new yrk", "New York", .words) == nil)  // "yrk" is too short for a typo
    #expect(match("nwe yrok", "New York", .words) == nil)  // "nwe" is too short for a typo
    #expect(match("nevv yrok", "New York", .words) == nil)
    #expect(match("newyok yrok", "Newyork York", .words) == "wordPrefix 2")
    // Suffix and fuzzy ignore typo tolerance.
    #expect(match("zurcih", "Zürich", .suffix) == nil)
    #expect(match("zurcih", "Zürich", .fuzzy) == nil)
  }

  @Test(.offThePool) func noTypoOutranksTyposThenKindThenFewerTypos() throws {
    let items: [AutocompleteItem] = [
      AutocompleteItem("Parma", weight: 9),  // prefix "par", 1 typo ("pari" → "parm")
      AutocompleteItem("Bari", weight: 5),  // exact, 1 typo
      AutocompleteItem("Paris", weight: 1),  // prefix, no typo
      AutocompleteItem("Pari", weight: 0),  // exact, no typo
      AutocompleteItem("Xparis", weight: 9),  // contains only: not a prefix match
      AutocompleteItem("Ari", alternateSearchTexts: ["Parix"], weight: 8),  // alternate prefix, no typo
    ]
    let options = SearchOptions(maximumCount: -1, typoTolerance: .fixed(1))
    let names = items.rankedMatches(for: SearchQuery("pari", options: options)).map {
      "\($0.item.searchText) \($0.match.kind) \($0.typos)"
    }
    #expect(
      names == [
        "Pari exact 0", "Paris prefix 0", "Ari prefix 0", "Bari exact 1", "Parma prefix 1", "Xparis prefix 1",
      ])
    let index = SearchIndex(items)
    #expect(
      try index.search("pari", options: options).map { "\($0.item.searchText) \($0.match.kind) \($0.typos)" }
        == names)
    // Weight orders matches of the same kind and typos.
    let more = items + [AutocompleteItem("Baria", weight: 20), AutocompleteItem("Parix Heavy", weight: 30)]
    let ranked = more.rankedMatches(for: SearchQuery("pari", options: options)).map(\.item.searchText)
    #expect(ranked.firstIndex(of: "Parix Heavy")! < ranked.firstIndex(of: "Paris")!)
    #expect(ranked.firstIndex(of: "Baria")! < ranked.firstIndex(of: "Parma")!)
    #expect(ranked.firstIndex(of: "Bari")! < ranked.firstIndex(of: "Baria")!)
  }

  @Test(.offThePool) func oneTypoOutranksTwoWithinAKindWhateverTheWeights() throws {
    let items: [AutocompleteItem] = [
      AutocompleteItem("Pavia", weight: 100),  // exact, 2 typos (r→v, z→a)
      AutocompleteItem("Parmesan", weight: 90),  // prefix "parme", 2 typos
      AutocompleteItem("Parisienne", weight: 50),  // prefix "paris", 1 typo
      AutocompleteItem("Paris", weight: 1),  // exact, 1 typo
      AutocompleteItem("Pariz", weight: 0),  // exact, no typo
    ]
    let options = SearchOptions(maximumCount: -1, typoTolerance: .fixed(2))
    let expected = [
      "Pariz exact 0", "Paris exact 1", "Pavia exact 2", "Parisienne prefix 1", "Parmesan prefix 2",
    ]
    let ranked = items.rankedMatches(for: SearchQuery("pariz", options: options)).map {
      "\($0.item.searchText) \($0.match.kind) \($0.typos)"
    }
    #expect(ranked == expected)
    #expect(
      try SearchIndex(items).search("pariz", options: options).map {
        "\($0.item.searchText) \($0.match.kind) \($0.typos)"
      } == expected)
  }

  @Test(.offThePool) func offAndZeroTyposAnswerAsBefore() throws {
    var rng = SplitMix64(seed: 77)
    let items = TypoIndexTests.randomItems(seed: 5, count: 200)
    let index = SearchIndex(items)
    for mode in MatchMode.allCases {
      for _ in 0..<30 {
        let query = String(
          items.randomElement(using: &rng)!.searchText.prefix(Int.random(in: 0...6, using: &rng)))
        let before = SearchOptions(mode: mode, maximumCount: 20)
        let expected = try index.search(query, options: before).map { "\($0.offset) \($0.match.ranges)" }
        for tolerance in [TypoTolerance.off, .fixed(0)] {
          var options = before
          options.typoTolerance = tolerance
          #expect(
            try index.search(query, options: options).map { "\($0.offset) \($0.match.ranges)" } == expected)
        }
        // Short queries get no typo from `.automatic`.
        if TypoOracle.queryClusters(query, mode: mode).count < 4 {
          var options = before
          options.typoTolerance = .automatic
          #expect(
            try index.search(query, options: options).map { "\($0.offset) \($0.match.ranges)" } == expected)
        }
      }
    }
  }

  @Test(.offThePool) func matchesWithoutTyposAreFoundAndHighlightedAsWithout() {
    // With a budget, the typo matcher answers every match; those without a typo must be the
    // exact matcher's, kind and highlights alike.
    var rng = SplitMix64(seed: 3)
    for mode in [MatchMode.prefix, .exact, .contains, .words] {
      for _ in 0..<300 {
        let text = TypoDifferentialTests.randomText(&rng, length: 0...9)
        let query = String(
          text.dropFirst(Int.random(in: 0...2, using: &rng)).prefix(Int.random(in: 1...6, using: &rng)))
        guard !query.isEmpty else { continue }
        let exact = SearchQuery(query, options: SearchOptions(mode: mode)).match(text)
        let typo = SearchQuery(query, options: SearchOptions(mode: mode, typoTolerance: .fixed(2))).match(
          text)
        if let exact {
          #expect(typo?.typos == 0, "\(mode) \(query.debugDescription) in \(text.debugDescription)")
          #expect(typo?.kind == exact.kind, "\(mode) \(query.debugDescription) in \(text.debugDescription)")
          #expect(
            typo?.ranges == exact.ranges, "\(mode) \(query.debugDescription) in \(text.debugDescription)")
        } else {
          #expect(
            typo.map { $0.typos > 0 } ?? true, "\(mode) \(query.debugDescription) in \(text.debugDescription)"
          )
        }
      }
    }
  }

  @Test(.offThePool) func hostileQueriesAndKeysNeitherCrashNorHang() throws {
    let long = String(repeating: "abcdefghij", count: 2000)
    let items: [AutocompleteItem] = [
      AutocompleteItem(long), "", AutocompleteItem(String(repeating: "e\u{301}", count: 300)),
      AutocompleteItem(String(repeating: "👍🏽", count: 200)), "\u{0}nul", "שלום עולם", "中文字符",
    ]
    let index = SearchIndex(items)
    for mode in [MatchMode.prefix, .exact, .contains, .words] {
      for query in [
        long, long + "x", String(long.dropFirst()), "e\u{301}e\u{301}x", "👍🏽👍🏽👍", "שלוס", "中文子", "\u{0}nux",
      ] {
        let options = SearchOptions(mode: mode, maximumCount: -1, typoTolerance: .fixed(2))
        let linear = items.rankedMatches(for: SearchQuery(query, options: options)).map(\.offset)
        #expect(
          try index.search(query, options: options).map(\.offset) == linear, "\(mode) \(query.prefix(12))")
      }
    }
    // Past 64 characters a query matches without typos; up to it, with.
    #expect(try index.search(long + "x", options: SearchOptions(typoTolerance: .fixed(1))).isEmpty)
    let sixtyFour = String(long.prefix(63)) + "x"
    #expect(try index.search(sixtyFour, options: SearchOptions(typoTolerance: .fixed(1))).first?.typos == 1)
  }

  /// A query word past 64 characters matches without typos, whatever its length and however many
  /// distinct characters it has (no table per character and position is built for it), while the
  /// other words of the query still forgive theirs.
  @Test(.offThePool) func aHugeQueryWordOfManyCharactersMatchesWithoutTypos() throws {
    let huge = String(String.UnicodeScalarView((0..<30_000).compactMap { Unicode.Scalar(0x4E00 + $0) }))
    let items: [AutocompleteItem] = [
      "Zürich", AutocompleteItem(huge + " tokyo"), AutocompleteItem(String(huge.dropLast()) + " tokyo"),
    ]
    let index = SearchIndex(items)
    let options = SearchOptions(mode: .words, maximumCount: -1, typoTolerance: .automatic)
    let found = try index.search(huge + " tokyp", options: options)
    #expect(found.map(\.offset) == [1])
    #expect(found.first?.typos == 1)
    #expect(items.rankedMatches(for: SearchQuery(huge + " tokyp", options: options)).map(\.offset) == [1])
    #expect(try index.search("zurcih", options: options).map(\.offset) == [0])
  }

  @Test(.offThePool) func suggestionsCarryTheTypoCount() throws {
    let results = try SearchIndex(["Zürich", "Zurich Airport"] as [AutocompleteItem]).search(
      "zurcih", options: Self.automatic)
    let rows = results.map(Suggestion.init)
    #expect(rows.map(\.typos) == [1, 1])
    #expect(rows.first?.displayText == "Zürich")
    #expect(rows.first?.highlights.map { String(rows[0].displayText[$0]) } == ["Zürich"])
  }

  @Test(.offThePool) @MainActor func theSessionForgivesTyposInTheFieldAndInTriggerTokens() {
    let people: [AutocompleteItem] = ["Morgan Freeman", "Margot Robbie", "Meryl Streep"]
    let session = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(sessionCities)],
        triggers: [SessionTrigger("@", source: ListSource(people))],
        searchOptions: SearchOptions(mode: .words, typoTolerance: .automatic)))
    session.textChanged("hi @mrogan")
    #expect(session.state.suggestions.map(\.displayText) == ["Morgan Freeman"])
    #expect(session.state.suggestions.first?.typos == 1)
    let field = AutocompleteSession(
      configuration: SessionConfiguration(
        sources: [ListSource(sessionCities)], searchOptions: SearchOptions(typoTolerance: .automatic)))
    field.textChanged("sapporp")
    #expect(field.state.suggestions.map(\.displayText) == ["Sapporo"])
    field.textChanged("sapporo")
    #expect(field.state.suggestions.first?.typos == 0)
  }
}
