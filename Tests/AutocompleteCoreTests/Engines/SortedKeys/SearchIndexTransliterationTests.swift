import Foundation
import TestSupport
import Testing

@testable import AutocompleteCore

/// An index with ``Transliteration/latin`` (issue 37): keys in other scripts found from a Latin
/// keyboard through their readings, ranked below the items' own texts, highlighted on the characters
/// read; queries typed on the wrong layout found too, below the query as typed.
@Suite("SearchIndex transliteration")
struct SearchIndexTransliterationTests {
  let cities: [AutocompleteItem] = [
    "北京", "上海", "Москва", "Екатеринбург", "Київ", "Αθήνα", "Θεσσαλονίκη", "서울", "부산", "とうきょう", "Beirut",
    AutocompleteItem("Peking Duck House", alternateSearchTexts: ["Beijing Duck"]),
  ]

  func top(_ query: String, _ options: SearchOptions = SearchOptions(maximumCount: 5), sorted: Bool = true)
    throws -> [String]
  {
    try SearchIndex(cities, sortsKeys: sorted, transliteration: .latin).search(query, options: options)
      .map(\.item.searchText)
  }

  @Test(
    "Each script is found by its Latin spelling and by prefixes of it, sorted or not",
    .offThePool, arguments: [true, false])
  func scripts(sorted: Bool) throws {
    for (query, city) in [
      ("beijing", "北京"), ("bei jing", "北京"), ("shanghai", "上海"), ("moskva", "Москва"),
      ("yekaterin", "Екатеринбург"), ("kyyiv", "Київ"), ("athina", "Αθήνα"), ("thessaloniki", "Θεσσαλονίκη"),
      ("seoul", "서울"), ("busan", "부산"), ("tokyo", "とうきょう"), ("toukyou", "とうきょう"),
    ] {
      #expect(try top(query, sorted: sorted).first == city, "\(query)")
      #expect(try top(String(query.prefix(3)), sorted: sorted).contains(city), "\(query.prefix(3))")
    }
    let fuzzy = SearchOptions(mode: .fuzzy, maximumCount: 5)
    #expect(try top("msk", fuzzy, sorted: sorted).first == "Москва")
    let contains = SearchOptions(mode: .contains, maximumCount: 5)
    #expect(try top("jing", contains, sorted: sorted).contains("北京"))
  }

  @Test("Pinyin initials find Han keys", .offThePool)
  func initials() throws {
    #expect(try top("bj").first == "北京")
    #expect(try top("sh").contains("上海"))
  }

  @Test("Without the option nothing is read", .offThePool)
  func off() throws {
    let index = SearchIndex(cities)
    #expect(try index.search("bj").isEmpty)
    #expect(try index.search("moskva").isEmpty)
    #expect(try index.search("vjcrdf").isEmpty)
  }

  @Test(
    "A reading ranks below a match of the same kind on the item's own text or alternate keys", .offThePool)
  func ranking() throws {
    // "bei": Beirut (own text) before 北京 (reading), both prefix matches.
    #expect(try top("bei") == ["Beirut", "Peking Duck House", "北京"])
    // "beijing": the alternate "Beijing Duck" before the reading; the exact reading first.
    #expect(try top("beijing") == ["北京", "Peking Duck House"])
    let results = try SearchIndex(cities, transliteration: .latin).search("bei")
    #expect(results.map(\.match.reading) == [nil, nil, "bei jing"])
    // The same order from the list and from the engine's ranking of the items.
    let list = ListSource(cities, transliteration: .latin)
    let suggestions = list.immediateSuggestions(for: SuggestionQuery("bei")) ?? []
    #expect(suggestions.map(\.displayText) == ["Beirut", "Peking Duck House", "北京"])
  }

