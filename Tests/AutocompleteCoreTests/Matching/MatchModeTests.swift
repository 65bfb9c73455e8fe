import AutocompleteCore
import TestSupport
import Testing

@Suite("Match modes")
struct MatchModeTests {
  func kind(_ query: String, _ text: String, _ mode: MatchMode, caseSensitive: Bool = false) -> MatchKind? {
    SearchQuery(query, options: SearchOptions(mode: mode, isCaseSensitive: caseSensitive)).match(text)?.kind
  }

  func highlighted(_ query: String, _ text: String, _ mode: MatchMode) -> [String] {
    guard let match = SearchQuery(query, options: SearchOptions(mode: mode)).match(text) else { return [] }
    return match.ranges.map { String(text[$0]) }
  }

  @Test(.offThePool) func prefixIsTheDefaultAndFoldsCaseAndDiacritics() {
    #expect(SearchOptions().mode == .prefix)
    #expect(kind("sao", "São Paulo", .prefix) == .prefix)
    #expect(kind("SÃO PAULO", "são paulo", .prefix) == .exact)
    #expect(kind("paulo", "São Paulo", .prefix) == nil)
    #expect(highlighted("sao", "São Paulo", .prefix) == ["São"])
  }

  @Test(.offThePool) func containsClassifiesWhereTheQueryOccurs() {
    #expect(kind("paulo", "São Paulo", .contains) == .wordPrefix)
    #expect(kind("aul", "São Paulo", .contains) == .contains)
    #expect(kind("são", "São Paulo", .contains) == .prefix)
    #expect(kind("xyz", "São Paulo", .contains) == nil)
    // A later occurrence at a word start beats an earlier one inside a word.
    #expect(highlighted("an", "Ghana Anteater", .contains) == ["An"])
  }

  @Test(.offThePool) func suffixAndExact() {
    #expect(kind("paulo", "São Paulo", .suffix) == .wordPrefix)
    #expect(kind("ulo", "São Paulo", .suffix) == .contains)
    #expect(kind("são", "São Paulo", .suffix) == nil)
    #expect(kind("sao paulo", "São Paulo", .exact) == .exact)
    #expect(kind("sao paul", "São Paulo", .exact) == nil)
  }

  @Test(.offThePool) func wordsMatchInAnyOrder() {
    #expect(kind("paulo sao", "São Paulo", .words) == .wordPrefix)
    #expect(kind("pa sa", "São Paulo", .words) == .wordPrefix)
    #expect(kind("sao pa", "São Paulo", .words) == .prefix)
    #expect(kind("aulo sao", "São Paulo", .words) == nil)
    #expect(highlighted("paulo sao", "São Paulo", .words) == ["São", "Paulo"])
  }

  @Test(.offThePool) func fuzzyFindsCharactersInOrderAndPrefersWordStarts() {
    #expect(kind("spo", "São Paulo", .fuzzy) == .fuzzy)
    #expect(kind("ops", "São Paulo", .fuzzy) == nil)
    #expect(highlighted("spo", "São Paulo", .fuzzy) == ["S", "P", "o"])
    let boundary = SearchQuery("fb", options: SearchOptions(mode: .fuzzy)).match("foo bar")!.score
    let inner = SearchQuery("fb", options: SearchOptions(mode: .fuzzy)).match("fxxxxb")!.score
    #expect(boundary > inner)
    let camel = SearchQuery("fb", options: SearchOptions(mode: .fuzzy)).match("fooBar")!.score
    let flat = SearchQuery("fb", options: SearchOptions(mode: .fuzzy)).match("foobar")!.score
    #expect(camel > flat)
  }

  @Test(.offThePool) func caseSensitiveCountsCaseAndDiacritics() {
    #expect(kind("sao", "São Paulo", .prefix, caseSensitive: true) == nil)
    #expect(kind("São", "São Paulo", .prefix, caseSensitive: true) == .prefix)
    #expect(kind("são", "São Paulo", .prefix, caseSensitive: true) == nil)
  }

  @Test(.offThePool) func wildcardSwitchesPickTheRVSModes() {
    #expect(MatchMode(wildcardBefore: false, wildcardAfter: true) == .prefix)
    #expect(MatchMode(wildcardBefore: true, wildcardAfter: true) == .contains)
    #expect(MatchMode(wildcardBefore: true, wildcardAfter: false) == .suffix)
    #expect(MatchMode(wildcardBefore: false, wildcardAfter: false) == .exact)
  }

  @Test(.offThePool) func wildcardPropertiesRoundTripTheRVSModes() {
    for mode in [MatchMode.prefix, .contains, .suffix, .exact] {
      #expect(MatchMode(wildcardBefore: mode.isWildcardBefore, wildcardAfter: mode.isWildcardAfter) == mode)
    }
    #expect(MatchMode.fuzzy.isWildcardBefore && MatchMode.fuzzy.isWildcardAfter)
    #expect(MatchMode.words.isWildcardBefore && MatchMode.words.isWildcardAfter)
  }

  @Test(.offThePool) func limitDefaultsToFiveAndNegativeMeansUnlimited() {
    #expect(SearchOptions().limit == 5)
    #expect(SearchOptions(maximumCount: -1).limit == nil)
    #expect(SearchOptions(maximumCount: nil).limit == nil)
    #expect(SearchOptions(maximumCount: 0).limit == 0)
  }

  @Test(.offThePool, arguments: MatchMode.allCases)
  func oddInputNeverCrashes(mode: MatchMode) {
    let texts = [
      "", "\u{0}", "a\u{0}b", "👨‍👩‍👧‍👦 family", "🇻🇳", "e\u{301}\u{301}\u{301}", "שלום עולם", "مرحبا",
      String(repeating: "ab", count: 50_000),
    ]
    for text in texts {
      for query in ["", "a", "\u{0}", "👨‍👩‍👧‍👦", "e", "ש", String(repeating: "b", count: 1000)] {
        let match = SearchQuery(query, options: SearchOptions(mode: mode)).match(text)
        for range in match?.ranges ?? [] {
          #expect(range.lowerBound >= text.startIndex && range.upperBound <= text.endIndex)
        }
      }
    }
  }

  @Test(.offThePool) func highlightRangesConvertToUTF16() {
    let match = SearchQuery("paulo", options: SearchOptions(mode: .contains)).match("São Paulo")!
    #expect(match.utf16Ranges.map(\.location) == [4])
    #expect(match.utf16Ranges.map(\.length) == [5])
  }
}
