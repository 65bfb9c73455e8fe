import AutocompleteCore
import TestSupport
import Testing

/// Within one match kind, a match on an item's own search text ranks above a match on an alternate
/// key, and weight orders within each group — for the index, for a plain collection and for
/// `bestMatch`.
@Suite("Ranking: search text before alternate keys")
struct RankingTests {
  /// Perth is heavier, but only its alternate name starts with "par".
  let items: [AutocompleteItem] = [
    AutocompleteItem("Perth", alternateSearchTexts: ["paratha"], weight: 2_000_000),
    AutocompleteItem("Paris", weight: 1_000_000),
    AutocompleteItem("Parma", weight: 200_000),
    AutocompleteItem("Shanghai", alternateSearchTexts: ["Paradise"], weight: 20_000_000),
  ]

  func names(_ results: [SearchResult<AutocompleteItem>]) -> [String] {
    results.map(\.item.searchText)
  }

  @Test(.offThePool, arguments: [MatchMode.prefix, .contains, .words, .fuzzy])
  func ownNameBeforeAlternateThenWeight(mode: MatchMode) throws {
    let options = SearchOptions(mode: mode, maximumCount: 10)
    let expected = ["Paris", "Parma", "Shanghai", "Perth"]
    #expect(names(try SearchIndex(items).search("par", options: options)) == expected)
    #expect(names(try SearchIndex(items, sortsKeys: false).search("par", options: options)) == expected)
    #expect(names(items.rankedMatches(for: SearchQuery("par", options: options))) == expected)
  }

  @Test(.offThePool) func limitedSearchKeepsTheOwnNameMatches() throws {
    let options = SearchOptions(maximumCount: 2)
    #expect(names(try SearchIndex(items).search("par", options: options)) == ["Paris", "Parma"])
  }

  @Test(.offThePool) func kindStillComesFirst() throws {
    // An exact match on an alternate beats a prefix match on a search text.
    let options = SearchOptions(maximumCount: 10)
    let results = try SearchIndex(items).search("paratha", options: options)
    #expect(names(results) == ["Perth"])
    let both = try SearchIndex(items + [AutocompleteItem("Parathas")]).search("paratha", options: options)
    #expect(names(both) == ["Perth", "Parathas"])
    #expect(both.first?.match.kind == .exact)
  }

  @Test(.offThePool) func fuzzyOwnNameBeforeBetterScoredAlternate() throws {
    let fuzzy = [
      AutocompleteItem("xaxbxc", weight: 1),
      AutocompleteItem("zzz", alternateSearchTexts: ["abc-tail"], weight: 100),
    ]
    let options = SearchOptions(mode: .fuzzy, maximumCount: 10)
    let results = try SearchIndex(fuzzy).search("abc", options: options)
    // Every fuzzy match is of the fuzzy kind, ranked by fzf's score (issue 38): within the kind the
    // own name comes before an alternate, however much better the alternate scores.
    #expect(names(results) == ["xaxbxc", "zzz"])
    #expect(results.map(\.match.kind) == [.fuzzy, .fuzzy])
    let scattered = try SearchIndex(fuzzy).search("ac", options: options)
    #expect(names(scattered) == ["xaxbxc", "zzz"])
    #expect(scattered.map(\.match.keyIndex) == [0, 1])
  }

  @Test(.offThePool) func bestMatchPrefersTheSearchTextWithinAKind() {
    let query = SearchQuery("ac", options: SearchOptions(mode: .fuzzy))
    let match = query.bestMatch(searchText: "a-b-c", alternates: ["abc"])
    #expect(match?.keyIndex == 0)
    #expect(match?.kind == .fuzzy)
  }

  @Test(.offThePool) func customRankingSeesTheKeyIndex() throws {
    let alternatesFirst = SearchRanking.custom { lhs, rhs in
      if lhs.isAlternate != rhs.isAlternate { return lhs.isAlternate }
      return lhs.offset < rhs.offset
    }
    let results = try SearchIndex(items).search(
      "par", options: SearchOptions(maximumCount: 10), ranking: alternatesFirst)
    #expect(names(results) == ["Perth", "Shanghai", "Paris", "Parma"])
  }
}