  @Test("Typos apply to readings", .offThePool)
  func typos() throws {
    let options = SearchOptions(maximumCount: 5, typoTolerance: .automatic)
    #expect(try top("moskwa", options).first == "Москва")
    #expect(try top("thesaloniki", options).first == "Θεσσαλονίκη")
    #expect(try top("yekaterinbur", options).first == "Екатеринбург")
    let result = try #require(
      SearchIndex(cities, transliteration: .latin).search("moskwa", options: options).first)
    #expect(result.match.typos == 1)
    #expect(result.match.reading == "moskva")
  }

  @Test("Highlights fall on the characters read, as String and UTF-16 ranges", .offThePool)
  func highlights() throws {
    let index = SearchIndex(cities, transliteration: .latin)
    let bei = try #require(index.search("bei").last)
    #expect(bei.match.matchedText == "北京")
    #expect(bei.match.ranges.map { String(bei.match.matchedText[$0]) } == ["北"])
    #expect(bei.match.utf16Ranges == [NSRange(location: 0, length: 1)])
    let mos = try #require(index.search("mos").first)
    #expect(mos.match.ranges.map { String(mos.match.matchedText[$0]) } == ["Мос"])
    let bj = try #require(index.search("bj").first)
    #expect(bj.match.ranges.map { String(bj.match.matchedText[$0]) } == ["北京"])
    let fuzzy = try #require(index.search("sl", options: SearchOptions(mode: .fuzzy)).first)
    #expect(fuzzy.match.matchedText == "서울")
    #expect(fuzzy.match.ranges.map { String(fuzzy.match.matchedText[$0]) } == ["서울"])
  }

  @Test("A query typed on the wrong layout is found, below the query as typed", .offThePool)
  func wrongLayout() throws {
    let items: [AutocompleteItem] = [
      "Москва", "Привет", "hello", "Αθήνα", "שלום", "Київ", "vjcrdf bar", "vjcrdf",
    ]
    let index = SearchIndex(items, transliteration: .latin)
    // The kind first: the exact retyped match before the typed prefix one, after the typed exact one.
    #expect(try index.search("vjcrdf").map(\.item.searchText) == ["vjcrdf", "Москва", "vjcrdf bar"])
    #expect(try index.search("vjcrdf").map(\.match.retypedQuery) == [nil, "москва", nil])
    // One letter is not retyped: "b" would be и, in half the Russian words.
    #expect(
      try index.search("b", options: SearchOptions(mode: .contains)).map(\.item.searchText) == ["vjcrdf bar"])
    #expect(try index.search("ghbdtn").map(\.item.searchText) == ["Привет"])
    #expect(try index.search("ghbdtn").first?.match.retypedQuery == "привет")
    #expect(try index.search("руддщ").map(\.item.searchText) == ["hello"])
    #expect(try index.search("auhmf").isEmpty)
    #expect(try index.search("auhn").map(\.item.searchText) == ["Αθήνα"])
    #expect(try index.search("akuo").map(\.item.searchText) == ["שלום"])
    #expect(try index.search("rb]d").map(\.item.searchText) == ["Київ"])
    // Incremental searches and lists do the same.
    let searcher = index.makeSearcher()
    _ = try searcher.search("vj")
    #expect(try searcher.search("vjcrdf").map(\.item.searchText) == ["vjcrdf", "Москва", "vjcrdf bar"])
    let list = ListSource(items, transliteration: .latin)
    #expect(list.immediateSuggestions(for: SuggestionQuery("ghbdtn"))?.map(\.displayText) == ["Привет"])
  }

  @Test(
    "A query with a place name's suffix finds the name through its reading, below the query as typed",
    .offThePool)
  func placeNameSuffix() throws {
    let items: [AutocompleteItem] = ["고양", "청송", "北京", "榆林", "おがわ", "Goyang Stadium", "Goyang-si Hall"]
    let index = SearchIndex(items, transliteration: .latin)
    // The kind first: 고양 equals the stripped query, "Goyang-si Hall" starts with the query as typed.
    #expect(try index.search("goyang-si").map(\.item.searchText) == ["고양", "Goyang-si Hall"])
    #expect(try index.search("goyang-si").map(\.match.retypedQuery) == ["goyang", nil])
    #expect(try index.search("goyang").map(\.item.searchText) == ["고양", "Goyang Stadium", "Goyang-si Hall"])
    #expect(try index.search("cheongsong gun").map(\.item.searchText) == ["청송"])
    #expect(try index.search("beijing-shi").map(\.item.searchText) == ["北京"])
    #expect(try index.search("yulinshi").map(\.item.searchText) == ["榆林"])
    #expect(try index.search("ogawamachi").map(\.item.searchText) == ["おがわ"])
    // Highlights on the characters read, as for any reading.
    let match = try #require(try index.search("goyang-si").first?.match)
    #expect(match.ranges.map { String(match.matchedText[$0]) } == ["고양"])
    // The stripped query reaches readings only: "Goyang Stadium" is not found by "goyang-si".
    #expect(try !index.search("goyang-si").map(\.item.searchText).contains("Goyang Stadium"))
    // Lists answer the same.
    let list = ListSource(items, transliteration: .latin)
    #expect(
      list.immediateSuggestions(for: SuggestionQuery("goyang-si"))?.map(\.displayText) == [
        "고양", "Goyang-si Hall",
      ])
  }

  @Test("Latin-only data answers exactly as without the option (random strings, every mode)", .offThePool)
  func latinUnchanged() throws {
    var generator = SplitMix64(seed: 37)
    let letters = Array("abcdefghij ABC-éü")
    for _ in 0..<20 {
      let items = (0..<200).map { _ in
        AutocompleteItem(
          String(
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in
              letters.randomElement(using: &generator)!
            }),
          alternateSearchTexts: Bool.random(using: &generator)
            ? ["alt " + String(letters.shuffled(using: &generator).prefix(5))] : [],
          weight: Double(Int.random(in: 0...2, using: &generator)))
      }
      let plain = SearchIndex(items)
      let read = SearchIndex(items, transliteration: .latin)
      #expect(read.keyCount == plain.keyCount)
      for mode in MatchMode.allCases {
        for typos in [TypoTolerance.off, .automatic] {
          // Some with a place-name suffix (``PlaceNameSuffixes``), which is tried on readings only.
          let query =
            String(
              (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                letters.randomElement(using: &generator)!
              }) + ["", "", "-si", " city", "shi"].randomElement(using: &generator)!
          let options = SearchOptions(mode: mode, maximumCount: 10, typoTolerance: typos)
          let expected = try plain.search(query, options: options)
          let actual = try read.search(query, options: options)
          #expect(actual.map(\.offset) == expected.map(\.offset), "\(query) \(mode)")
          #expect(actual.map(\.match) == expected.map(\.match), "\(query) \(mode)")
        }
      }
    }
  }

  @Test("The index answers as the engine does over every item (brute force), readings included", .offThePool)
  func oracle() throws {
    var generator = SplitMix64(seed: 7)
    let pool = [
      "北京", "南京", "东京", "Москва", "Минск", "Αθήνα", "서울", "Beirut", "Bern", "Nanjing", "minsk", "とうきょう",
    ]
    for _ in 0..<30 {
      let items = (0..<40).map { _ in
        AutocompleteItem(
          pool.randomElement(using: &generator)!,
          alternateSearchTexts: Bool.random(using: &generator)
            ? [pool.randomElement(using: &generator)!] : [],
          weight: Double(Int.random(in: 0...1, using: &generator)))
      }
      let index = SearchIndex(items, transliteration: .latin)
      for query in ["b", "be", "bei", "nanj", "min", "m", "ath", "seo", "to", "bj", "nj"] {
        for mode in [MatchMode.prefix, .contains, .fuzzy] {
          let options = SearchOptions(mode: mode, maximumCount: 8)
          let prepared = SearchQuery(query, options: options)
          // The engine over every item, then the retyped queries merged: what the index must give.
          var expected = items.rankedMatches(for: prepared, ranking: .standard, transliteration: .latin)
          expected = RetypedQueries.merged(
            expected, query: query, options: options, ranking: .standard, isWorthTrying: { _ in true },
            search: {
              items.rankedMatches(
                for: SearchQuery($0, options: options), ranking: .standard, transliteration: .latin)
            })
          let actual = try index.search(query, options: options)
          #expect(actual.map(\.offset) == expected.map(\.offset), "\(query) \(mode)")
          #expect(actual.map(\.match) == expected.map(\.match), "\(query) \(mode)")
        }
      }
    }
  }
}
