import TestSupport
import Testing

@testable import AutocompleteCore

/// The query without a place name's romanized administrative suffix (issue 37), tried on readings.
@Suite("PlaceNameSuffixes")
struct PlaceNameSuffixesTests {
  @Test("A suffix after a space or hyphen is taken off, the longer ones also off a word's end", .offThePool)
  func stripped() {
    #expect(PlaceNameSuffixes.stripped("goyang-si") == "goyang")
    #expect(PlaceNameSuffixes.stripped("Cheongsong gun") == "cheongsong")
    #expect(PlaceNameSuffixes.stripped("Kashima-shi") == "kashima")
    #expect(PlaceNameSuffixes.stripped("jeju city ") == "jeju")
    #expect(PlaceNameSuffixes.stripped("wen xian") == "wen")
    #expect(PlaceNameSuffixes.stripped("uijeongbu - si") == "uijeongbu")
    #expect(PlaceNameSuffixes.stripped("yulinshi") == "yulin")
    #expect(PlaceNameSuffixes.stripped("ogawamachi") == "ogawa")
    #expect(PlaceNameSuffixes.stripped("pyeongchanggun") == "pyeongchang")
  }

  @Test("No suffix, too little left, or not ASCII letters: nothing to try", .offThePool)
  func notStripped() {
    for query in [
      "seoul", "si", "-si", "a-si", "kushi", "busan", "goyang-", "москва-si", "beijing-shi2", "café-si", "",
      "yokohama-s",
    ] {
      #expect(PlaceNameSuffixes.stripped(query) == nil, "\(query)")
    }
  }
}
